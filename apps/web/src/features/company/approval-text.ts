import type { OrderApproval } from '@shop/domain';
import { formatMajorPrice } from '@/lib/money';

/** Why an order waits, in words: '超出单笔额度 $50.00' or '本月已用 $91.80，超出月度额度 $100.00'. */
export function approvalReasonText(approval: OrderApproval): string {
  const money = (amount: number) => formatMajorPrice(amount, approval.currency);
  return approval.reason === 'perOrder'
    ? `超出单笔额度 ${money(approval.limit)}`
    : `本月已用 ${money(approval.spentBefore)}，超出月度额度 ${money(approval.limit)}`;
}
