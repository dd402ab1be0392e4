import {
  type AdminStockRow,
  adminStockAdjustRequestSchema,
  STOCK_ADJUST_MODE_LABELS,
  STOCK_ADJUST_MODES,
  type StockAdjustMode,
  StockUse,
  stockNumberNote,
  stockUse,
} from '@shop/domain';
import { Alert, Form, Input, InputNumber, Radio, Typography } from 'antd';
import { useState } from 'react';
import { FormModal } from '@/components/form-modal';
import { zodRule } from '@/lib/zod-rule';
import { useAdjustStock } from '../api/stock';

interface Values {
  mode: StockAdjustMode;
  amount: number;
  reason: string;
}

/**
 * Sets a SKU's stock or adds to or takes from it, with the reason the ledger keeps. One request id per dialog:
 * a retry or a double click of 确认调整 adjusts once. A SKU whose status does not sell by the number (有货, 缺货,
 * 不可售) says so first: the new number changes nothing a shopper may buy.
 */
export function AdjustModal({ row, onClose }: { row: AdminStockRow; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [requestId] = useState(() => crypto.randomUUID());
  const adjust = useAdjustStock();
  const mode = Form.useWatch('mode', form) ?? 'add';
  const amount = Form.useWatch('amount', form);
  const after =
    typeof amount === 'number'
      ? mode === 'set'
        ? amount
        : mode === 'add'
          ? row.stock + amount
          : row.stock - amount
      : undefined;
  return (
    <FormModal<Values>
      title={`调整库存：${row.skuCode}`}
      okText="确认调整"
      pending={adjust.isPending}
      onClose={onClose}
      form={form}
      name="adjust-stock"
      initialValues={{ mode: 'add' }}
      onFinish={(values) =>
        adjust.mutate(
          {
            skuCode: row.skuCode,
            mode: values.mode,
            amount: values.amount,
            reason: values.reason.trim(),
            requestId,
          },
          { onSuccess: () => onClose() },
        )
      }
    >
      {stockUse(row.status) === StockUse.Ignored && (
        <Alert type="warning" showIcon className="form-alert" title={stockNumberNote(row.status)} />
      )}
      <Typography.Paragraph>
        {row.goodsName} {row.skuName && row.skuName !== row.goodsName ? row.skuName : ''}
        <br />
        当前库存 <Typography.Text strong>{row.stock}</Typography.Text>
        {after !== undefined && (
          <>
            {' '}
            → 调整后{' '}
            <Typography.Text strong type={after < 0 ? 'danger' : undefined}>
              {after}
            </Typography.Text>
          </>
        )}
      </Typography.Paragraph>
      <Form.Item name="mode" label="调整方式">
        <Radio.Group
          optionType="button"
          options={STOCK_ADJUST_MODES.map((m) => ({ value: m, label: STOCK_ADJUST_MODE_LABELS[m] }))}
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label="数量"
        rules={[
          { required: true, message: '请输入数量' },
          ({ getFieldValue }) => ({
            validator: async (_rule: unknown, value: number | null | undefined) => {
              if (value === undefined || value === null) return;
              const how: StockAdjustMode = getFieldValue('mode');
              if (how !== 'set' && value <= 0) throw new Error('增加或减少的数量须大于0');
              if (how === 'sub' && value > row.stock)
                throw new Error(`当前库存 ${row.stock}，不能减少 ${value}`);
            },
          }),
        ]}
        dependencies={['mode']}
      >
        <InputNumber min={0} max={1_000_000} precision={0} className="full-width" />
      </Form.Item>
      <Form.Item
        name="reason"
        label="原因"
        rules={[zodRule(adminStockAdjustRequestSchema.shape.reason, '原因')]}
      >
        <Input maxLength={200} placeholder="如 到货、盘点、破损" />
      </Form.Item>
    </FormModal>
  );
}
