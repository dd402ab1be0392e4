/**
 * Every in-app URL is built here (docs/conventions.md 'one paths.ts'), relative to the router base.
 * Route patterns in app/routes.tsx mirror these builders (spec §2 route table).
 */

type Query = Record<string, string | number | boolean | null | undefined>;

function withQuery(pathname: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

const id = (value: string | number) => encodeURIComponent(String(value));

/**
 * The query parameter of a page the shopper visits on the way (an address book, from the checkout) that names
 * the in-app path to go back to (lib/return-to.ts reads it).
 */
export const RETURN_PARAM = 'from';

/** Where a page visited on the way goes back to. */
export interface ReturnQuery {
  [RETURN_PARAM]?: string;
}

export interface ProductListQuery {
  keyword?: string;
  /** Warehouse id (spec §2 link type 'warehouse'). */
  location?: string | number;
  brandId?: string | number;
  orderByType?: string;
  orderByTendency?: string;
  pageNo?: number;
}

export const paths = {
  home: () => '/',
  notFound: () => '/404',
  article: (articleId: string | number) => `/article/${id(articleId)}`,
  brand: (brandId: string | number) => `/brand/${id(brandId)}`,
  brands: () => '/brands',
  brandsImgScroll: () => '/brands/brandsImgScroll',
  brandsCategory: () => '/brands/category',
  brandsLetters: () => '/brands/letters',
  cart: () => '/cart',
  checkout: () => '/checkout',
  payment: (query?: Query) => withQuery('/payment', query),
  paymentResult: (query?: Query) => withQuery('/payment/result', query),
  product: (goodsId?: string | number) => (goodsId === undefined ? '/product' : `/product/${id(goodsId)}`),
  /** Spec §2: '/product?skuId=' when only a sku is known. */
  productBySku: (skuId: string | number) => withQuery('/product', { skuId }),
  products: (cateId?: string | number, query?: ProductListQuery) =>
    withQuery(cateId === undefined ? '/products' : `/products/${id(cateId)}`, { ...query }),
  order: (orderId: string | number) => `/order/${id(orderId)}`,
  member: {
    home: () => '/member',
    deposit: () => '/member/deposit',
    message: () => '/member/message',
    oldOrder: () => '/member/oldOrder',
    order: () => '/member/order',
    receiver: (query?: ReturnQuery) => withQuery('/member/receiver', { ...query }),
    recharge: () => '/member/recharge',
    security: () => '/member/security',
    sender: (query?: ReturnQuery) => withQuery('/member/sender', { ...query }),
    settings: () => '/member/settings',
    /** 我的公司 (issue #38): the member's company and its members, or the invites and 创建公司. */
    company: () => '/member/company',
    /** 对账单 (issue #38): the company's account invoices and credit, with ?state=, ?currency=, ?pageNo=. */
    companyStatement: () => '/member/company/statement',
    /** 我的询价 (issue #38): the member's quotes (a company admin's or viewer's: the company's), ?state=, ?pageNo=. */
    quotes: () => '/member/quotes',
    /** 询价详情: one quote's lines, prices, messages, and 按报价下单 for the member who asked. */
    quote: (quoteId: string | number) => `/member/quotes/${id(quoteId)}`,
    /** 我的售后 (issue #39): the member's after-sales, ?state=, ?pageNo=. */
    afterSales: () => '/member/aftersales',
    /** 申请售后: the form for an order's delivered lines (from the order's page). */
    afterSaleNew: (orderId: string | number) => withQuery('/member/aftersales/new', { orderId }),
    /** 售后详情: one after-sale's state, steps, lines, the return parcel and the refund. */
    afterSale: (afterSaleId: string | number) => `/member/aftersales/${id(afterSaleId)}`,
    /** The ticket list; `{ new: 1, orderId }` opens the 新建工单 form about that order. */
    supportTicket: (query?: { new?: 1; orderId?: number }) =>
      withQuery('/member/supportticket', { ...query }),
    supportTicketReply: (ticketId: string | number) => `/member/supportticketreply/${id(ticketId)}`,
  },
  supplier: {
    home: () => '/supplier',
    en: () => '/supplier/en',
  },
  user: {
    /** 常购清单; `{ list }` opens one of the member's saved lists. */
    order: (query?: { list?: number }) => withQuery('/user/order', { ...query }),
    packing: () => '/user/packing',
    products: () => '/user/products',
  },
} as const;

/** The router base path: window.__SHOP_CONFIG__.routerBase, normalised to '/' or '/prefix' (spec §2). */
export function routerBase(): string {
  const raw = (typeof window === 'undefined' ? undefined : window.__SHOP_CONFIG__?.routerBase) ?? '/';
  const trimmed = raw.trim().replace(/\/+$/, '');
  if (!trimmed) return '/';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** An in-app path as a document URL, for full page loads (window.location). */
export function toDocumentUrl(path: string): string {
  const base = routerBase();
  return base === '/' ? path : `${base}${path === '/' ? '' : path}` || '/';
}

/** The current pathname as the router sees it (without the base), for the route guard rules. */
export function currentRouterPathname(): string {
  const base = routerBase();
  const { pathname } = window.location;
  if (base === '/') return pathname;
  if (pathname === base) return '/';
  return pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname;
}
