import {
  CataloguePaths,
  type SupplierLang,
  type SupplierTemplate,
  supplierTemplateSchema,
  TemplateName,
  type TemplateResponse,
} from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, request } from '@/lib/api-client';
import { preloadedData } from '@/lib/page-preload';
import { supplierKeys } from './keys';

/** The template of each language's landing page. */
export const SUPPLIER_TEMPLATE: Record<SupplierLang, TemplateName> = {
  zh: TemplateName.supplier,
  en: TemplateName.supplierEn,
};

/** A language's content as the page draws it, and as it is stored (the data.source pages show that). */
export interface SupplierContent {
  name: TemplateName;
  content: SupplierTemplate;
  /** The stored JSON, formatted with two-space indents. */
  source: string;
  updatedAt: string;
}

const BROKEN: Record<SupplierLang, string> = {
  zh: '页面内容配置有误，请稍后再试',
  en: 'The page content is not set up correctly. Please try again later.',
};

/** Decodes a template answer; a template the page cannot draw is an error, not a half-drawn page. */
export function decodeSupplierContent(lang: SupplierLang, answer: TemplateResponse): SupplierContent {
  let raw: unknown;
  try {
    raw = JSON.parse(answer.templateJson);
  } catch {
    throw new ApiError(500, BROKEN[lang]);
  }
  const parsed = supplierTemplateSchema.safeParse(raw);
  if (!parsed.success) throw new ApiError(500, BROKEN[lang]);
  return {
    name: SUPPLIER_TEMPLATE[lang],
    content: parsed.data,
    source: JSON.stringify(raw, null, 2),
    updatedAt: answer.updatedAt,
  };
}

/** GET template/{supplier|supplierEn} (spec §7 'Content'); the page carries it (ADR 016). */
export function supplierContentQueryOptions(lang: SupplierLang) {
  const path = `${CataloguePaths.template}${SUPPLIER_TEMPLATE[lang]}` as const;
  return queryOptions({
    queryKey: supplierKeys.content(lang),
    queryFn: async ({ signal }) =>
      decodeSupplierContent(lang, await request(path, undefined, { method: 'GET', signal })),
    initialData: () => {
      const answer = preloadedData<TemplateResponse>('GET', path, undefined, false);
      if (!answer) return undefined;
      try {
        return decodeSupplierContent(lang, answer);
      } catch {
        return undefined;
      }
    },
    // The page shows its own error state with a retry.
    meta: { silentError: true },
  });
}

export function useSupplierContent(lang: SupplierLang) {
  return useQuery(supplierContentQueryOptions(lang));
}
