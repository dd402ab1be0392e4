import type { AfterSaleListRequest } from '@shop/domain';

/** One page of 我的售后 (its state tab and page), or an order's after-sales (its page's 售后 block). */
export type AfterSaleListFilters = Required<Pick<AfterSaleListRequest, 'pageNo' | 'pageSize' | 'state'>> &
  Pick<AfterSaleListRequest, 'orderId'>;

/** Query keys of the member's after-sales (售后, issue #39; docs/conventions.md key factory). */
export const afterSaleKeys = {
  all: ['aftersale'] as const,
  lists: () => [...afterSaleKeys.all, 'list'] as const,
  list: (filters: AfterSaleListFilters) => [...afterSaleKeys.lists(), filters] as const,
  details: () => [...afterSaleKeys.all, 'detail'] as const,
  detail: (id: number) => [...afterSaleKeys.details(), id] as const,
  /** What of an order may be claimed now (the 申请售后 form). */
  claimables: () => [...afterSaleKeys.all, 'claimable'] as const,
  claimable: (orderId: number) => [...afterSaleKeys.claimables(), orderId] as const,
};
