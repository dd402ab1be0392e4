/** Link types of template and ad items (spec §2 'Link destinations', §3 'Link item'). */
export const LinkType = {
  Cate: 'cate',
  Warehouse: 'warehouse',
  Goods: 'goods',
  Article: 'article',
  Brand: 'brand',
  Url: 'url',
} as const;
export type LinkType = (typeof LinkType)[keyof typeof LinkType];

/** A link item (spec §3). */
export interface LinkItem {
  type?: string | null;
  id?: string | number | null;
  url?: string | null;
}

/** After a payment finishes (spec §2 'After-action destinations'). */
export const AFTER_PAYMENT_PATH = '/member/order';
/** Return address after a deposit top-up (spec §2). */
export const DEPOSIT_TOPUP_RETURN_PATH = '/member/deposit';
/** After a third-party-page payment (spec §2). */
export const THIRD_PARTY_PAYMENT_RETURN_PATH = '/payment';
/** The payment result page (spec §2 route table), where a cashier sends the shopper back with the trade. */
export const PAYMENT_RESULT_PATH = '/payment/result';
/** Home, the fallback of every link. */
export const HOME_PATH = '/';

function hasId(id: LinkItem['id']): id is string | number {
  return id !== null && id !== undefined && String(id).trim() !== '';
}

function segment(id: string | number): string {
  return encodeURIComponent(String(id).trim());
}

// A browser drops tab and line breaks anywhere in a URL, and C0 controls and spaces at either end (WHATWG URL).
const TAB_OR_NEWLINE = /[\t\n\r]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const EDGE_CONTROL_OR_SPACE = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Another site, named with its scheme: http: or https:, whatever the case. */
const WEB_URL = /^https?:\/\//i;

/**
 * An operator's 'url' link as the storefront may render it, or null when it is refused (spec §2 'Link
 * destinations'). Tabs and line breaks, and control characters and spaces at either end, are removed first, as a
 * browser ignores them ('java<TAB>script:', a leading NUL or space); any other control character refuses the link.
 * What remains must be another site with http(s)://, or a path of
 * the shop starting with one '/'. Everything else is refused: other schemes (javascript:, data:, vbscript:,
 * their entity-encoded forms alike), protocol-relative '//host' and '/\\host' (another site without saying
 * so: write https://), and paths relative to the current page.
 */
export function safeUrl(url: string | null | undefined): string | null {
  const target = (url ?? '').replace(TAB_OR_NEWLINE, '').replace(EDGE_CONTROL_OR_SPACE, '');
  if (CONTROL.test(target)) return null;
  if (WEB_URL.test(target)) return target;
  if (target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')) return target;
  return null;
}

/**
 * Where a link item leads (spec §2 'Link destinations'): cate → /products/{id}, warehouse →
 * /products?location={id}, goods → /product/{id}, article → /article/{id}, brand → /brand/{id},
 * url → the url, anything else → '/'. A missing id degrades to the list page (cate, warehouse, goods)
 * or '/'; a missing url, or one safeUrl refuses, to '/'.
 */
export function linkDestination(link: LinkItem): string {
  const { type, id, url } = link;
  switch (type) {
    case LinkType.Cate:
      return hasId(id) ? `/products/${segment(id)}` : '/products';
    case LinkType.Warehouse:
      return hasId(id) ? `/products?location=${segment(id)}` : '/products';
    case LinkType.Goods:
      return hasId(id) ? `/product/${segment(id)}` : '/product';
    case LinkType.Article:
      return hasId(id) ? `/article/${segment(id)}` : HOME_PATH;
    case LinkType.Brand:
      return hasId(id) ? `/brand/${segment(id)}` : HOME_PATH;
    case LinkType.Url:
      return safeUrl(url) ?? HOME_PATH;
    default:
      return HOME_PATH;
  }
}

/** A product link: /product/{id}, or /product?skuId={skuId} when only a sku is known, else /product (spec §2). */
export function productLink(ref: { id?: string | number | null; skuId?: string | number | null }): string {
  if (hasId(ref.id)) return `/product/${segment(ref.id)}`;
  if (hasId(ref.skuId)) return `/product?skuId=${segment(ref.skuId)}`;
  return '/product';
}

/**
 * Where to go after login (spec §2, §4 'Login'): '/' when the query string has loginAlert=true,
 * otherwise null, meaning the current page reloads.
 */
export function afterLoginDestination(search: string): string | null {
  const query = search.startsWith('?') ? search.slice(1) : search;
  for (const pair of query.split('&')) {
    const [rawKey = '', rawValue = ''] = pair.split('=');
    if (rawKey === 'loginAlert' && rawValue === 'true') return HOME_PATH;
  }
  return null;
}
