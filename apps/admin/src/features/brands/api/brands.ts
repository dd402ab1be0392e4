import type { BodyArg } from '@shop/api-client';
import type { DataPath } from '@shop/domain';
import { type AdminBrandListRequest, AdminTaxonomyPaths } from '@shop/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { request } from '@/lib/api-client';
import { notify } from '@/lib/notify';

const brandKeys = { all: ['brands'] as const };

/** One page of brands in the storefront's A–Z order; the previous page stays while the next loads. */
export function useBrandList(filters: AdminBrandListRequest) {
  return useQuery({
    queryKey: [...brandKeys.all, 'list', filters],
    queryFn: ({ signal }) => request(AdminTaxonomyPaths.brandList, filters, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * A brand change: the brand list and the goods screens' brand choices are read again once the server has it
 * (the goods filter reads the storefront's brands, cached as ['catalogue', 'brands']).
 */
function useBrandChange<P extends DataPath>(path: P, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyArg<P>) => request(path, body),
    onSuccess: () => notify.success(done),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: brandKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['catalogue', 'brands'] }),
      ]),
  });
}

export const useSaveBrand = (creating: boolean) =>
  useBrandChange(AdminTaxonomyPaths.brandSave, creating ? '品牌已创建' : '品牌已保存');
export const useDeleteBrand = () => useBrandChange(AdminTaxonomyPaths.brandDelete, '品牌已删除');

/** The A–Z group the storefront will file a name under, asked of the server a moment after typing stops. */
export function useBrandInitial(name: string): string | undefined {
  const [settled, setSettled] = useState(name);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(name.trim()), 300);
    return () => clearTimeout(timer);
  }, [name]);
  const query = useQuery({
    queryKey: [...brandKeys.all, 'initial', settled],
    queryFn: ({ signal }) => request(AdminTaxonomyPaths.brandInitial, { name: settled }, signal),
    enabled: settled !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
  return settled === '' ? undefined : query.data?.initial;
}
