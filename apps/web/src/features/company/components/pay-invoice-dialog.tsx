import { type AccountInvoice, CURRENCY_LABELS, CURRENCY_SYMBOLS } from '@shop/domain';
import { Form, InputNumber, Modal } from 'antd';
import { AntdProvider } from '@/components/antd-provider';
import { formatMajorPrice } from '@/lib/money';
import { invoicePayAmountError } from './invoice-pay-amount';

export interface PayInvoiceDialogProps {
  invoice: AccountInvoice;
  /** The admin's deposit in the invoice's currency, major units; undefined while it loads. */
  balance: number | undefined;
  busy: boolean;
  onPay: (amount: number) => void;
  onClose: () => void;
}

/**
 * 余额还款 (issue #38): a company admin settles an invoice, in part or in full, from their own deposit in its
 * currency; the amount starts at what the invoice owes. Loaded when first opened, with antd (ADR 056).
 */
export default function PayInvoiceDialog({ invoice, balance, busy, onPay, onClose }: PayInvoiceDialogProps) {
  const [form] = Form.useForm<{ amount: number | null }>();
  const { currency } = invoice;
  return (
    <AntdProvider>
      <Modal
        open
        title="余额还款"
        okText="确认还款"
        cancelText="取消"
        onOk={() => form.submit()}
        onCancel={() => !busy && onClose()}
        okButtonProps={{ loading: busy }}
        cancelButtonProps={{ disabled: busy }}
        destroyOnHidden
      >
        <dl className="company-facts statement-pay-facts">
          <dt>账单号</dt>
          <dd>{invoice.invoiceNo}</dd>
          <dt>订单号</dt>
          <dd>{invoice.orderNo}</dd>
          <dt>未付金额</dt>
          <dd className="price">{formatMajorPrice(invoice.owed, currency)}</dd>
          <dt>我的{CURRENCY_LABELS[currency]}余额</dt>
          <dd data-testid="pay-invoice-balance">
            {balance === undefined ? '—' : formatMajorPrice(balance, currency)}
          </dd>
        </dl>
        <Form<{ amount: number | null }>
          form={form}
          layout="vertical"
          name="statement-pay"
          initialValues={{ amount: invoice.owed }}
          onFinish={({ amount }) => amount != null && onPay(amount)}
        >
          <Form.Item
            name="amount"
            label="还款金额"
            extra="可部分还款；还款从您本人的余额中扣除。"
            rules={[
              {
                validator: async (_rule, value: unknown) => {
                  const error = invoicePayAmountError(value, { owed: invoice.owed, balance, currency });
                  if (error) throw new Error(error);
                },
              },
            ]}
          >
            <InputNumber
              prefix={CURRENCY_SYMBOLS[currency]}
              aria-label="还款金额"
              style={{ width: '100%' }}
              disabled={busy}
            />
          </Form.Item>
        </Form>
      </Modal>
    </AntdProvider>
  );
}
