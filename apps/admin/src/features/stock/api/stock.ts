import {
  type AdminStockAdjustRequest,
  type AdminStockListRequest,
  type AdminStockListResponse,
  AdminStockPaths,
  type AdminStockThresholdRequest,
} from '@shop/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/** Query keys of the stock pages; the filters and page are in the key. */
export const stockKeys = {
  all: ['stock'] as const,
  lists: () => [...stockKeys.all, 'list'] as const,
  list: (filters: AdminStockListRequest) => [...stockKeys.lists(), filters] as const,
  ledger: (skuCode: string, pageNo: number) => [...stockKeys.all, 'ledger', skuCode, pageNo] as const,
};

/** One page of SKUs with their stock; the previous page stays on screen while the next one loads. */
export function useStockList(filters: AdminStockListRequest) {
  return useQuery({
    queryKey: stockKeys.list(filters),
    queryFn: ({ signal }) => request(AdminStockPaths.list, filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** One SKU's stock ledger; nothing is asked while no SKU is open. */
export function useStockLedger(skuCode: string | undefined, pageNo = 1) {
  return useQuery({
    queryKey: stockKeys.ledger(skuCode ?? '', pageNo),
    queryFn: ({ signal }) =>
      request(AdminStockPaths.ledger, { skuCode: skuCode ?? '', pageNo, pageSize: 10 }, signal),
    enabled: skuCode !== undefined,
  });
}

/** Adjusts a SKU's stock; the lists and ledgers are read again once the server has it. */
export function useAdjustStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminStockAdjustRequest) => request(AdminStockPaths.adjust, body),
    onSuccess: (r) =>
      notify.success(
        r.changed ? `${r.skuCode} 库存：${r.previous} → ${r.stock}` : '该调整已完成，未重复调整',
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockKeys.all }),
  });
}

/**
 * Sets a SKU's low-stock line, or with null gives it back the shop's (LOW_STOCK). The row the server answers
 * replaces the SKU's row on every page held, then the lists are read again: the 只看库存不足 list may gain or lose
 * it. The dialog shows a refusal itself.
 */
export function useSetLowStockLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminStockThresholdRequest) => request(AdminStockPaths.threshold, body),
    meta: { quiet: true },
    onSuccess: (row) => {
      queryClient.setQueriesData<AdminStockListResponse>(
        { queryKey: stockKeys.lists() },
        (page) => page && { ...page, items: page.items.map((r) => (r.skuCode === row.skuCode ? row : r)) },
      );
      notify.success(
        row.lowStockAt === null
          ? `${row.skuCode} 已恢复默认提醒线（${row.lowStockLine} 件）`
          : `${row.skuCode} 提醒线已设为 ${row.lowStockAt} 件`,
      );
      void queryClient.invalidateQueries({ queryKey: stockKeys.lists() });
    },
  });
}
