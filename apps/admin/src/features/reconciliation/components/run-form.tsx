import { type ReconciliationProviders, reconciliationDaySchema } from '@shop/domain';
import { Button, DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { zodRule } from '@/lib/zod-rule';

/** The channels' names as finance knows them. */
export const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  wechatpay: '微信支付',
  alipay: '支付宝',
  stripe: 'Stripe',
  sandbox: '沙箱',
  gateway: '支付网关',
};
export const providerName = (provider: string) => PROVIDER_NAMES[provider] ?? provider;

interface Values {
  provider: string;
  day: Dayjs;
}

/** Chooses a channel and one of its days (its yesterday by default) and starts the run. */
export function RunForm({
  providers,
  pending,
  onRun,
}: {
  providers: ReconciliationProviders['items'];
  pending: boolean;
  onRun: (input: { provider: string; day: string }) => void;
}) {
  const [form] = Form.useForm<Values>();
  const first = providers[0];
  useEffect(() => {
    if (first && !form.getFieldValue('provider'))
      form.setFieldsValue({ provider: first.provider, day: dayjs(first.yesterday) });
  }, [first, form]);
  const chosen = Form.useWatch('provider', form);
  const calendar = providers.find((p) => p.provider === chosen);
  return (
    <Form
      form={form}
      layout="inline"
      name="reconciliation-run"
      className="reconciliation-form"
      onFinish={(values) => onRun({ provider: values.provider, day: values.day.format('YYYY-MM-DD') })}
    >
      <Form.Item label="支付渠道" name="provider" rules={[{ required: true, message: '请选择支付渠道' }]}>
        <Select
          style={{ minWidth: 140 }}
          options={providers.map((p) => ({ value: p.provider, label: providerName(p.provider) }))}
          onChange={(provider: string) => {
            const next = providers.find((p) => p.provider === provider);
            if (next) form.setFieldValue('day', dayjs(next.yesterday));
          }}
        />
      </Form.Item>
      <Form.Item
        label="对账日期"
        name="day"
        tooltip={calendar ? `按渠道所在时区（${calendar.timeZone}）的自然日` : undefined}
        rules={[
          { required: true, message: '请选择对账日期' },
          {
            validator: (rule, value?: Dayjs) =>
              zodRule(reconciliationDaySchema).validator(rule, value?.format('YYYY-MM-DD')),
          },
        ]}
      >
        <DatePicker
          allowClear={false}
          disabledDate={(day) => (calendar ? day.format('YYYY-MM-DD') > calendar.yesterday : false)}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={pending}>
          开始对账
        </Button>
      </Form.Item>
    </Form>
  );
}
