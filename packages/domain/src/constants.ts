/** Business constants and limits (spec §9). */
export const WEBSITE_ID = 1;

export const Currency = { CNY: 'CNY', AUD: 'AUD' } as const;
export type Currency = (typeof Currency)[keyof typeof Currency];
export const CURRENCIES: readonly Currency[] = [Currency.CNY, Currency.AUD];
export const DEFAULT_PAGE_CURRENCY: Currency = Currency.CNY;

export const DEFAULT_MEMBER_LEVEL = 37;

export const PRODUCT_PAGE_SIZE = 20;
export const FIRST_PAGE = 1;
export const DEPOSIT_LOG_PAGE_SIZE = 15;
/** Upper bound on any page size a client may ask for. */
export const MAX_PAGE_SIZE = 100;

export const PaymentTypeCode = { A01: 'A01', W01: 'W01' } as const;
export type PaymentTypeCode = (typeof PaymentTypeCode)[keyof typeof PaymentTypeCode];

export const DEFAULT_LOCATION_CODE = 'CN11010200';
export const PICKUP_LOCATION_CODE = 'Pickup';

export const CART_REFRESH_THROTTLE_MS = 5000;
export const LOGIN_RELOAD_DELAY_MS = 2000;
export const LOGOUT_RELOAD_DELAY_MS = 500;
export const REQUEST_TIMEOUT_MS = 60_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const REQUEST_CACHE_TTL_MS = 60_000;

/** Toast timings (spec §4 'Notification toast', §9). */
export const TOAST_DURATION_MS = 3500;
export const TOAST_FADE_MS = 800;
export const TOAST_HELPER_DEFAULT_S = 2;
export const TOAST_HELPER_LATER_DEFAULT_S = 3;
export const NOTICE_DEFAULT_S = 4.5;
export const NOTICE_OFFSET_PX = 24;
export const MESSAGE_AUTO_CLOSE_S = 1.5;
export const SUMMARY_ERROR_NOTICE_S = 4;

export const COOKIE_DEFAULT_DAYS = 30;
export const IMAGE_DEFAULT_WIDTH = 128;
/** The widest variant the image host renders; a wider request is a parameter error there. */
export const IMAGE_MAX_WIDTH = 1600;

/** Browser storage keys and the token cookie (spec §4, §9: key names not given, chosen here). */
export const StorageKey = {
  token: 'user-token',
  pageCurrency: 'user-page-currency',
  cartInfo: 'cart-info',
  /** A visitor's 立即购买 waiting for the login that checkout needs: which SKU, how many, since when. */
  buyNow: 'cart-buy-now',
} as const;
export const TOKEN_COOKIE_NAME = 'user-token';

/** Decimal places of every displayed amount (spec §9). */
export const AMOUNT_DECIMALS = 2;
