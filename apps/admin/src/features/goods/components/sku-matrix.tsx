import {
  GOODS_EDIT_LIMITS,
  goodsSkuInputSchema,
  preOrderText,
  SKU_STATUS_LABELS,
  SkuStatus,
  StockUse,
  stockNumberHint,
  stockNumberNote,
  stockUse,
} from '@shop/domain';
import { Button, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { zodRule } from '@/lib/zod-rule';
import { breakLabel, PRICE_CELLS, type SkuRow } from './goods-form-model';

const CELL_OPTIONS = PRICE_CELLS.map(({ cell, currency, level }) => ({
  value: cell,
  label: `${currency} ${level}级`,
}));

/**
 * A SKU's volume prices (ADR 050): the count in the matrix, edited in a dialog as rows of price cell, starting
 * quantity and price; the server refuses a break without a single price in its cell, or a starting quantity twice.
 */
function BreaksEditor({ row }: { row: SkuRow & { index: number } }) {
  const [open, setOpen] = useState(false);
  const breaks = (row.breaks ?? []).filter((b) => b.minQty !== null && b.price !== null);
  return (
    <>
      <Button
        size="small"
        onClick={() => setOpen(true)}
        aria-label={`SKU ${row.index + 1} 阶梯价`}
        title={breaks.map(breakLabel).join('\n')}
      >
        {breaks.length > 0 ? `${breaks.length} 档` : '设置'}
      </Button>
      <Modal
        open={open}
        title={`阶梯价：${row.code || `SKU ${row.index + 1}`}`}
        onCancel={() => setOpen(false)}
        onOk={() => setOpen(false)}
        okText="完成"
        cancelButtonProps={{ style: { display: 'none' } }}
        forceRender
        width={560}
      >
        <Typography.Paragraph type="secondary">
          买到起始数量起按阶梯价计（同一币种和等级须先有单价）；促销在阶梯价之后计算。
        </Typography.Paragraph>
        <Form.List name={['skus', row.index, 'breaks']}>
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <Space key={field.key} align="baseline" wrap>
                  <Form.Item
                    name={[field.name, 'cell']}
                    rules={[{ required: true, message: '请选择币种和等级' }]}
                  >
                    <Select
                      aria-label={`第${i + 1}档 币种和等级`}
                      options={CELL_OPTIONS}
                      style={{ width: 130 }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'minQty']}
                    rules={[
                      { required: true, type: 'integer', min: 2, message: '起始数量须为不小于2的整数' },
                    ]}
                  >
                    <InputNumber
                      aria-label={`第${i + 1}档 起始数量`}
                      min={2}
                      max={9999}
                      precision={0}
                      suffix="件起"
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'price']}
                    rules={[{ required: true, type: 'number', min: 0.01, message: '阶梯价须大于0' }]}
                  >
                    <InputNumber
                      aria-label={`第${i + 1}档 价格`}
                      min={0.01}
                      max={GOODS_EDIT_LIMITS.priceMax / 100}
                      precision={2}
                    />
                  </Form.Item>
                  <Button type="link" danger onClick={() => remove(field.name)}>
                    删除
                  </Button>
                </Space>
              ))}
              <Button onClick={() => add({ cell: 'CNY37', minQty: null, price: null })}>添加一档</Button>
            </>
          )}
        </Form.List>
      </Modal>
    </>
  );
}

/** One whole number of a SKU's quantity rule; empty means the default (1, or no maximum). */
function RuleField({
  row,
  field,
  label,
}: {
  row: SkuRow & { index: number };
  field: 'minQty' | 'stepQty' | 'maxQty';
  label: string;
}) {
  return (
    <Form.Item
      name={['skus', row.index, field]}
      rules={[{ type: 'integer', min: 1, message: `${label}须为正整数` }]}
    >
      <InputNumber
        aria-label={`SKU ${row.index + 1} ${label}`}
        min={1}
        max={9999}
        precision={0}
        placeholder={field === 'maxQty' ? '不限' : '1'}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}

/**
 * A 可预订 SKU's expected arrival day, a native date input ('YYYY-MM-DD', empty for none) with the words the shop
 * shows beside it under it. Other statuses sell from stock, so their day is kept but greyed out.
 */
function ExpectedDateField({ row }: { row: SkuRow & { index: number } }) {
  const byBook = row.status === SkuStatus.ByBook;
  return (
    <Form.Item
      name={['skus', row.index, 'expectedDate']}
      rules={[zodRule(goodsSkuInputSchema.shape.expectedDate)]}
      extra={
        byBook ? <Typography.Text type="secondary">{preOrderText(row.expectedDate)}</Typography.Text> : null
      }
    >
      <Input
        type="date"
        aria-label={`SKU ${row.index + 1} 预计到货`}
        disabled={!byBook}
        title={byBook ? undefined : '仅「可预订」的 SKU 填写预计到货日期'}
      />
    </Form.Item>
  );
}

const STATUS_OPTIONS = Object.values(SkuStatus).map((value) => ({ value, label: SKU_STATUS_LABELS[value] }));
const required = (message: string) => ({ required: true, message });

/**
 * What the shop does with a SKU's stock number under the status chosen for it now (the domain's StockUse), under
 * the number: staff who set 600 on an 有货 SKU read that the shop sells it without limit.
 */
function StockNumberHint({ status }: { status: number | undefined }) {
  if (status === undefined || status === null) return null;
  return (
    <Typography.Text
      type={stockUse(status) === StockUse.Ignored ? 'warning' : 'secondary'}
      title={stockNumberNote(status)}
    >
      {stockNumberHint(status)}
    </Typography.Text>
  );
}

/**
 * The SKU matrix (one row per combination of the attributes' values, built by the editor): per row its code,
 * weight, sale status, stock, expected arrival day (可预订), quantity rule and volume prices, and a price grid
 * AUD/CNY × member levels 37/38/39, in dollars and yuan.
 */
export function SkuMatrix({ rows }: { rows: readonly SkuRow[] }) {
  return (
    <Table<SkuRow & { index: number }>
      rowKey="key"
      size="small"
      pagination={false}
      scroll={{ x: 1990 }}
      dataSource={rows.map((r, index) => ({ ...r, index }))}
      locale={{ emptyText: '填写规格后生成 SKU' }}
      columns={[
        {
          title: '规格',
          fixed: 'left',
          width: 110,
          render: (_, r) => (
            <>
              <Typography.Text>{Object.values(r.property).join(' / ') || '默认'}</Typography.Text>
              {r.ordered && (
                <Tag color="blue" title="已有订单：移出后保留为不可售">
                  有订单
                </Tag>
              )}
            </>
          ),
        },
        {
          title: 'SKU 编码',
          width: 160,
          render: (_, r) => (
            <Form.Item name={['skus', r.index, 'code']} rules={[required('请填写 SKU 编码')]} noStyle={false}>
              <Input aria-label={`SKU ${r.index + 1} 编码`} maxLength={40} />
            </Form.Item>
          ),
        },
        {
          title: '条码',
          width: 150,
          render: (_, r) => (
            <Form.Item name={['skus', r.index, 'barcode']}>
              <Input
                aria-label={`SKU ${r.index + 1} 条码`}
                placeholder="EAN-13 等，选填"
                maxLength={20}
                inputMode="numeric"
              />
            </Form.Item>
          ),
        },
        {
          title: '重量(克)',
          width: 110,
          render: (_, r) => (
            <Form.Item name={['skus', r.index, 'weight']}>
              <InputNumber
                aria-label={`SKU ${r.index + 1} 重量`}
                min={0}
                max={GOODS_EDIT_LIMITS.weightMax}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
          ),
        },
        {
          title: '销售状态',
          width: 130,
          render: (_, r) => (
            <Form.Item name={['skus', r.index, 'status']} rules={[required('请选择销售状态')]}>
              <Select aria-label={`SKU ${r.index + 1} 销售状态`} options={STATUS_OPTIONS} />
            </Form.Item>
          ),
        },
        {
          title: '库存',
          width: 130,
          render: (_, r) => (
            <Form.Item
              name={['skus', r.index, 'stock']}
              rules={[{ type: 'integer', min: 0, message: '库存须为不小于0的整数' }]}
              extra={<StockNumberHint status={r.status} />}
            >
              <InputNumber
                aria-label={`SKU ${r.index + 1} 库存`}
                min={0}
                max={GOODS_EDIT_LIMITS.stockMax}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
          ),
        },
        {
          title: '预计到货',
          width: 160,
          render: (_, r) => <ExpectedDateField row={r} />,
        },
        {
          title: '起订量',
          width: 90,
          render: (_, r) => <RuleField row={r} field="minQty" label="起订量" />,
        },
        {
          title: '每箱件数',
          width: 90,
          render: (_, r) => <RuleField row={r} field="stepQty" label="每箱件数" />,
        },
        {
          title: '限购',
          width: 90,
          render: (_, r) => <RuleField row={r} field="maxQty" label="限购数量" />,
        },
        {
          title: '阶梯价',
          width: 90,
          render: (_, r) => <BreaksEditor row={r} />,
        },
        ...PRICE_CELLS.map(({ cell, currency, level }) => ({
          title: `${currency} ${level}`,
          width: 105,
          render: (_: unknown, r: SkuRow & { index: number }) => (
            <Form.Item
              name={['skus', r.index, 'prices', cell]}
              rules={[{ type: 'number' as const, min: 0, message: '价格不能小于0' }]}
            >
              <InputNumber
                aria-label={`SKU ${r.index + 1} ${currency} ${level} 价格`}
                min={0}
                max={GOODS_EDIT_LIMITS.priceMax / 100}
                precision={2}
                prefix={currency === 'AUD' ? '$' : '¥'}
                style={{ width: '100%' }}
              />
            </Form.Item>
          ),
        })),
      ]}
    />
  );
}
