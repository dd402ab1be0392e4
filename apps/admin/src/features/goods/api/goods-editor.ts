import { AdminGoodsPaths, type AdminGoodsSaveRequest, type AdminGoodsUploadResponse } from '@shop/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { goodsKeys } from './goods';

/** One good as the editor loads it; never reused from a cache, so a form always starts from the stored good. */
export function useGoodsDetail(id: number | null) {
  return useQuery({
    queryKey: goodsKeys.detail(id ?? 0),
    queryFn: ({ signal }) => request(AdminGoodsPaths.detail, { id: id ?? 0 }, signal),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Creates or saves a good; the lists are read again. The form shows a refusal itself. */
export function useSaveGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminGoodsSaveRequest) => request(AdminGoodsPaths.save, body),
    meta: { quiet: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: goodsKeys.lists() }),
  });
}

/** Uploads one picture (checked and re-encoded by the server); answers its stored path. */
export function uploadGoodsImage(file: File): Promise<AdminGoodsUploadResponse> {
  const form = new FormData();
  form.append('image', file);
  return request(AdminGoodsPaths.upload, form);
}
