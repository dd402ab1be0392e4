import { type AmountsByCurrency, currencyKey } from '../cart/pay-currency';
import { Currency } from '../constants';
import { billLine, hasPriceIn, type LinePrices } from '../currency-rule';
import { type ExchangeRate, formatPrice, roundHalfUp, sumOtherAmount } from '../money';
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
  /** AmountOfReduction: also applies beside the best 满减 of its currency (ADR 031); missing = false. */
  stackable?: boolean | null;
  /** AmountOfReduction: between two 满减 taking off the same amount, the higher priority applies; missing = 0. */
  priority?: number | null;
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

/** Where a promotion stands against the lines (ADR 031). */
export const PromotionStatus = {
  /** It takes something off, or its gift is given. */
  Applied: 'applied',
  /** A 满减 that is met (or would be), but another 满减 of its currency is better for the buyer. */
  Outdone: 'outdone',
  /** Its threshold is not reached: `shortBy` more of its eligible goods would reach it. */
  Short: 'short',
  /** Nothing in the lines for it (no eligible SKU, no pair, a single unit …). */
  Unmet: 'unmet',
} as const;
export type PromotionStatus = (typeof PromotionStatus)[keyof typeof PromotionStatus];

/** Why a promotion applies or not, one per promotion in input order. */
export interface PromotionDecision {
  promotionId: number;
  status: PromotionStatus;
  /** The amount it takes off (0 unless applied). */
  amount: number;
  /** Short: the eligible goods still to buy, minor units of its currency; else 0. */
  shortBy: number;
  /** Outdone: the 满减 that applies instead; else null. */
  outdoneBy: number | null;
}

/** The outcome of applying promotions to lines. */
export interface PromotionResult<P extends CheckoutPromotion = CheckoutPromotion> {
  /** Total reduction per currency, ≥ 0 and never above that currency's goods subtotal. */
  promotionsSum: AmountsByCurrency;
  /** The promotions that reduced something, in input order; their amounts add up to promotionsSum. */
  applied: AppliedPromotion[];
  gifts: PromotionGift<P>[];
  /** Every promotion's standing, in input order. */
  decisions: PromotionDecision[];
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

/** The selected lines a promotion counts (its currency, its SKUs) and their subtotal. */
function eligibleOf(promotion: CheckoutPromotion, lines: readonly PromotionLine[]) {
  const eligible = lines.filter(
    (line) =>
      isItemSelected(line) &&
      payCurrencyOf(line) === promotion.currency &&
      inList(promotion.skuIds, line.skuId, true),
  );
  return { count: eligible.length, subtotal: sum(eligible, lineTotal) };
}

function giftQualifies(promotion: CheckoutPromotion, lines: readonly PromotionLine[]): boolean {
  const threshold = amountParam(promotion, promotion.threshold, '赠品门槛');
  const eligible = eligibleOf(promotion, lines);
  return eligible.count > 0 && eligible.subtotal >= threshold;
}

/** How much more of its eligible goods reaches a threshold promotion's threshold; 0 when reached or none. */
function shortOf(promotion: CheckoutPromotion, lines: readonly PromotionLine[]): number {
  const threshold = amountParam(promotion, promotion.threshold, '门槛');
  const { subtotal } = eligibleOf(promotion, lines);
  return subtotal < threshold ? threshold - subtotal : 0;
}

const isExclusive = (promotion: CheckoutPromotion) =>
  promotion.promotionsMehtod === PromotionMethod.AmountOfReduction && promotion.stackable !== true;

function priorityOf(promotion: CheckoutPromotion): number {
  const priority = promotion.priority ?? 0;
  if (!Number.isSafeInteger(priority)) throw new InvalidPromotionError(promotion.id, '优先级须为整数');
  return priority;
}

/**
 * Whether 满减 `a` taking off `amountA` is better for the buyer than `b` taking off `amountB` (ADR 031): the
 * larger amount; on a tie the higher priority; on a tie again the older promotion (the smaller id).
 */
function beats(a: CheckoutPromotion, amountA: number, b: CheckoutPromotion, amountB: number): boolean {
  if (amountA !== amountB) return amountA > amountB;
  const pa = priorityOf(a);
  const pb = priorityOf(b);
  if (pa !== pb) return pa > pb;
  return a.id < b.id;
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
 * totals shown are the totals charged), combined by the rule of ADR 031:
 * - 满减 (AmountOfReduction): one per currency, the one that takes off the most for these lines; on a tie
 *   the higher priority, then the older one. A 满减 marked stackable applies besides it when met.
 * - The other methods each apply when met, as before; a 满减's threshold counts the lines' own prices.
 * Each promotion is computed on the lines' own prices and they stack in input order; a currency's running
 * total is capped at its goods subtotal, so a later promotion may be cut short or dropped. Amounts round half
 * up to the minor unit. OnTheHouse promotions with at least one eligible line and the threshold reached are
 * returned as gifts, keyed by their position in `promotions`. `decisions` says for every promotion whether
 * it applied and, if not, why.
 * Throws InvalidPromotionError for a promotion whose parameters are missing or out of range.
 */
export function applyPromotions<P extends CheckoutPromotion>(
  lines: readonly PromotionLine[],
  promotions: readonly P[],
): PromotionResult<P> {
  const remaining = goodsSubtotal(lines);
  const result: PromotionResult<P> = {
    promotionsSum: { aud: 0, cny: 0 },
    applied: [],
    gifts: [],
    decisions: [],
  };
  const raw = promotions.map((promotion) =>
    promotion.promotionsMehtod === PromotionMethod.OnTheHouse ? 0 : rawReduction(promotion, lines),
  );
  // The best exclusive 满减 per currency.
  const best = new Map<Currency, { promotion: P; amount: number }>();
  promotions.forEach((promotion, index) => {
    priorityOf(promotion); // bad operator data fails here, whatever the lines
    const amount = raw[index] ?? 0;
    if (!isExclusive(promotion) || amount <= 0) return;
    const current = best.get(promotion.currency);
    if (!current || beats(promotion, amount, current.promotion, current.amount))
      best.set(promotion.currency, { promotion, amount });
  });
  promotions.forEach((promotion, index) => {
    const decision: PromotionDecision = {
      promotionId: promotion.id,
      status: PromotionStatus.Unmet,
      amount: 0,
      shortBy: 0,
      outdoneBy: null,
    };
    result.decisions.push(decision);
    if (promotion.promotionsMehtod === PromotionMethod.OnTheHouse) {
      if (giftQualifies(promotion, lines)) {
        result.gifts.push({ promotion, promotionsFreeItemKey: promotionsFreeItemKey(promotion, index) });
        decision.status = PromotionStatus.Applied;
      } else {
        decision.shortBy = shortOf(promotion, lines);
        if (decision.shortBy > 0) decision.status = PromotionStatus.Short;
      }
      return;
    }
    const winner = isExclusive(promotion) ? best.get(promotion.currency) : undefined;
    const rawAmount = raw[index] ?? 0;
    if (promotion.promotionsMehtod === PromotionMethod.AmountOfReduction && rawAmount <= 0) {
      const shortBy = shortOf(promotion, lines);
      if (shortBy <= 0) return;
      // Reached, would it beat the one that applies now? Otherwise it is outdone, not just short.
      const reduce = amountParam(promotion, promotion.reduce, '满减金额');
      if (winner && !beats(promotion, reduce, winner.promotion, winner.amount)) {
        decision.status = PromotionStatus.Outdone;
        decision.outdoneBy = winner.promotion.id;
      } else {
        decision.status = PromotionStatus.Short;
        decision.shortBy = shortBy;
      }
      return;
    }
    if (winner && winner.promotion !== promotion) {
      decision.status = PromotionStatus.Outdone;
      decision.outdoneBy = winner.promotion.id;
      return;
    }
    const key = currencyKey(promotion.currency);
    const amount = Math.min(rawAmount, remaining[key]);
    if (amount <= 0) return;
    remaining[key] -= amount;
    result.promotionsSum[key] += amount;
    decision.status = PromotionStatus.Applied;
    decision.amount = amount;
    result.applied.push({
      promotionId: promotion.id,
      promotionsMehtod: promotion.promotionsMehtod as PromotionMethod,
      amount,
      currency: promotion.currency,
    });
  });
  return result;
}

/** The promotion fields a note names. */
export type NotedPromotion = Pick<CheckoutPromotion, 'id' | 'name' | 'currency' | 'promotionsMehtod'> & {
  skuIds?: readonly number[] | null;
};

/**
 * What the buyer reads about one promotion (ADR 031), in Chinese; with `withName` false the promotion's own
 * name is left out (the checkout lists it beside the note):
 * applied '已享 满1000减60（-¥60.00）', a gift '已享 满300送鱼油'; outdone '满500减30 不与 满1000减60 同享';
 * short '再买 ¥511.00 可享 满1000减60' ('指定商品再买 …' when it counts some SKUs only); unmet
 * '满500减30 未满足条件'.
 */
export function promotionNote(
  decision: PromotionDecision,
  promotions: readonly NotedPromotion[],
  { withName = true }: { withName?: boolean } = {},
): string {
  const promotion = promotions.find((p) => p.id === decision.promotionId);
  if (!promotion) return '';
  const name = withName ? promotion.name : '';
  const join = (...parts: string[]) => parts.filter((part) => part !== '').join(' ');
  switch (decision.status) {
    case PromotionStatus.Applied:
      if (promotion.promotionsMehtod === PromotionMethod.OnTheHouse) return join('已享', name || '赠品');
      return `${join('已享', name || '优惠')}（${formatPrice(-decision.amount, promotion.currency)}）`;
    case PromotionStatus.Outdone: {
      const winner = promotions.find((p) => p.id === decision.outdoneBy);
      return join(name, `不与 ${winner?.name ?? '其他满减'} 同享`);
    }
    case PromotionStatus.Short: {
      const some = (promotion.skuIds?.length ?? 0) > 0 ? '指定商品' : '';
      return join(`${some}再买 ${formatPrice(decision.shortBy, promotion.currency)} 可享`, name).trim();
    }
    default:
      return join(name, '未满足条件');
  }
}

/**
 * The cart's and checkout's lines about promotions (ADR 031): what applies ('已享 …'), what does not combine
 * with it ('… 不与其同享' right after the one it yields to), and the nearest threshold worth reaching
 * ('再买 ¥x 可享 …', the smallest shortfall of each currency); nothing for promotions the lines do not touch.
 */
export function promotionHints(
  result: Pick<PromotionResult, 'decisions'>,
  promotions: readonly NotedPromotion[],
): string[] {
  const hints: string[] = [];
  const { decisions } = result;
  for (const decision of decisions) {
    if (decision.status !== PromotionStatus.Applied) continue;
    const yielded = decisions
      .filter((d) => d.status === PromotionStatus.Outdone && d.outdoneBy === decision.promotionId)
      .map((d) => promotions.find((p) => p.id === d.promotionId)?.name)
      .filter((name): name is string => Boolean(name));
    const applied = promotionNote(decision, promotions);
    hints.push(yielded.length > 0 ? `${applied}；${yielded.join('、')} 不与其同享` : applied);
  }
  const nearest = new Map<Currency, PromotionDecision>();
  for (const decision of decisions) {
    if (decision.status !== PromotionStatus.Short) continue;
    const currency = promotions.find((p) => p.id === decision.promotionId)?.currency;
    if (!currency) continue;
    const current = nearest.get(currency);
    if (!current || decision.shortBy < current.shortBy) nearest.set(currency, decision);
  }
  for (const decision of nearest.values()) hints.push(promotionNote(decision, promotions));
  return hints;
}

/**
 * The cart's promotion notes (ADR 031): the selected lines billed in the pay currency as checkout bills them
 * (billLine, ADR 013; a line that cannot be paid in it, or whose rate is not known yet, left out), under the
 * pay currency's promotions, said by promotionHints. Throws InvalidPromotionError as applyPromotions does.
 */
export function cartPromotionHints(
  lines: readonly (PromotionLine & { selected?: boolean | null })[],
  payCurrency: Currency,
  rate: ExchangeRate | null | undefined,
  promotions: readonly CheckoutPromotion[],
): string[] {
  const billed: PromotionLine[] = [];
  for (const line of lines) {
    if (!isItemSelected(line)) continue;
    const bill = billLine(line, payCurrency, rate);
    if (bill.kind !== 'billed') continue;
    billed.push({
      skuId: line.skuId,
      qty: line.qty,
      audPrice: bill.currency === Currency.AUD ? bill.unit : null,
      cnyPrice: bill.currency === Currency.CNY ? bill.unit : null,
    });
  }
  if (billed.length === 0) return [];
  const own = promotions.filter((promotion) => promotion.currency === payCurrency);
  return promotionHints(applyPromotions(billed, own), own);
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
