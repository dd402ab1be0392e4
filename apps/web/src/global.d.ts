/** Settings the hosting page may define before the storefront script runs (spec §2: overridable router base). */
interface ShopConfig {
  /** Path prefix the storefront is mounted under, e.g. '/shop'. Default '/'. */
  routerBase?: string;
}

interface Window {
  __SHOP_CONFIG__?: ShopConfig;
}
