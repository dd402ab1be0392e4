/** Route guard rules (spec §2 'Route guard'). Pure: the storefront's router applies them. */

const KNOWN_EXACT = ['/', '/brands', '/cart', '/checkout', '/payment', '/user/products', '/user/order'];
const KNOWN_PREFIXES = ['/member', '/brand/', '/products', '/product', '/article/', '/order/', '/supplier'];
const LOGIN_EXACT = ['/user/order', '/checkout', '/payment'];
const LOGIN_PREFIXES = ['/member', '/order/'];

export interface RouteClass {
  /** False for a path outside the guard's known pages (it is flagged as an unknown page). */
  known: boolean;
  /** True when a visitor must log in before the page is shown. */
  loginRequired: boolean;
}

/** Classifies a pathname (no query, no base path) by the guard rules of spec §2. */
export function classifyRoute(pathname: string): RouteClass {
  const known = KNOWN_EXACT.includes(pathname) || KNOWN_PREFIXES.some((p) => pathname.startsWith(p));
  const loginRequired = LOGIN_EXACT.includes(pathname) || LOGIN_PREFIXES.some((p) => pathname.startsWith(p));
  return { known, loginRequired };
}
