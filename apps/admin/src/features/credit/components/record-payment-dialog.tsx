import {
  type AdminCreditDetail,
  adminCreditRecordPaymentRequestSchema,
  CREDIT_LIMIT_MAX,
  type Currency,
  formatPrice,
  InvalidAmountError,
  toMajor,
  toMinor,
} from '@shop/domain';
import { App, DatePicker, Form, Input, Modal, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { UNPAID_PAGE_SIZE, useUnpaidInvoices } from '../api/list-credit-invoices';
import { useRecordPayment } from '../api/record-payment';
import { AllocationList } from './allocation-list';
import { CURRENCY_OPTIONS } from './labels';
import { useAllocation } from './use-allocation';

interface RecordValues {
  currency: Currency;
  /** Major units as typed. */
  amount: string;
  reference: string;
  receivedOn: Dayjs;
  note?: string;
}

const DAY = 'YYYY-MM-DD';
const shape = adminCreditRecordPaymentRequestSchema.shape;

/** The typed amount in minor units when it is a positive amount with at most 2 decimals, else null. */
function amountOf(text: string | undefined): number | null {
  try {
    const minor = toMinor(text ?? '');
    return minor > 0 ? minor : null;
  } catch (error) {
    if (error instanceof InvalidAmountError) return null;
    throw error;
  }
}

/**
 * 登记收款 (credit.manage): a bank transfer received from the company, with its reference (once per company), the
 * day it arrived and how much of it goes to which unpaid invoice; the rest stays unallocated on the payment.
 * Nothing is sent before finance confirm what they read.
 */
export function RecordPaymentDialog({ detail, onClose }: { detail: AdminCreditDetail; onClose: () => void }) {
  const [form] = Form.useForm<RecordValues>();
  const { modal } = App.useApp();
  const record = useRecordPayment();
  const unpaid = useUnpaidInvoices(detail.companyId);
  const initialCurrency: Currency = detail.credit[0]?.currency ?? 'CNY';
  const currency: Currency = Form.useWatch('currency', form) ?? initialCurrency;
  const amount = amountOf(Form.useWatch('amount', form));
  const allocation = useAllocation(unpaid.data?.items, currency, amount);
  const { check } = allocation;

  const submit = (v: RecordValues) => {
    if (amount === null || !check.ok || record.isPending) return;
    const reference = v.reference.trim();
    const body = {
      companyId: detail.companyId,
      currency: v.currency,
      amount: toMajor(amount),
      reference,
      receivedOn: v.receivedOn.format(DAY),
      allocations: check.allocations.map((a) => ({ invoiceId: a.invoiceId, amount: toMajor(a.amount) })),
      note: v.note?.trim() ?? '',
    };
    const fmt = (minor: number) => formatPrice(minor, v.currency);
    modal.confirm({
      title: '确认登记收款？',
      content: `${detail.companyName} 于 ${body.receivedOn} 到账 ${fmt(amount)}（银行流水号 ${reference}）：分配到 ${check.allocations.length} 张账单共 ${fmt(check.total)}，未分配 ${fmt(check.remainder)}。登记后不能修改。`,
      okText: '确认登记',
      cancelText: '返回',
      onOk: () =>
        record.mutate(body, {
          onSuccess: (p) => {
            notify.success(`已登记收款 ${formatPrice(toMinor(p.amount), p.currency)}`);
            onClose();
          },
        }),
    });
  };

  return (
    <Modal
      open
      title={`登记收款：${detail.companyName}`}
      okText="登记"
      cancelText="取消"
      okButtonProps={{ disabled: !check.ok }}
      confirmLoading={record.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      width={760}
      destroyOnHidden
    >
      <Form<RecordValues>
        form={form}
        layout="vertical"
        name="credit-payment"
        initialValues={{ currency: initialCurrency, receivedOn: dayjs(detail.today), note: '' }}
        onFinish={submit}
      >
        <Form.Item name="currency" label="币种">
          <Radio.Group optionType="button" options={CURRENCY_OPTIONS} />
        </Form.Item>
        <Form.Item
          name="amount"
          label="收款金额（元）"
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                if (!value?.trim()) throw new Error('请填写收款金额');
                const minor = amountOf(value);
                if (minor === null) throw new Error('收款金额须为大于0、最多两位小数的数字');
                if (minor > CREDIT_LIMIT_MAX * 100) throw new Error('金额过大');
              },
            },
          ]}
        >
          <Input inputMode="decimal" placeholder="如 12000.00" />
        </Form.Item>
        <Form.Item
          name="reference"
          label="银行流水号"
          extra="同一公司的流水号只能登记一次"
          rules={[zodRule(shape.reference, '银行流水号')]}
        >
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item name="receivedOn" label="到账日期" rules={[{ required: true, message: '请选择到账日期' }]}>
          <DatePicker allowClear={false} disabledDate={(day) => day.format(DAY) > detail.today} />
        </Form.Item>
        <Form.Item name="note" label="备注（可不填）" rules={[zodRule(shape.note)]}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
      <AllocationList
        rows={allocation.rows}
        currency={currency}
        amount={amount}
        inputs={allocation.inputs}
        check={check}
        loading={unpaid.isFetching}
        failed={unpaid.error}
        truncated={(unpaid.data?.totalCount ?? 0) > UNPAID_PAGE_SIZE}
        emptyText="该币种没有未付账单，收款将全部记为未分配"
        onChange={allocation.setInputs}
        onPrefill={allocation.prefill}
      />
    </Modal>
  );
}
