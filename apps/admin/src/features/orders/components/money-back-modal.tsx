import {
  type AdminOrderDetail,
  type Currency,
  formatAmount,
  formatPrice,
  InvalidAmountError,
  type RefundLine,
  refundableAmount,
  refundOfLines,
  toMajor,
  toMinor,
} from '@shop/domain';
import { Alert, Form, Input, InputNumber, Modal, Radio, Table, Typography } from 'antd';
import { useState } from 'react';
import { useCancelPaid } from '../api/cancel-paid';
import { useRefundOrder } from '../api/refund-order';

interface Values {
  amount?: string;
  reason?: string;
}

type By = 'amount' | 'lines';

/** Where the money goes, in the words staff read before confirming. */
function destination(order: AdminOrderDetail): string {
  if (order.refundTo === 'channel')
    return `按原支付方式（${order.payChannelName ?? order.payChannel}）原路退回，渠道确认前显示退款中`;
  if (order.refundTo === 'account') return '先冲减公司账期账单的未付金额，公司已付的部分退回下单会员余额';
  return '退回会员余额';
}

/**
 * Cancel with refund, or a partial refund (an amount in 元, or chosen lines whose amount is shown before
 * confirming), after the staff member has read where the money goes. The refund sends the refunded total it
 * showed, so a second click of the same refund refunds nothing. A channel's refusal comes back as the request's
 * error with the channel's reason (a toast), and nothing changed.
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
  const [by, setBy] = useState<By>('amount');
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const cancel = useCancelPaid();
  const refund = useRefundOrder();
  const currency = (order.paidCurrency ?? order.currency) as Currency;
  const refundable = refundableAmount(order);
  const pending = cancel.isPending || refund.isPending;
  const lines: RefundLine[] = Object.entries(chosen)
    .filter(([, qty]) => qty > 0)
    .map(([itemId, qty]) => ({ itemId: Number(itemId), qty }));
  let linesAmount: number | null = null;
  let linesProblem: string | null = null;
  if (by === 'lines' && lines.length > 0) {
    try {
      linesAmount = refundOfLines(
        {
          totalAmount: order.totalAmount,
          paidAmount: order.paidAmount ?? 0,
          shippingAmount: order.shippingAmount,
          gstAmount: order.gstAmount,
          gstIncluded: order.gstIncluded,
          promotionsAmount: order.promotionsAmount,
          items: order.items,
        },
        lines,
      );
      if (linesAmount > refundable)
        linesProblem = `退款金额超过可退金额 ${formatPrice(refundable, currency)}`;
    } catch (error) {
      linesProblem = (error as Error).message;
    }
  }
  const submit = (values: Values) => {
    const reason = values.reason?.trim() || undefined;
    if (kind === 'cancel') {
      cancel.mutate({ orderNo: order.orderNo, reason }, { onSuccess: () => onClose() });
      return;
    }
    const refundedBefore = toMajor(order.refundedAmount + order.refundingAmount);
    if (by === 'lines') {
      if (lines.length === 0 || linesProblem !== null) return;
      refund.mutate(
        { orderNo: order.orderNo, lines, refundedBefore, reason },
        { onSuccess: () => onClose() },
      );
      return;
    }
    refund.mutate(
      { orderNo: order.orderNo, amount: toMajor(toMinor(values.amount ?? '')), refundedBefore, reason },
      { onSuccess: () => onClose() },
    );
  };
  const refundableItems = order.items.filter((i) => !i.isGift);
  return (
    <Modal
      open
      title={kind === 'cancel' ? `取消订单并退款：${order.orderNo}` : `部分退款：${order.orderNo}`}
      okText={kind === 'cancel' ? '确认取消订单' : '确认退款'}
      okButtonProps={{
        danger: true,
        disabled:
          pending || (kind === 'refund' && by === 'lines' && (linesAmount === null || linesProblem !== null)),
      }}
      cancelText="返回"
      confirmLoading={pending}
      onCancel={onClose}
      onOk={() => form.submit()}
      width={640}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        className="form-alert"
        title={
          kind === 'cancel'
            ? `订单将取消，库存退回，未退金额 ${formatPrice(refundable, currency)} ${destination(order)}。此操作不能撤销。`
            : `可退金额 ${formatPrice(refundable, currency)}（已付 ${formatPrice(order.paidAmount ?? 0, currency)}，已退 ${formatPrice(order.refundedAmount, currency)}${order.refundingAmount > 0 ? `，退款中 ${formatPrice(order.refundingAmount, currency)}` : ''}），${destination(order)}。`
        }
      />
      <Form<Values> form={form} layout="vertical" name="money-back" onFinish={submit}>
        {kind === 'refund' && (
          <Form.Item label="退款方式">
            <Radio.Group
              value={by}
              onChange={(e) => setBy(e.target.value as By)}
              optionType="button"
              options={[
                { value: 'amount', label: '按金额' },
                { value: 'lines', label: '按商品' },
              ]}
            />
          </Form.Item>
        )}
        {kind === 'refund' && by === 'amount' && (
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
        {kind === 'refund' && by === 'lines' && (
          <Form.Item label="选择退款的商品与件数" required>
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              scroll={{ x: 480 }}
              dataSource={refundableItems}
              columns={[
                { title: '商品', render: (_, i) => `${i.name}${i.skuName ? ` ${i.skuName}` : ''}` },
                {
                  title: '单价',
                  width: 100,
                  render: (_, i) => formatPrice(i.unitPrice, order.currency as Currency),
                },
                { title: '数量', dataIndex: 'qty', width: 60 },
                {
                  title: '退款件数',
                  width: 110,
                  render: (_, i) => (
                    <InputNumber
                      aria-label={`退款件数 ${i.name}`}
                      min={0}
                      max={i.qty}
                      precision={0}
                      value={chosen[i.id] ?? 0}
                      onChange={(qty) => setChosen((c) => ({ ...c, [i.id]: qty ?? 0 }))}
                    />
                  ),
                },
              ]}
            />
            <Typography.Paragraph className="refund-lines-total" data-testid="refund-lines-amount">
              {linesProblem ? (
                <Typography.Text type="danger">{linesProblem}</Typography.Text>
              ) : linesAmount === null ? (
                <Typography.Text type="secondary">请选择商品与件数</Typography.Text>
              ) : (
                <>
                  本次退款 <Typography.Text strong>{formatPrice(linesAmount, currency)}</Typography.Text>
                  <Typography.Text type="secondary">
                    （{formatAmount(linesAmount)} 元，按商品占实付的比例计算）
                  </Typography.Text>
                </>
              )}
            </Typography.Paragraph>
          </Form.Item>
        )}
        <Form.Item label="原因" name="reason" rules={[{ max: 100, message: '原因最多100个字符' }]}>
          <Input placeholder={kind === 'cancel' ? '如 缺货' : '如 破损补偿'} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
