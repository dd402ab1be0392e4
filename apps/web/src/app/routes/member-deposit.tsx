import { useQueryClient } from '@tanstack/react-query';
import { AntdProvider } from '@/components/antd-provider';
import { useCurrentMember } from '@/features/member/api/get-current-member';
import { memberKeys } from '@/features/member/api/keys';
import { DepositView } from '@/features/payment/components/deposit-view';

/** /member/deposit (spec §2): the member's balances and the deposit log; an online recharge returns here. */
export function Component() {
  const member = useCurrentMember();
  const queryClient = useQueryClient();
  return (
    <AntdProvider>
      <DepositView
        balances={member}
        onBalanceChanged={() => void queryClient.invalidateQueries({ queryKey: memberKeys.current() })}
      />
    </AntdProvider>
  );
}
