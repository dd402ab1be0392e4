import {
  GOODS_EDIT_LIMITS,
  SKU_STATUS_LABELS,
  SkuStatus,
  StockUse,
  stockNumberHint,
  stockNumberNote,
  stockUse,
} from '@shop/domain';
import { Form, Input, InputNumber, Select, Table, Tag, Typography } from 'antd';
import { PRICE_CELLS, type SkuRow } from './goods-form-model';

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
 * weight, sale status, stock and a price grid AUD/CNY × member levels 37/38/39, in dollars and yuan.
 */
export function SkuMatrix({ rows }: { rows: readonly SkuRow[] }) {
  return (
    <Table<SkuRow & { index: number }>
      rowKey="key"
      size="small"
      pagination={false}
      scroll={{ x: 1320 }}
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
