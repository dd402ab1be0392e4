import { AntdProvider } from '@/components/antd-provider';
import { useBasicTemplate } from '@/features/content/api/get-template';
import { RechargeView } from '@/features/payment/components/recharge-view';

/**
 * /member/recharge (spec §2): online recharge or a bank transfer to register, with the shop's bank accounts
 * from the basic template.
 */
export function Component() {
  const basic = useBasicTemplate();
  return (
    <AntdProvider>
      <RechargeView bankAccounts={basic} />
    </AntdProvider>
  );
}
