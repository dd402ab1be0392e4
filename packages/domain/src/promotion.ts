import { lookupLabel } from './labels';
import { parseProperties } from './properties';

/** Promotion methods (spec §4 'Promotion methods'); the wire field is the spec's `promotionsMehtod`. */
export const PromotionMethod = {
  AmountOfReduction: 0,
  Discount: 1,
  OnTheHouse: 2,
  BuyDiscountAgain: 3,
  AndBuyDiscount: 4,
} as const;
export type PromotionMethod = (typeof PromotionMethod)[keyof typeof PromotionMethod];

/** Chinese names of the promotion methods (the spec gives none; these are the shop's wording). */
export const PROMOTION_METHOD_LABELS: Readonly<Record<PromotionMethod, string>> = {
  [PromotionMethod.AmountOfReduction]: '满减',
  [PromotionMethod.Discount]: '折扣',
  [PromotionMethod.OnTheHouse]: '赠品',
  [PromotionMethod.BuyDiscountAgain]: '再买优惠',
  [PromotionMethod.AndBuyDiscount]: '搭配优惠',
};

/** Chinese label of a promotion method, '暂无' when unknown. */
export function promotionMethodLabel(method: number | string | null | undefined): string {
  return lookupLabel(PROMOTION_METHOD_LABELS, method);
}

/** The promotion fields the free-gift split reads (spec §3 'Checkout info', Promotion). */
export interface PromotionFields {
  promotionsMehtod: number;
  goodsSku?: { property?: unknown } | null;
}

/** The checkout's free-gift lists (spec §4 'Promotion methods'). */
export interface FreeGiftLists<P> {
  /** Every OnTheHouse promotion. */
  freeList: P[];
  /** OnTheHouse promotions whose gift sku has properties. */
  selectedFreeList: P[];
  /** OnTheHouse promotions whose gift sku has none: the shopper still picks a product. */
  waitSelectFreeList: P[];
}

/** Splits promotions into the free-gift lists; only OnTheHouse is processed (spec §4 'Promotion methods'). */
export function splitFreeGiftPromotions<P extends PromotionFields>(
  promotions: readonly P[],
): FreeGiftLists<P> {
  const lists: FreeGiftLists<P> = { freeList: [], selectedFreeList: [], waitSelectFreeList: [] };
  for (const promotion of promotions) {
    if (promotion.promotionsMehtod !== PromotionMethod.OnTheHouse) continue;
    lists.freeList.push(promotion);
    const hasProperties = parseProperties(promotion.goodsSku?.property).allPropertyKeys.length > 0;
    (hasProperties ? lists.selectedFreeList : lists.waitSelectFreeList).push(promotion);
  }
  return lists;
}

/** Priorities a promotion may have: a higher one wins a tie between two 满减 that take off the same amount. */
export const PROMOTION_PRIORITY_MIN = 0;
export const PROMOTION_PRIORITY_MAX = 999;

/**
 * The key two promotion names are compared by (ADR 031): compatibility form (NFKC: full-width digits and
 * letters become half-width), no white space, lower case. '满５００ 减３０' and '满500减30' are one name. The
 * database's unique index on promotions takes the same key (`lower(regexp_replace(normalize(name, NFKC),
 * '\s+', '', 'g'))`), so two staff saving one name at once cannot both succeed.
 */
export function promotionNameKey(name: string): string {
  return name.normalize('NFKC').replace(/\s+/gu, '').toLowerCase();
}
