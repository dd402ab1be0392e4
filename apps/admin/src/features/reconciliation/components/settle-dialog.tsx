import {
  DIFFERENCE_KIND_LABELS,
  type ReconciliationDifference,
  reconciliationSettleRequestSchema,
  SETTLE_ACTION_LABELS,
  settleActionOf,
} from '@shop/domain';
import { Alert, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { zodRule } from '@/lib/zod-rule';

/** What settling a kind does, told before the click (ADR 036). */
const EXPLAIN = {
  settle_payment:
    '将按渠道确认的款项为该交易补单入账（与迟到的支付通知相同），订单变为已付款或款项计入余额。',
  resolve: '仅标记为已处理，不改动订单与款项；请写明核实结果与处理方式。',
} as const;

/** Asks for the note of a settlement and says what it will do. */
export function SettleDialog({
  difference,
  pending,
  onSettle,
  onClose,
}: {
  difference: ReconciliationDifference | undefined;
  pending: boolean;
  onSettle: (note: string) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ note: string }>();
  useEffect(() => {
    if (difference) form.resetFields();
  }, [difference, form]);
  const action = difference ? settleActionOf(difference.kind) : 'resolve';
  return (
    <Modal
      title={difference ? `处理差异：${DIFFERENCE_KIND_LABELS[difference.kind]}` : '处理差异'}
      open={difference !== undefined}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={SETTLE_ACTION_LABELS[action]}
      cancelText="取消"
      confirmLoading={pending}
      forceRender
    >
      {difference ? (
        <Alert
          type={action === 'settle_payment' ? 'warning' : 'info'}
          showIcon
          style={{ marginBottom: 16 }}
          title={`交易号 ${difference.tradeNo}${difference.refundNo ? `，退款单号 ${difference.refundNo}` : ''}`}
          description={EXPLAIN[action]}
        />
      ) : null}
      <Form form={form} layout="vertical" name="settle-difference" onFinish={({ note }) => onSettle(note)}>
        <Form.Item
          label="处理说明（记入操作日志）"
          name="note"
          rules={[zodRule(reconciliationSettleRequestSchema.shape.note)]}
        >
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            placeholder="如：支付通知丢失，已按渠道账单补单"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
