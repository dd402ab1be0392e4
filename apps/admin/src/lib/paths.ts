/**
 * Every in-console URL is built here, relative to the router's basename (ADMIN_BASE, '/admin'). The page
 * registry (app/pages.tsx) names each page's own path segment.
 */
export const paths = {
  home: () => '/',
  login: () => '/login',
  page: (segment: string) => `/${segment}`,
  /** The goods editor: a good by id, or 'new'. */
  goodsEdit: (id: number | 'new') => `/goods/${id}`,
  /** One quote (询价). */
  quote: (id: number) => `/quotes/${id}`,
  /** One after-sale (售后). */
  afterSale: (id: number) => `/aftersales/${id}`,
  /** The order list with one order open beside it, by its number. */
  order: (orderNo: string) => `/orders?order=${encodeURIComponent(orderNo)}`,
};
