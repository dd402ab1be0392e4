import { type ArticleCategory, CataloguePaths, WEBSITE_ID } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { contentKeys } from './keys';

export function getArticleCategories(signal?: AbortSignal): Promise<ArticleCategory[]> {
  return request(
    CataloguePaths.articleCategoryList,
    { clientId: WEBSITE_ID, websiteId: WEBSITE_ID },
    { signal },
  );
}

export function articleCategoriesQueryOptions() {
  return queryOptions({
    queryKey: contentKeys.articleCategories(),
    queryFn: ({ signal }) => getArticleCategories(signal),
    meta: { silentError: true },
  });
}

/** The article categories with their article titles (spec §7 articlecategory/categoryList/). */
export function useArticleCategories() {
  return useQuery(articleCategoriesQueryOptions());
}
