import {
  type AdminPromotion,
  type AdminPromotionListRequest,
  type AdminPromotionListResponse,
  AdminPromotionPaths,
  type AdminPromotionSaveRequest,
  type AdminPromotionSkusResponse,
} from '@shop/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { notify } from '@/lib/notify';

const promotionKeys = { all: ['promotions'] as const };

/** One page of promotions; the previous page stays on screen while the next one loads. */
export function usePromotionList(filters: AdminPromotionListRequest) {
  return useQuery({
    queryKey: [...promotionKeys.all, 'list', filters],
    queryFn: ({ signal }) => request<AdminPromotionListResponse>(AdminPromotionPaths.list, filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** A change of a promotion: the list is read again once the server has it. */
function usePromotionChange<TBody>(path: string, done: (p: AdminPromotion, body: TBody) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => request<AdminPromotion>(path, body),
    onSuccess: (p, body) => notify.success(done(p, body)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}

export const useSavePromotion = () =>
  usePromotionChange<AdminPromotionSaveRequest>(AdminPromotionPaths.save, (_p, body) =>
    body.id ? '促销已保存' : '促销已创建',
  );
export const useSetPromotionActive = () =>
  usePromotionChange<{ id: number; active: boolean }>(AdminPromotionPaths.active, (_p, body) =>
    body.active ? '促销已启用' : '促销已停用',
  );

/** SKUs whose goods name or code holds the keyword (the first few when it is empty). */
export function useSkuSearch(keyword: string) {
  return useQuery({
    queryKey: [...promotionKeys.all, 'skus', keyword],
    queryFn: ({ signal }) =>
      request<AdminPromotionSkusResponse>(AdminPromotionPaths.skus, keyword ? { keyword } : {}, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
