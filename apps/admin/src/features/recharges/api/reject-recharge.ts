import { AdminMemberPaths, type RechargeRejectRequest, type RechargeReviewResponse } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useRechargeReview } from './use-recharge-review';

/** Refuses a pending bank transfer with a reason the member reads. */
export function rejectRecharge(body: RechargeRejectRequest): Promise<RechargeReviewResponse> {
  return request(AdminMemberPaths.rechargeReject, body);
}

export const useRejectRecharge = () => useRechargeReview(rejectRecharge, '已驳回');
