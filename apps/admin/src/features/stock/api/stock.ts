import { type AdminStockAdjustRequest, type AdminStockListRequest, AdminStockPaths } from '@shop/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/** Query keys of the stock pages; the filters and page are in the key. */
export const stockKeys = {
  all: ['stock'] as const,
  list: (filters: AdminStockListRequest) => [...stockKeys.all, 'list', filters] as const,
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
