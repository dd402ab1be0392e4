import type { BodyArg } from '@shop/api-client';
import { type AdminPromotion, type AdminPromotionListRequest, AdminPromotionPaths } from '@shop/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { notify } from '@/lib/notify';

const promotionKeys = { all: ['promotions'] as const };

/** One page of promotions; the previous page stays on screen while the next one loads. */
export function usePromotionList(filters: AdminPromotionListRequest) {
  return useQuery({
    queryKey: [...promotionKeys.all, 'list', filters],
    queryFn: ({ signal }) => request(AdminPromotionPaths.list, filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** A change of a promotion: the list is read again once the server has it. */
/** The calls that change a promotion; each answers the promotion as it now is. */
type PromotionChangePath = typeof AdminPromotionPaths.save | typeof AdminPromotionPaths.active;

function usePromotionChange<P extends PromotionChangePath>(
  path: P,
  done: (p: AdminPromotion, body: BodyArg<P>) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyArg<P>) => request(path, body),
    onSuccess: (p, body) => notify.success(done(p, body)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}

export const useSavePromotion = () =>
  usePromotionChange(AdminPromotionPaths.save, (_p, body) => (body.id ? '促销已保存' : '促销已创建'));
export const useSetPromotionActive = () =>
  usePromotionChange(AdminPromotionPaths.active, (_p, body) => (body.active ? '促销已启用' : '促销已停用'));

/** SKUs whose goods name or code holds the keyword (the first few when it is empty). */
export function useSkuSearch(keyword: string) {
  return useQuery({
    queryKey: [...promotionKeys.all, 'skus', keyword],
    queryFn: ({ signal }) => request(AdminPromotionPaths.skus, keyword ? { keyword } : {}, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
