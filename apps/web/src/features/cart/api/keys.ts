/** Query keys of the cart feature (CONVENTIONS.md key factory). */
export const cartKeys = {
  all: ['cart'] as const,
  lists: () => [...cartKeys.all, 'list'] as const,
  /** The member's server cart of one website (cart/list/ sends the website id). */
  list: (websiteId: number) => [...cartKeys.lists(), { websiteId }] as const,
  /** The exchange rate for the 'all CNY' total (ratePrice/). */
  rate: () => [...cartKeys.all, 'rate'] as const,
};
