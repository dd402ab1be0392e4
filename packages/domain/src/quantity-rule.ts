import type { Currency } from './constants';
import { formatPrice, toMajor } from './money';
import { skuDisplayPrice } from './sku-price';

/**
 * Wholesale quantity rules and volume price breaks of a SKU (issue #37): a minimum per order, the case pack every
 * quantity is a multiple of, an optional maximum, and prices that drop from a quantity on. One rule for every place
 * a quantity is entered or priced: the storefront corrects with it, the server refuses with it.
 */

/** A SKU's quantity rule, as `goodsdetail/detail/` and `goods/list/` carry it (`minQty`, `stepQty`, `maxQty`). */
export interface QtyRule {
  /** The fewest pieces of one order line. */
  minQty: number;
  /** The case pack: every quantity is a multiple of it (1 when the SKU is sold by the piece). */
  stepQty: number;
  /** The most pieces of one order line, or null when there is no limit. */
  maxQty: number | null;
}

/** A SKU sold by the piece, in any quantity. */
export const NO_QTY_RULE: QtyRule = Object.freeze({ minQty: 1, stepQty: 1, maxQty: null });

/** How a quantity breaks a rule: below the minimum, not a whole number of cases, above the maximum. */
export type QtyBreach = 'min' | 'step' | 'max';

/** The smallest quantity the rule allows: the minimum rounded up to a whole number of cases. */
export function smallestQty(rule: QtyRule): number {
  return Math.ceil(Math.max(1, rule.minQty) / rule.stepQty) * rule.stepQty;
}

/** The largest quantity the rule allows (the maximum rounded down to whole cases), or null without a maximum. */
export function largestQty(rule: QtyRule): number | null {
  return rule.maxQty === null ? null : Math.floor(rule.maxQty / rule.stepQty) * rule.stepQty;
}

/**
 * What is wrong with a quantity under the rule, or null when it is allowed; the first of: below the minimum (or not a
 * positive whole number), above the maximum, not whole cases.
 */
export function qtyBreach(qty: number, rule: QtyRule): QtyBreach | null {
  if (!Number.isSafeInteger(qty) || qty < smallestQty(rule)) return 'min';
  const largest = largestQty(rule);
  if (largest !== null && qty > largest) return 'max';
  return qty % rule.stepQty === 0 ? null : 'step';
}

/**
 * The allowed quantity nearest to the one asked for: up to the smallest, down to the largest, and otherwise to
 * the nearest whole number of cases (halfway rounds up: a buyer who typed 18 of a 12-pack gets 24). Null when the
 * rule allows no quantity at all (a maximum below the smallest case), which the console refuses to save.
 */
export function nearestAllowedQty(qty: number, rule: QtyRule): number | null {
  const smallest = smallestQty(rule);
  const largest = largestQty(rule);
  if (largest !== null && largest < smallest) return null;
  const wanted = Number.isFinite(qty) ? qty : smallest;
  const rounded = Math.max(smallest, Math.round(wanted / rule.stepQty) * rule.stepQty);
  return largest !== null && rounded > largest ? largest : rounded;
}

/**
 * What the page says when it corrects a quantity ('每箱12件，已调整为24件'): the rule that moved it, then the
 * quantity it became.
 */
export function qtyAdjustedMessage(asked: number, rule: QtyRule): string | null {
  const breach = qtyBreach(asked, rule);
  const adjusted = nearestAllowedQty(asked, rule);
  if (breach === null || adjusted === null) return null;
  const reason =
    breach === 'step'
      ? `每箱${rule.stepQty}件`
      : breach === 'max'
        ? `每单最多${largestQty(rule)}件`
        : `${smallestQty(rule)}件起订`;
  return `${reason}，已调整为${adjusted}件`;
}

/** The server's refusal of a quantity that breaks the rule (ParamsError -1), naming the SKU by its code. */
export function qtyRefusalMessage(skuCode: string, qty: number, rule: QtyRule): string | null {
  const breach = qtyBreach(qty, rule);
  if (breach === null) return null;
  if (breach === 'step')
    return `规格 ${skuCode} 按箱销售，每箱${rule.stepQty}件，数量须为${rule.stepQty}的倍数`;
  if (breach === 'max') return `规格 ${skuCode} 每单最多${largestQty(rule)}件`;
  return `规格 ${skuCode} ${smallestQty(rule)}件起订`;
}

/** Why an operator's rule cannot be saved, or null when it can. */
export function qtyRuleProblem(rule: QtyRule): string | null {
  const whole = (n: number) => Number.isSafeInteger(n) && n >= 1;
  if (!whole(rule.minQty)) return '起订量须为正整数';
  if (!whole(rule.stepQty)) return '每箱件数须为正整数';
  if (rule.maxQty !== null && !whole(rule.maxQty)) return '限购数量须为正整数';
  if (rule.maxQty !== null && (largestQty(rule) ?? 0) < smallestQty(rule))
    return `限购数量须不少于起订量（${smallestQty(rule)}件）`;
  return null;
}

/** One volume price: from `minQty` pieces on, the SKU costs these (major units at the caller's level; null: none). */
export interface PriceBreak {
  minQty: number;
  audPrice: number | null;
  cnyPrice: number | null;
}

/** The break a quantity reaches (the one with the largest minQty not above it), or undefined below every break. */
export function priceBreakAt(breaks: readonly PriceBreak[], qty: number): PriceBreak | undefined {
  let reached: PriceBreak | undefined;
  for (const entry of breaks) {
    if (entry.minQty <= qty && (!reached || entry.minQty > reached.minQty)) reached = entry;
  }
  return reached;
}

/** The next break above a quantity and how many more pieces reach it ('再买12件享 ¥25'), or undefined at the top. */
export function nextPriceBreak(
  breaks: readonly PriceBreak[],
  qty: number,
): { next: PriceBreak; missing: number } | undefined {
  let next: PriceBreak | undefined;
  for (const entry of breaks) {
    if (entry.minQty > qty && (!next || entry.minQty < next.minQty)) next = entry;
  }
  return next ? { next, missing: next.minQty - qty } : undefined;
}

/** Why an operator's breaks cannot be saved, or null when they can: quantities from 2 up, each once. */
export function priceBreaksProblem(breaks: readonly PriceBreak[]): string | null {
  const seen = new Set<number>();
  for (const entry of breaks) {
    if (!Number.isSafeInteger(entry.minQty) || entry.minQty < 2) return '阶梯价的起始数量须为不小于2的整数';
    if (seen.has(entry.minQty)) return `阶梯价的起始数量 ${entry.minQty} 重复`;
    seen.add(entry.minQty);
    if (entry.audPrice === null && entry.cnyPrice === null) return `${entry.minQty}件起的阶梯价没有价格`;
    for (const price of [entry.audPrice, entry.cnyPrice])
      if (price !== null && !(Number.isFinite(price) && price > 0)) return '阶梯价须大于0';
  }
  return null;
}

/** A volume price as the server prices with it: from `minQty` pieces on, minor units (null: none in that currency). */
export interface OfferBreak {
  minQty: number;
  aud: number | null;
  cny: number | null;
}

/** Volume prices for the wire (contract priceBreaks): an offer's breaks with their amounts in major units. */
export function priceBreaksOf(breaks: readonly OfferBreak[]): PriceBreak[] {
  const major = (minor: number | null) => (minor === null ? null : toMajor(minor));
  return breaks.map((b) => ({ minQty: b.minQty, audPrice: major(b.aud), cnyPrice: major(b.cny) }));
}

/** A SKU's single prices, volume prices and the product its breaks may count together (ADR 050). */
export interface BreakPricedSku {
  goodsId: number;
  aud: number | null;
  cny: number | null;
  breaks: readonly OfferBreak[];
  breaksMixed: boolean;
}

/**
 * The price of one currency at a counted quantity: the break of that currency the quantity reaches, else the single
 * price. A currency the SKU has no single price in stays without one (the currency rule decides, ADR 013).
 */
function reachedPrice(single: number | null, breaks: readonly OfferBreak[], key: 'aud' | 'cny', qty: number) {
  if (single === null) return null;
  let reached: OfferBreak | undefined;
  for (const entry of breaks) {
    if (entry[key] !== null && entry.minQty <= qty && (!reached || entry.minQty > reached.minQty))
      reached = entry;
  }
  return reached ? (reached[key] as number) : single;
}

/**
 * The SKUs of cart lines priced at the breaks their quantities reach (ADR 050: breaks before promotions), the one
 * pricing rule of the cart list, the cart summary and the order; the quantity counted is breakCounter's. SKUs that
 * no line names (a gift) keep their prices; the map given is not changed.
 */
export function atBreakPrices<T extends BreakPricedSku>(
  lines: readonly CountedLine[],
  skus: ReadonlyMap<number, T>,
): Map<number, T> {
  const priced = new Map(skus);
  const counted = breakCounter(lines, skus);
  for (const line of lines) {
    const sku = skus.get(line.skuId);
    if (sku) priced.set(line.skuId, atBreak(sku, counted(line, sku)));
  }
  return priced;
}

/** A SKU priced at the breaks `counted` pieces reach (the SKU itself when they reach none). */
export function atBreak<T extends BreakPricedSku>(sku: T, counted: number): T {
  if (sku.breaks.length === 0) return sku;
  const aud = reachedPrice(sku.aud, sku.breaks, 'aud', counted);
  const cny = reachedPrice(sku.cny, sku.breaks, 'cny', counted);
  return aud === sku.aud && cny === sku.cny ? sku : { ...sku, aud, cny };
}

/** A cart line as the breaks count it; a line without `selected` counts as selected. */
export interface CountedLine {
  skuId: number;
  qty: number;
  selected?: boolean;
}

/**
 * The quantity a line's breaks count: the line's own, or for a product with mixed breaks the selected lines of all
 * its SKUs (and the line itself when it is not selected, so it shows the price it would be bought at).
 */
export function breakCounter(
  lines: readonly CountedLine[],
  skus: ReadonlyMap<number, Pick<BreakPricedSku, 'goodsId' | 'breaksMixed'>>,
): (line: CountedLine, sku: Pick<BreakPricedSku, 'goodsId' | 'breaksMixed'>) => number {
  const productQty = new Map<number, number>();
  for (const line of lines) {
    const sku = skus.get(line.skuId);
    if (sku?.breaksMixed && line.selected !== false)
      productQty.set(sku.goodsId, (productQty.get(sku.goodsId) ?? 0) + line.qty);
  }
  return (line, sku) =>
    sku.breaksMixed
      ? (productQty.get(sku.goodsId) ?? 0) + (line.selected === false ? line.qty : 0)
      : line.qty;
}

/**
 * The quantity of a SKU a cart may take when a buyer asks for `qty` with at most `limit` available (stock or the
 * line maximum): the nearest allowed quantity, stepped down to whole cases within the limit; null when not even
 * the smallest allowed quantity fits (a re-order then names the SKU as unavailable).
 */
export function allowedQtyWithin(qty: number, rule: QtyRule, limit: number): number | null {
  const nearest = nearestAllowedQty(qty, rule);
  if (nearest === null) return null;
  if (nearest <= limit) return nearest;
  const within = Math.floor(limit / rule.stepQty) * rule.stepQty;
  return within >= smallestQty(rule) ? within : null;
}

/** A SKU's rule as a plain value (a SKU offer, a contract SKU or a table row carries its three fields). */
export function qtyRuleOf(sku: QtyRule): QtyRule {
  return { minQty: sku.minQty, stepQty: sku.stepQty, maxQty: sku.maxQty };
}

/** Whether a SKU is sold under a rule a buyer must be told (a case pack, a minimum above 1 or a maximum). */
export function hasQtyRule(rule: QtyRule): boolean {
  return rule.stepQty > 1 || smallestQty(rule) > 1 || rule.maxQty !== null;
}

/**
 * The rule of something that may not carry one (a SKU of an older stored cart line, a re-order row whose answer
 * has none): sold by the piece unless its fields say otherwise.
 */
export function qtyRuleOrNone(fields: Partial<QtyRule>): QtyRule {
  const whole = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 1;
  if (!whole(fields.stepQty) || !whole(fields.minQty)) return NO_QTY_RULE;
  return {
    minQty: fields.minQty,
    stepQty: fields.stepQty,
    maxQty: whole(fields.maxQty) ? fields.maxQty : null,
  };
}

/**
 * The quantity a stepper's + or − moves to: the next whole case up or down (a quantity between cases moves to
 * the case beside it), never below the smallest allowed; the caller stops + at its own limit.
 */
export function steppedQty(qty: number, rule: QtyRule, direction: 1 | -1): number {
  const step = rule.stepQty;
  const moved = direction === 1 ? Math.floor(qty / step) * step + step : Math.ceil(qty / step) * step - step;
  return Math.max(smallestQty(rule), moved);
}

/**
 * The rule as the buyer reads it beside a quantity ('每箱6件', '12件起订', '限购60件', joined by ' · '); empty for a
 * SKU sold by the piece. The minimum is said only when it is more than one case.
 */
export function qtyRuleHint(rule: QtyRule): string {
  const parts: string[] = [];
  if (rule.stepQty > 1) parts.push(`每箱${rule.stepQty}件`);
  const smallest = smallestQty(rule);
  if (smallest > rule.stepQty) parts.push(`${smallest}件起订`);
  const largest = largestQty(rule);
  if (largest !== null) parts.push(`限购${largest}件`);
  return parts.join(' · ');
}

/**
 * Why a quantity cannot be bought under the rule, in the buyer's words (a cart line or a batch add, where the
 * quantity is not corrected); null when it can. The server's refusal names the SKU instead (qtyRefusalMessage).
 */
export function qtyRuleMessage(qty: number, rule: QtyRule): string | null {
  const breach = qtyBreach(qty, rule);
  if (breach === null) return null;
  if (breach === 'step') return `按箱销售，每箱${rule.stepQty}件，数量须为${rule.stepQty}的倍数`;
  if (breach === 'max') return `每单最多${largestQty(rule)}件`;
  return `${smallestQty(rule)}件起订`;
}

/**
 * A volume price as the product page and the SKU grid show it ('12件起 ¥27.00'): in the page currency, else in
 * the other one with its own symbol (spec §5); null when the break has no price. Major units, as on the wire.
 */
export function priceBreakText(entry: PriceBreak, pageCurrency: Currency): string | null {
  const price = skuDisplayPrice(entry, pageCurrency);
  return price ? `${entry.minQty}件起 ${price.text}` : null;
}

/** The next volume price of a cart line, in minor units like the line's own prices. */
export interface NextBreak {
  minQty: number;
  /** Pieces still to add to reach it. */
  missing: number;
  audPrice: number | null;
  cnyPrice: number | null;
}

/**
 * What buying more of a cart line gives ('再买12件享 ¥25.00'), in the currency the line is billed in, else the
 * break's other price with its own symbol; null when the break has no price.
 */
export function nextBreakText(next: NextBreak, currency: Currency): string | null {
  const own = currency === 'AUD' ? next.audPrice : next.cnyPrice;
  const other = currency === 'AUD' ? next.cnyPrice : next.audPrice;
  const text =
    own !== null
      ? formatPrice(own, currency)
      : other !== null
        ? formatPrice(other, currency === 'AUD' ? 'CNY' : 'AUD')
        : null;
  return text === null ? null : `再买${next.missing}件享 ${text}`;
}
