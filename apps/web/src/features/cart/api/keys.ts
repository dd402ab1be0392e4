/** Query keys of the cart feature (docs/conventions.md key factory). */
export const cartKeys = {
  all: ['cart'] as const,
  lists: () => [...cartKeys.all, 'list'] as const,
  /** The member's server cart of one website billed in a currency (cart/list/ sends both). */
  list: (websiteId: number, currency: string) => [...cartKeys.lists(), { websiteId, currency }] as const,
  /** The exchange rate for the 'all CNY' total (ratePrice/). */
  rate: () => [...cartKeys.all, 'rate'] as const,
  /** The promotions running in a currency, for the cart's notes (salespromotions/running/). */
  promotions: (currency: string) => [...cartKeys.all, 'promotions', currency] as const,
  /** The shop's GST setting, for the cart's GST line (cart/gst/). */
  gst: () => [...cartKeys.all, 'gst'] as const,
};
