import {
  type BasicTemplate,
  basicTemplateSchema,
  CataloguePaths,
  type GoodsSortTemplate,
  goodsSortTemplateSchema,
  type HomeBlock,
  homeBlockSchema,
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

/** The part of a domain schema this file uses (keeps the zod types out of the app's own imports). */
interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

function decode<T>(schema: Schema<T>, text: string): T {
  const result = schema.safeParse(decodeJson(text));
  if (!result.success) throw new ApiError(500, BROKEN_TEMPLATE);
  return result.data;
}

/**
 * The home blocks in template order (spec §3 'Home page info'). A block this storefront does not know, or one
 * the operator left incomplete, is skipped so the rest of the home page still shows.
 */
export function parseHomeTemplate(templateJson: string): HomeBlock[] {
  const raw = decodeJson(templateJson);
  if (!Array.isArray(raw)) throw new ApiError(500, BROKEN_TEMPLATE);
  return parseHomeBlocks(raw);
}

/** The blocks of a decoded home template this storefront can draw, in order; anything else is skipped. */
export function parseHomeBlocks(raw: unknown): HomeBlock[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((block) => {
    const parsed = homeBlockSchema.safeParse(block);
    return parsed.success ? [parsed.data] : [];
  });
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
      decode(basicTemplateSchema, (await getTemplate(Templates.basic, signal)).templateJson),
    initialData: () => preloadedTemplate(Templates.basic, (text) => decode(basicTemplateSchema, text)),
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
      decode(goodsSortTemplateSchema, (await getTemplate(Templates.goodsSort, signal)).templateJson),
    initialData: () =>
      preloadedTemplate(Templates.goodsSort, (text) => decode(goodsSortTemplateSchema, text)),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silentError: true },
  });
}

export function useGoodsSortTemplate() {
  return useQuery(goodsSortTemplateQueryOptions());
}
