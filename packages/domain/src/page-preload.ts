import { CataloguePaths } from './api-paths';
import { GoodsOrderByType, OrderByTendency, TemplateName } from './catalogue-constants';
import { FIRST_PAGE, PRODUCT_PAGE_SIZE, WEBSITE_ID } from './constants';

/**
 * The first calls of a storefront page, answered inside the page itself: the server makes them as a visitor
 * while it sends the HTML and writes their answers into `<script type="application/json" id="shop-preload">`;
 * the storefront's API client takes an answer from there instead of the network, once (ADR 016). The header
 * (basic template, categories) and the page's lead content (home template, a product) then draw in the first
 * render, without a round trip after the scripts.
 */
export const PAGE_PRELOAD_ELEMENT_ID = 'shop-preload';

export interface PreloadCall {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
  /** The answer depends on who asks (member-level prices): a member's session fetches its own. */
  memberScoped: boolean;
}

/** One preloaded answer as the page carries it: the HTTP status and the envelope. */
export interface PreloadedAnswer {
  status: number;
  payload: unknown;
  memberScoped: boolean;
}

/** The page's preloaded answers by `preloadKey`. */
export type PagePreload = Record<string, PreloadedAnswer>;

/** A value with its object keys sorted at every level, so two equal bodies give one JSON text. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** The key of a call: method, path and body, the body's keys in a fixed order. */
export function preloadKey(method: string, path: string, body?: unknown): string {
  return `${method.toUpperCase()} ${path} ${method.toUpperCase() === 'GET' ? '' : JSON.stringify(canonical(body ?? {}))}`;
}

const PRODUCT_PAGE = /^\/product\/(\d{1,9})\/?$/;
const PRODUCT_LIST_PAGE = /^\/products(?:\/(\d{1,9}))?\/?$/;

/** The product list at `pathname` (/products or /products/{cateId}) with its category, or null for another page. */
export function productListPage(pathname: string): { cateId?: number } | null {
  const list = PRODUCT_LIST_PAGE.exec(pathname);
  if (!list) return null;
  return list[1] ? { cateId: Number(list[1]) } : {};
}

/**
 * The body of goods/list/ (spec §7) that the product list at /products or /products/{cateId} sends when its address
 * carries no query: page 1 of 20, the default sort, every warehouse (the storefront's goodsListPayload gives the same;
 * its test checks the two agree).
 */
export function firstListPageBody(cateId?: number): Record<string, unknown> {
  return {
    websiteId: WEBSITE_ID,
    pageNo: FIRST_PAGE,
    pageSize: PRODUCT_PAGE_SIZE,
    ...(cateId ? { cateId } : {}),
    orderByType: GoodsOrderByType.Comprehensive,
    orderByTendency: OrderByTendency.DESC,
  };
}

/** The pages of the supplier area (spec §2 /supplier…), drawn inside their own wrapper instead of the shop's. */
export function isSupplierPath(pathname: string): boolean {
  return pathname === '/supplier' || pathname.startsWith('/supplier/');
}

/** Every page's header: the basic template (top ads, help links) and the category menu. */
const SHELL_CALLS: PreloadCall[] = [
  { method: 'GET', path: `${CataloguePaths.template}${TemplateName.basic}`, memberScoped: false },
  { method: 'POST', path: CataloguePaths.catalogList, body: { websiteId: WEBSITE_ID }, memberScoped: false },
];

/**
 * The calls whose answers a page at this path carries: the shell's, the home template on '/', the goods-sort
 * template and (without a query) the first page of goods on the product list, the product on '/product/{id}'.
 * The bodies are the ones the storefront sends (features/…/api); a body that differs only misses the preload and
 * goes to the network.
 */
export function pagePreloadCalls(pathname: string, search = ''): PreloadCall[] {
  if (isSupplierPath(pathname)) {
    // The supplier area has its own wrapper, not the shop's header: only its content in the page's language.
    const name = /^\/supplier\/en(\/|$)/.test(pathname) ? TemplateName.supplierEn : TemplateName.supplier;
    return [{ method: 'GET', path: `${CataloguePaths.template}${name}`, memberScoped: false }];
  }
  if (pathname === '/') {
    return [
      ...SHELL_CALLS,
      { method: 'GET', path: `${CataloguePaths.template}${TemplateName.home}`, memberScoped: false },
    ];
  }
  const product = PRODUCT_PAGE.exec(pathname);
  if (product) {
    return [
      ...SHELL_CALLS,
      {
        method: 'POST',
        path: CataloguePaths.goodsDetail,
        body: { id: Number(product[1]), websiteId: WEBSITE_ID },
        memberScoped: true,
      },
    ];
  }
  const list = productListPage(pathname);
  if (list) {
    return [
      ...SHELL_CALLS,
      // The curated shortcuts above the list: drawn at once rather than pushing the results down when they arrive.
      { method: 'GET', path: `${CataloguePaths.template}${TemplateName.goodsSort}`, memberScoped: false },
      // The list's first page as a visitor sees it, when the address asks for no other (a query names a sort, a
      // page, a warehouse or a search): its pictures are the largest thing a phone draws first.
      ...(search.replace(/^\?/, '') === ''
        ? [
            {
              method: 'POST' as const,
              path: CataloguePaths.goodsList,
              body: firstListPageBody(list.cateId),
              memberScoped: true,
            },
          ]
        : []),
    ];
  }
  return SHELL_CALLS;
}
