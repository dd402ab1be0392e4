import { Space } from 'antd';
import { BankAccountsCard } from '@/features/settings/components/bank-accounts-card';
import { PaymentCard } from '@/features/settings/components/payment-card';
import { RateCard } from '@/features/settings/components/rate-card';

/**
 * 汇率与支付 (owner and finance): the exchange rate, the payment methods and the bank accounts members transfer to,
 * each change in 操作日志.
 */
export default function SettingsPage() {
  return (
    <Space orientation="vertical" size="large" className="full-width">
      <RateCard />
      <PaymentCard />
      <BankAccountsCard />
    </Space>
  );
}
