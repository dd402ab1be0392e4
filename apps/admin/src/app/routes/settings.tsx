import { Space } from 'antd';
import { PaymentCard } from '@/features/settings/components/payment-card';
import { RateCard } from '@/features/settings/components/rate-card';

/** 汇率与支付 (owner and finance): the exchange rate and the payment methods, each change in 操作日志. */
export default function SettingsPage() {
  return (
    <Space orientation="vertical" size="large" className="full-width">
      <RateCard />
      <PaymentCard />
    </Space>
  );
}
