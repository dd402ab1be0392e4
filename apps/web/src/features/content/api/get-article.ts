import { type Article, CataloguePaths, WEBSITE_ID } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { contentKeys } from './keys';

export function getArticle(id: number, signal?: AbortSignal): Promise<Article> {
  return request(CataloguePaths.articleGet, { id, websiteId: WEBSITE_ID }, { signal });
}

export function articleQueryOptions(id: number) {
  return queryOptions({
    queryKey: contentKeys.articleDetail(id),
    queryFn: ({ signal }) => getArticle(id, signal),
    // The article page shows its own not-found and retry states.
    meta: { silentError: true },
  });
}

/** One article (spec §7 article/get/). */
export function useArticle(id: number | undefined) {
  return useQuery({ ...articleQueryOptions(id ?? 0), enabled: id !== undefined });
}
