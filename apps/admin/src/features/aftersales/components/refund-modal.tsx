import {
  type AdminAfterSaleDetail,
  type AdminAfterSaleRefundRequest,
  type AfterSaleRefundSplit,
  adminAfterSaleRefundRequestSchema,
  type Currency,
  formatAmount,
  toMinor,
} from '@shop/domain';
import { Alert, Checkbox, Form, Input, Table, type TableColumnsType, Typography } from 'antd';
import { FormModal } from '@/components/form-modal';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { useRefundAfterSale } from '../api/refund-after-sale';
import { lowerAmountOf, REFUND_WAY_LABELS } from '../steps';
import { money } from './labels';

const noteSchema = adminAfterSaleRefundRequestSchema.shape.note;

interface Values {
  withFreight: boolean;
  amount: string;
  note: string;
}

interface SplitRow {
  key: keyof AfterSaleRefundSplit;
  label: string;
}

const ROWS: readonly SplitRow[] = [
  { key: 'goods', label: '商品金额' },
  { key: 'promotions', label: '促销优惠' },
  { key: 'tax', label: '税费' },
  { key: 'freight', label: '运费' },
  { key: 'total', label: '合计' },
  { key: 'amount', label: '退款金额' },
];

/** One figure of a split: the promotions are given back less, so they show as a deduction whatever their sign. */
function figure(split: AfterSaleRefundSplit, key: SplitRow['key'], currency: Currency, paid: Currency) {
  if (key === 'amount') return money(split.amount, paid);
  if (key === 'promotions') {
    const off = Math.abs(split.promotions);
    return off === 0 ? money(0, currency) : `-${money(off, currency)}`;
  }
  return money(split[key], currency);
}

/**
 * 退款: the refund the rule gives for the lines claimed (packages/domain order-refund.ts refundSplit): the goods, less
 * their share of the promotions, plus their share of the taxes, and the freight when it goes back too; the amount
 * in the currency paid. Staff may give less. It goes the way the order was paid (the deposit, the payment channel,
 * or the company's account invoice); a channel's refund shows 退款中 until the channel confirms it.
 */
export function RefundModal({
  afterSale,
  onClose,
}: {
  afterSale: AdminAfterSaleDetail;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const refund = useRefundAfterSale();
  const withFreight = Form.useWatch('withFreight', form) === true;
  const typed = Form.useWatch('amount', form);
  const split = afterSale.split;
  const paid: Currency = afterSale.paidCurrency ?? afterSale.currency;
  if (split === null) return null;
  // Once the freight went back with an earlier refund, the choice is gone: both splits give the same.
  const freightChoice = afterSale.splitWithFreight !== null && !afterSale.freightRefunded;
  const chosen =
    withFreight && freightChoice && afterSale.splitWithFreight ? afterSale.splitWithFreight : split;
  const lower = lowerAmountOf(typed, chosen, paid);
  const refundNow = lower.amount ?? chosen.amount;

  const columns: TableColumnsType<SplitRow> = [
    { title: '项目', dataIndex: 'label' },
    {
      title: freightChoice ? '不退运费' : '退款',
      key: 'split',
      align: 'right',
      render: (_, r) => figure(split, r.key, afterSale.currency, paid),
    },
    ...(freightChoice && afterSale.splitWithFreight
      ? [
          {
            title: '退运费',
            key: 'splitWithFreight',
            align: 'right' as const,
            render: (_: unknown, r: SplitRow) =>
              figure(afterSale.splitWithFreight as AfterSaleRefundSplit, r.key, afterSale.currency, paid),
          },
        ]
      : []),
  ];

  const submit = (values: Values) => {
    if (refund.isPending || lower.problem) return;
    const body: AdminAfterSaleRefundRequest = {
      id: afterSale.id,
      version: afterSale.version,
      withFreight: freightChoice && values.withFreight === true,
      note: (values.note ?? '').trim(),
      ...(lower.amount === null ? {} : { amount: lower.amount }),
    };
    refund
      .mutateAsync(body)
      .then(() => {
        notify.success(afterSale.refundWay === 'channel' ? '退款已提交，等待支付渠道确认' : '退款成功');
        onClose();
      })
      .catch(() => undefined);
  };

  return (
    <FormModal<Values>
      title={`售后退款：${afterSale.afterSaleNo}`}
      okText="确认退款"
      pending={refund.isPending}
      onClose={onClose}
      form={form}
      name="aftersale-refund"
      initialValues={{ withFreight: false, amount: '', note: '' }}
      onFinish={submit}
      width={640}
    >
      <Alert
        type="warning"
        showIcon
        className="form-alert"
        title={`退款去向：${REFUND_WAY_LABELS[afterSale.refundWay]}。订单实付 ${
          afterSale.paidAmount === null ? '—' : money(afterSale.paidAmount, paid)
        }，尚可退 ${money(afterSale.refundable, paid)}。退款后不能撤销。`}
      />
      <Table<SplitRow>
        rowKey="key"
        columns={columns}
        dataSource={[...ROWS]}
        pagination={false}
        size="small"
        className="form-alert"
        data-testid="aftersale-split"
      />
      <Form.Item
        name="withFreight"
        valuePropName="checked"
        extra={afterSale.freightRefunded ? '该订单的运费已随此前的退款退回，不能再退' : undefined}
      >
        <Checkbox disabled={!freightChoice}>退运费</Checkbox>
      </Form.Item>
      <Form.Item
        name="amount"
        dependencies={['withFreight']}
        label={`少退金额（${paid === 'AUD' ? '澳币' : '人民币'}元，可不填）`}
        extra={`不填则按规则退 ${money(chosen.amount, paid)}`}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const problem = lowerAmountOf(value, chosen, paid).problem;
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <Input inputMode="decimal" placeholder={`最多 ${formatAmount(toMinor(chosen.amount))}`} />
      </Form.Item>
      <Form.Item name="note" label="备注（可不填）" rules={[zodRule(noteSchema)]}>
        <Input.TextArea rows={2} maxLength={200} showCount />
      </Form.Item>
      <Typography.Paragraph data-testid="aftersale-refund-now">
        本次退款 <Typography.Text strong>{money(refundNow, paid)}</Typography.Text>，
        {REFUND_WAY_LABELS[afterSale.refundWay]}
      </Typography.Paragraph>
    </FormModal>
  );
}
