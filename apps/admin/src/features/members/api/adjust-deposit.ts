import { AdminMemberPaths, type DepositAdjustRequest, type DepositAdjustResponse } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useMemberMutation } from './use-member-mutation';

/** Cash received or a gift to the deposit; the same requestId credits once however often it is sent. */
export function adjustDeposit(body: DepositAdjustRequest): Promise<DepositAdjustResponse> {
  return request(AdminMemberPaths.depositAdjust, body);
}

export const useAdjustDeposit = () => useMemberMutation(adjustDeposit);
