import { AntdProvider } from '@/components/antd-provider';
import { RechargeView } from '@/features/payment/components/recharge-view';

/** /member/recharge (spec §2): online recharge or a bank transfer to register. */
export function Component() {
  return (
    <AntdProvider>
      <RechargeView />
    </AntdProvider>
  );
}
