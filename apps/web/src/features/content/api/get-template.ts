import {
  type BasicTemplate,
  CataloguePaths,
  type GoodsSortTemplate,
  type HomeBlock,
  type TemplateName,
  type TemplateResponse,
  TemplateName as Templates,
} from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, request } from '@/lib/api-client';
import { preloadedData } from '@/lib/page-preload';
import { contentKeys } from './keys';

/** GET /api/salesService/template/{name}: data.templateJson is a JSON string (spec §7 'Content'). */
export function getTemplate(name: TemplateName, signal?: AbortSignal): Promise<TemplateResponse> {
  return request(`${CataloguePaths.template}${name}`, undefined, { method: 'GET', signal });
}

/** The template the page carries (ADR 016), decoded; undefined when it has none or it does not decode. */
function preloadedTemplate<T>(name: TemplateName, decodeText: (text: string) => T): T | undefined {
  const template = preloadedData<TemplateResponse>(
    'GET',
    `${CataloguePaths.template}${name}`,
    undefined,
    false,
  );
  if (!template) return undefined;
  try {
    return decodeText(template.templateJson);
  } catch {
    return undefined;
  }
}

const BROKEN_TEMPLATE = '页面配置有误，请稍后再试';

function decodeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(500, BROKEN_TEMPLATE);
  }
}

/**
 * A template's JSON. The API serves the storefront's templates already checked against their contracts (home
 * without the blocks this storefront cannot draw; ADR 048), so the pages need no validation library to read them.
 */
function decode<T>(text: string): T {
  return decodeJson(text) as T;
}

/** The home blocks in template order (spec §3 'Home page info'), as the API serves them. */
export function parseHomeTemplate(templateJson: string): HomeBlock[] {
  const raw = decodeJson(templateJson);
  if (!Array.isArray(raw)) throw new ApiError(500, BROKEN_TEMPLATE);
  return raw as HomeBlock[];
}

/**
 * Spec §4 'Home and general data': home data is cached and reloaded only on a requested refresh (refetch) or
 * when missing, so it never goes stale on its own.
 */
export function homeTemplateQueryOptions() {
  return queryOptions({
    queryKey: contentKeys.template(Templates.home),
    queryFn: async ({ signal }) =>
      parseHomeTemplate((await getTemplate(Templates.home, signal)).templateJson),
    initialData: () => preloadedTemplate(Templates.home, parseHomeTemplate),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    // The home page shows its own error state with a retry.
    meta: { silentError: true },
  });
}

export function useHomeTemplate() {
  return useQuery(homeTemplateQueryOptions());
}

/**
 * Basic site data (spec §3 'General state': helps, allWrap, basicInfo, customerAd) loads once; after it is held
 * (the ready flag) it is not fetched again (spec §4).
 */
export function basicTemplateQueryOptions() {
  return queryOptions({
    queryKey: contentKeys.template(Templates.basic),
    queryFn: async ({ signal }): Promise<BasicTemplate> =>
      decode<BasicTemplate>((await getTemplate(Templates.basic, signal)).templateJson),
    initialData: () => preloadedTemplate(Templates.basic, (text) => decode<BasicTemplate>(text)),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    // The shell falls back to its own footer; a toast on every page for this would be noise.
    meta: { silentError: true },
  });
}

export function useBasicTemplate() {
  return useQuery(basicTemplateQueryOptions());
}

/** The goods-sort template: curated shortcuts above the product list (spec §3 'General state' sortProducts). */
export function goodsSortTemplateQueryOptions() {
  return queryOptions({
    queryKey: contentKeys.template(Templates.goodsSort),
    queryFn: async ({ signal }): Promise<GoodsSortTemplate> =>
      decode<GoodsSortTemplate>((await getTemplate(Templates.goodsSort, signal)).templateJson),
    initialData: () => preloadedTemplate(Templates.goodsSort, (text) => decode<GoodsSortTemplate>(text)),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silentError: true },
  });
}

export function useGoodsSortTemplate() {
  return useQuery(goodsSortTemplateQueryOptions());
}
