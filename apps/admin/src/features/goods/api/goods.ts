import {
  type AdminGoodsListRequest,
  AdminGoodsPaths,
  type AdminGoodsShelfRequest,
  CataloguePaths,
} from '@shop/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { notify } from '@/lib/notify';

export const goodsKeys = {
  all: ['goods'] as const,
  lists: () => [...goodsKeys.all, 'list'] as const,
  list: (filters: AdminGoodsListRequest) => [...goodsKeys.lists(), filters] as const,
  detail: (id: number) => [...goodsKeys.all, 'detail', id] as const,
};

/** One page of goods; the previous page stays on screen while the next one loads. */
export function useGoodsList(filters: AdminGoodsListRequest) {
  return useQuery({
    queryKey: goodsKeys.list(filters),
    queryFn: ({ signal }) => request(AdminGoodsPaths.list, filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** The category tree and the brands, as the storefront lists them, for the filters. */
export function useCatalogueChoices() {
  const categories = useQuery({
    queryKey: ['catalogue', 'categories'],
    queryFn: ({ signal }) => request(CataloguePaths.catalogList, {}, signal),
    staleTime: 5 * 60_000,
  });
  const brands = useQuery({
    queryKey: ['catalogue', 'brands'],
    queryFn: ({ signal }) => request(CataloguePaths.brandList, {}, signal),
    staleTime: 5 * 60_000,
  });
  return { categories: categories.data ?? [], brands: brands.data?.items ?? [] };
}

/** Puts the picked goods on or off the shelf; the list is read again once the server has it. */
export function useSetShelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminGoodsShelfRequest) => request(AdminGoodsPaths.shelf, body),
    onSuccess: (r, body) =>
      notify.success(
        `${body.onShelf ? '上架' : '下架'} ${r.changed} 个商品${r.changed < body.ids.length ? `（${body.ids.length - r.changed} 个原已如此）` : ''}`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: goodsKeys.all }),
  });
}
