/** Query keys of the order feature (docs/conventions.md key factory). */
export interface OrderListFilters {
  pageNo: number;
  pageSize: number;
  /** A status tab; undefined for 全部. */
  status?: number;
}

export const orderKeys = {
  all: ['order'] as const,
  /** Every order list page: what create, cancel and finish mark for refresh (spec §4 'Order actions'). */
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (filters: OrderListFilters) => [...orderKeys.lists(), filters] as const,
  oldList: (page: { pageNo: number; pageSize: number }) => [...orderKeys.all, 'old-list', page] as const,
  bought: (limit: number) => [...orderKeys.all, 'bought', limit] as const,
  packingLists: () => [...orderKeys.all, 'packing'] as const,
  packingList: (page: { pageNo: number; pageSize: number }) => [...orderKeys.packingLists(), page] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: number) => [...orderKeys.details(), id] as const,
  attachments: (id: number) => [...orderKeys.all, 'attachments', id] as const,
  logistics: (logisticCode: string) => [...orderKeys.all, 'logistics', logisticCode] as const,
};
