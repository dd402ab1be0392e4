import {
  type AdminCreditDetail,
  adminCreditGrantRequestSchema,
  CREDIT_TERMS,
  CreditMessages,
  type CreditTerms,
  CURRENCY_LABELS,
  type Currency,
  formatPrice,
  toMinor,
} from '@shop/domain';
import { Form, InputNumber, Radio } from 'antd';
import { FormModal } from '@/components/form-modal';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { useGrantCredit } from '../api/grant-credit';
import { CURRENCY_OPTIONS, money } from './labels';

interface GrantValues {
  currency: Currency;
  limit: number | null;
  termsDays: CreditTerms;
}

const DEFAULT_TERMS: CreditTerms = 30;
const isTerms = (days: number | undefined): days is CreditTerms => CREDIT_TERMS.some((d) => d === days);

/** The form's values for a currency: what the company has now, or an empty limit at 30 days. */
function valuesFor(detail: AdminCreditDetail, currency: Currency): GrantValues {
  const credit = detail.credit.find((c) => c.currency === currency);
  return {
    currency,
    limit: credit?.limit ?? null,
    termsDays: isTerms(credit?.termsDays) ? credit.termsDays : DEFAULT_TERMS,
  };
}

const limitSchema = adminCreditGrantRequestSchema.shape.limit;

/**
 * 设置额度 (credit.manage): a company's limit and terms in one currency. A limit of 0 stops new on-account orders;
 * the server refuses a limit below what is used, and so does the form, with the server's words.
 */
export function GrantCreditDialog({ detail, onClose }: { detail: AdminCreditDetail; onClose: () => void }) {
  const [form] = Form.useForm<GrantValues>();
  const grant = useGrantCredit();
  const initial = valuesFor(detail, detail.credit[0]?.currency ?? 'CNY');
  const currency: Currency = Form.useWatch('currency', form) ?? initial.currency;
  const used = detail.credit.find((c) => c.currency === currency)?.used ?? 0;
  return (
    <FormModal<GrantValues>
      title={`设置额度：${detail.companyName}`}
      okText="保存"
      pending={grant.isPending}
      onClose={onClose}
      form={form}
      name="credit-grant"
      initialValues={initial}
      onFinish={(v) => {
        if (v.limit === null || grant.isPending) return;
        grant.mutate(
          { companyId: detail.companyId, currency: v.currency, limit: v.limit, termsDays: v.termsDays },
          {
            onSuccess: () => {
              notify.success(
                `已设置${CURRENCY_LABELS[v.currency]}额度 ${money(v.limit ?? 0, v.currency)}，账期 ${v.termsDays} 天`,
              );
              onClose();
            },
          },
        );
      }}
    >
      <Form.Item name="currency" label="币种">
        <Radio.Group
          optionType="button"
          options={CURRENCY_OPTIONS}
          onChange={(e) => form.setFieldsValue(valuesFor(detail, e.target.value as Currency))}
        />
      </Form.Item>
      <Form.Item
        name="limit"
        label="额度（元）"
        extra={`已用 ${money(used, currency)}。额度为 0 时停止新的账期订单，已有账单照常结算。`}
        rules={[
          {
            validator: async (rule, value: number | null | undefined) => {
              if (value === null || value === undefined) throw new Error('请填写额度');
              await zodRule(limitSchema).validator(rule, value);
              if (toMinor(value.toFixed(2)) < toMinor(used))
                throw new Error(CreditMessages.limitBelowUsed(formatPrice(toMinor(used), currency)));
            },
          },
        ]}
      >
        <InputNumber min={0} step={1000} precision={2} className="full-width" placeholder="如 50000" />
      </Form.Item>
      <Form.Item name="termsDays" label="账期" extra="账单在账期下单后这么多天到期">
        <Radio.Group
          optionType="button"
          options={CREDIT_TERMS.map((d) => ({ value: d, label: `${d} 天` }))}
        />
      </Form.Item>
    </FormModal>
  );
}
