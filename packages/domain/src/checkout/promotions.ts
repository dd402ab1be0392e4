import { type AmountsByCurrency, currencyKey } from '../cart/pay-currency';
import { Currency } from '../constants';
import { hasPriceIn, type LinePrices } from '../currency-rule';
import { roundHalfUp, sumOtherAmount } from '../money';
import { PromotionMethod } from '../promotion';
import { goodsSubtotal, isItemSelected } from './packs';

/**
 * A promotion as the checkout reads it (spec §3 'Checkout info', Promotion; §4 'Promotion methods'). Amounts
 * are minor units of `currency` and the promotion only touches lines paid in that currency.
 */
export interface CheckoutPromotion {
  id: number;
  /** The spec's spelling of the wire field. */
  promotionsMehtod: number;
  name: string;
  /** The gift (OnTheHouse) or target sku. */
  goodsSku?: { id?: number | null; skuId?: number | null; property?: unknown } | null;
  /** Eligible SKUs; missing or empty means every SKU. */
  skuIds?: readonly number[] | null;
  /** AmountOfReduction / OnTheHouse: the eligible subtotal needed, minor units (missing = 0). */
  threshold?: number | null;
  /** AmountOfReduction: the amount taken off, minor units. */
  reduce?: number | null;
  /** Discount, BuyDiscountAgain, AndBuyDiscount: the percent of the price paid, 0–100 (90 = 10% off). */
  discountPercent?: number | null;
  /** AndBuyDiscount: the SKUs discounted when bought together with an eligible SKU. */
  pairSkuIds?: readonly number[] | null;
  currency: Currency;
}

/** The fields of a cart or checkout line a promotion reads; prices per unit in minor units. */
export interface PromotionLine {
  skuId: number;
  qty: number;
  audPrice?: number | null;
  cnyPrice?: number | null;
  selected?: boolean | null;
}

/** One promotion's reduction. */
export interface AppliedPromotion {
  promotionId: number;
  promotionsMehtod: PromotionMethod;
  amount: number;
  currency: Currency;
}

/** An OnTheHouse promotion whose conditions are met, with its client key (spec §3 'Promotion'). */
export interface PromotionGift<P extends CheckoutPromotion = CheckoutPromotion> {
  promotion: P;
  promotionsFreeItemKey: string;
}

/** The outcome of applying promotions to lines. */
export interface PromotionResult<P extends CheckoutPromotion = CheckoutPromotion> {
  /** Total reduction per currency, ≥ 0 and never above that currency's goods subtotal. */
  promotionsSum: AmountsByCurrency;
  /** The promotions that reduced something, in input order; their amounts add up to promotionsSum. */
  applied: AppliedPromotion[];
  gifts: PromotionGift<P>[];
}

/** Thrown for a promotion whose parameters cannot be applied (bad data from the operator). */
export class InvalidPromotionError extends Error {
  override name = 'InvalidPromotionError';
  readonly promotionId: number;

  constructor(promotionId: number, message: string) {
    super(`${message}（促销 ${promotionId}）`);
    this.promotionId = promotionId;
  }
}

function isNonNegativeInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function amountParam(promotion: CheckoutPromotion, value: number | null | undefined, label: string): number {
  if (value == null) return 0;
  if (!isNonNegativeInt(value)) throw new InvalidPromotionError(promotion.id, `${label}须为以分计的非负整数`);
  return value;
}

function percentParam(promotion: CheckoutPromotion): number {
  const pct = promotion.discountPercent;
  if (!isNonNegativeInt(pct) || pct > 100) {
    throw new InvalidPromotionError(promotion.id, '折扣须为0到100之间的整数');
  }
  return pct;
}

/** The reduction of paying `pct`% of `base`: base × (100 − pct) / 100, rounded half up to the minor unit. */
function percentOff(base: number, pct: number): number {
  return roundHalfUp(base * (100 - pct), 100);
}

function inList(list: readonly number[] | null | undefined, skuId: number, emptyMeansAll: boolean): boolean {
  if (list == null || list.length === 0) return emptyMeansAll;
  return list.includes(skuId);
}

/** A promotion line's currency: a quote's lines carry the price of its one currency (AUD if any, else CNY). */
function payCurrencyOf(line: LinePrices): Currency {
  return hasPriceIn(line, Currency.AUD) ? Currency.AUD : Currency.CNY;
}

function payUnitPrice(line: LinePrices): number {
  return (payCurrencyOf(line) === Currency.AUD ? line.audPrice : line.cnyPrice) ?? 0;
}

function lineTotal(line: PromotionLine): number {
  return payUnitPrice(line) * line.qty;
}

function sum(lines: readonly PromotionLine[], value: (line: PromotionLine) => number): number {
  return lines.reduce((total, line) => total + value(line), 0);
}

/**
 * The reduction of one promotion before stacking, never above the subtotal of the lines it touches.
 * AmountOfReduction (满减): once, `reduce` off when the eligible subtotal reaches `threshold` (not per multiple).
 * Discount: discountPercent of the eligible subtotal is paid.
 * BuyDiscountAgain: per eligible line, every second unit (⌊qty / 2⌋ units) at discountPercent.
 * AndBuyDiscount: a pairSkuIds line bought together with an eligible line of another SKU is at discountPercent
 * (every unit of it). Others (OnTheHouse, unknown) reduce nothing.
 */
function rawReduction(promotion: CheckoutPromotion, lines: readonly PromotionLine[]): number {
  const inCurrency = lines.filter(
    (line) => isItemSelected(line) && payCurrencyOf(line) === promotion.currency,
  );
  const eligible = inCurrency.filter((line) => inList(promotion.skuIds, line.skuId, true));
  const subtotal = sum(eligible, lineTotal);
  switch (promotion.promotionsMehtod) {
    case PromotionMethod.AmountOfReduction: {
      const threshold = amountParam(promotion, promotion.threshold, '满减门槛');
      if (promotion.reduce == null) throw new InvalidPromotionError(promotion.id, '满减金额未设置');
      const reduce = amountParam(promotion, promotion.reduce, '满减金额');
      return subtotal > 0 && subtotal >= threshold ? Math.min(reduce, subtotal) : 0;
    }
    case PromotionMethod.Discount:
      return percentOff(subtotal, percentParam(promotion));
    case PromotionMethod.BuyDiscountAgain: {
      const pct = percentParam(promotion);
      return percentOff(
        sum(eligible, (line) => payUnitPrice(line) * Math.floor(line.qty / 2)),
        pct,
      );
    }
    case PromotionMethod.AndBuyDiscount: {
      const pct = percentParam(promotion);
      const paired = inCurrency.filter(
        (line) =>
          inList(promotion.pairSkuIds, line.skuId, false) &&
          eligible.some((main) => main.skuId !== line.skuId),
      );
      return percentOff(sum(paired, lineTotal), pct);
    }
    default:
      return 0;
  }
}

function giftQualifies(promotion: CheckoutPromotion, lines: readonly PromotionLine[]): boolean {
  const threshold = amountParam(promotion, promotion.threshold, '赠品门槛');
  const eligible = lines.filter(
    (line) =>
      isItemSelected(line) &&
      payCurrencyOf(line) === promotion.currency &&
      inList(promotion.skuIds, line.skuId, true),
  );
  return eligible.length > 0 && sum(eligible, lineTotal) >= threshold;
}

/**
 * The client key of a free-gift promotion (spec §3 'Promotion': promotionsFreeItemKey, generated on the
 * client), a pure function of the promotion id, its gift sku and its position: 'free-<id>-<sku>-<index>'.
 */
export function promotionsFreeItemKey(
  promotion: Pick<CheckoutPromotion, 'id' | 'goodsSku'>,
  index: number,
): string {
  const sku = promotion.goodsSku?.skuId ?? promotion.goodsSku?.id ?? 'none';
  return `free-${promotion.id}-${sku}-${index}`;
}

/**
 * Applies promotions to the selected lines (spec §4 'Promotion methods'; the server does the same so the
 * totals shown are the totals charged). Each promotion is computed on the lines' own prices and they stack
 * in input order; a currency's running total is capped at its goods subtotal, so a later promotion may be cut
 * short or dropped. Amounts round half up to the minor unit. OnTheHouse promotions with at least one eligible
 * line and the threshold reached are returned as gifts, keyed by their position in `promotions`.
 * Throws InvalidPromotionError for a promotion whose parameters are missing or out of range.
 */
export function applyPromotions<P extends CheckoutPromotion>(
  lines: readonly PromotionLine[],
  promotions: readonly P[],
): PromotionResult<P> {
  const remaining = goodsSubtotal(lines);
  const result: PromotionResult<P> = { promotionsSum: { aud: 0, cny: 0 }, applied: [], gifts: [] };
  promotions.forEach((promotion, index) => {
    if (promotion.promotionsMehtod === PromotionMethod.OnTheHouse) {
      if (giftQualifies(promotion, lines)) {
        result.gifts.push({ promotion, promotionsFreeItemKey: promotionsFreeItemKey(promotion, index) });
      }
      return;
    }
    const key = currencyKey(promotion.currency);
    const amount = Math.min(rawReduction(promotion, lines), remaining[key]);
    if (amount <= 0) return;
    remaining[key] -= amount;
    result.promotionsSum[key] += amount;
    result.applied.push({
      promotionId: promotion.id,
      promotionsMehtod: promotion.promotionsMehtod as PromotionMethod,
      amount,
      currency: promotion.currency,
    });
  });
  return result;
}

/** One currency's checkout totals in minor units. */
export interface CheckoutCurrencyTotal {
  /** Goods subtotal of the selected items. */
  goods: number;
  /** otherPrice + taxPrice (spec §5 'Other amount'). */
  other: number;
  /** The promotions taken off, capped at the goods subtotal. */
  promotions: number;
  /** goods − promotions + other, never below 0. */
  total: number;
}

/** Partial per-currency amounts as the summary may send them; a missing currency counts 0. */
export type PartialAmounts = { aud?: number | null; cny?: number | null } | null | undefined;

/**
 * Checkout totals per currency (spec §5): goods subtotal of the selected items (a line without an AUD price is
 * paid in CNY), plus the other amount (otherPrice + taxPrice), minus promotions. Promotions only reduce goods
 * (shipping and tax are always charged) and the total is never negative.
 */
export function checkoutTotals(input: {
  items: readonly PromotionLine[];
  otherPrice?: PartialAmounts;
  taxPrice?: PartialAmounts;
  promotionsSum?: PartialAmounts;
}): { aud: CheckoutCurrencyTotal; cny: CheckoutCurrencyTotal } {
  const goods = goodsSubtotal(input.items);
  const totalIn = (key: keyof AmountsByCurrency): CheckoutCurrencyTotal => {
    const other = sumOtherAmount(input.otherPrice?.[key], input.taxPrice?.[key]);
    const promotions = Math.min(Math.max(0, input.promotionsSum?.[key] ?? 0), goods[key]);
    return { goods: goods[key], other, promotions, total: Math.max(0, goods[key] - promotions + other) };
  };
  return { aud: totalIn('aud'), cny: totalIn('cny') };
}
