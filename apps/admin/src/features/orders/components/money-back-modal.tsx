import { type AdminOrderDetail, type Currency, formatPrice, InvalidAmountError, toMinor } from '@shop/domain';
import { Alert, Form, Input, Modal } from 'antd';
import { useCancelPaid } from '../api/cancel-paid';
import { useRefundOrder } from '../api/refund-order';

interface Values {
  amount?: string;
  reason?: string;
}

/**
 * Cancel with refund, or a partial refund, after the staff member has read what will happen. The refund sends
 * the refunded total it showed, so a second click of the same refund refunds nothing.
 */
export function MoneyBackModal({
  order,
  kind,
  onClose,
}: {
  order: AdminOrderDetail;
  kind: 'cancel' | 'refund';
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const cancel = useCancelPaid();
  const refund = useRefundOrder();
  const currency = (order.paidCurrency ?? order.currency) as Currency;
  const refundable = (order.paidAmount ?? 0) - order.refundedAmount;
  const pending = cancel.isPending || refund.isPending;
  const submit = (values: Values) => {
    const reason = values.reason?.trim() || undefined;
    if (kind === 'cancel') {
      cancel.mutate({ orderNo: order.orderNo, reason }, { onSuccess: () => onClose() });
      return;
    }
    refund.mutate(
      {
        orderNo: order.orderNo,
        amount: toMinor(values.amount ?? ''),
        refundedBefore: order.refundedAmount,
        reason,
      },
      { onSuccess: () => onClose() },
    );
  };
  return (
    <Modal
      open
      title={kind === 'cancel' ? `取消订单并退款：${order.orderNo}` : `部分退款：${order.orderNo}`}
      okText={kind === 'cancel' ? '确认取消订单' : '确认退款'}
      okButtonProps={{ danger: true, disabled: pending }}
      cancelText="返回"
      confirmLoading={pending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        className="form-alert"
        title={
          kind === 'cancel'
            ? `订单将取消，库存退回，未退金额 ${formatPrice(refundable, currency)} 退回会员余额。此操作不能撤销。`
            : `可退金额 ${formatPrice(refundable, currency)}（已付 ${formatPrice(order.paidAmount ?? 0, currency)}，已退 ${formatPrice(order.refundedAmount, currency)}），退回会员余额。`
        }
      />
      <Form<Values> form={form} layout="vertical" name="money-back" onFinish={submit}>
        {kind === 'refund' && (
          <Form.Item
            label={`退款金额（${currency === 'AUD' ? '澳币' : '人民币'}元）`}
            name="amount"
            rules={[
              { required: true, message: '请输入退款金额' },
              {
                validator: async (_rule, value: string | undefined) => {
                  if (!value) return;
                  let minor: number;
                  try {
                    minor = toMinor(value);
                  } catch (error) {
                    if (error instanceof InvalidAmountError)
                      throw new Error('退款金额须为大于0、最多两位小数的数字');
                    throw error;
                  }
                  if (minor <= 0) throw new Error('退款金额须大于0');
                  if (minor > refundable)
                    throw new Error(`退款金额超过可退金额 ${formatPrice(refundable, currency)}`);
                },
              },
            ]}
          >
            <Input inputMode="decimal" placeholder="如 12.50" />
          </Form.Item>
        )}
        <Form.Item label="原因" name="reason" rules={[{ max: 100, message: '原因最多100个字符' }]}>
          <Input placeholder={kind === 'cancel' ? '如 缺货' : '如 破损补偿'} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
