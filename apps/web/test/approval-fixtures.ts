import type { OrderApproval } from '@shop/domain';

/** An approval as approval/list/ answers it (issue #38): AUD 91.80 over a per-order limit of 50, waiting. */
export function approvalFixture(fields: Partial<OrderApproval> = {}): OrderApproval {
  return {
    orderId: 41,
    orderNo: 'SO2026113000000041',
    buyer: '王采购',
    currency: 'AUD',
    amount: 91.8,
    reason: 'perOrder',
    limit: 50,
    spentBefore: 0,
    status: 'pending',
    createdAt: '2026-11-30T01:00:00.000Z',
    expiresAt: '2026-12-01T01:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    note: '',
    ...fields,
  };
}
