import type { AdminRechargeListRequest } from '@shop/domain';

/** Query keys of the recharges under review; the filters and page are in the key. */
export const rechargeKeys = {
  all: ['recharges'] as const,
  lists: () => [...rechargeKeys.all, 'list'] as const,
  list: (filters: AdminRechargeListRequest) => [...rechargeKeys.lists(), filters] as const,
  slips: () => [...rechargeKeys.all, 'slip'] as const,
  slip: (rechargeNo: string) => [...rechargeKeys.slips(), rechargeNo] as const,
};
