import { AdminMemberPaths, type RechargeApproveRequest, type RechargeReviewResponse } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useRechargeReview } from './use-recharge-review';

/** Credits a pending bank transfer to the member's deposit: the amount received (major units) and the note. */
export function approveRecharge(body: RechargeApproveRequest): Promise<RechargeReviewResponse> {
  return request(AdminMemberPaths.rechargeApprove, body);
}

export const useApproveRecharge = () => useRechargeReview(approveRecharge, '已确认到账并入账');
