import { Currency } from './constants';
import { CURRENCY_LABELS, convertMinor, type ExchangeRate } from './money';

/**
 * The one currency rule of the shop (docs/decisions/013-one-currency-rule.md; spec §3 'Cart', §4 'Currency',
 * §4 'Deposit methods', §5 'Cart totals'). Every screen and the server ask it:
 *
 * - The page currency (the header switch, default CNY) is the currency the buyer is about to pay in. It
 *   decides what the product page shows first, how the cart bills its lines and what checkout quotes.
 * - Paying AUD, a line is billed at its AUD price. A line without one cannot be paid in AUD: the cart shows
 *   it at its CNY price in the CNY total and names it in the warning (spec §5); checkout leaves it out of
 *   the packs (no goods, no freight) and is not valid until it is removed or the buyer pays in CNY.
 * - Paying CNY, a line is billed at its own CNY price, else at its AUD price converted at the stored rate
 *   (the operator's CNY price carries the bonded-warehouse costs, ADR 006). Every priced line can be paid
 *   in CNY, so there is no CNY warning and no 'AUD only' product.
 * - An order is paid in its own currency; an AUD order may also be paid in CNY at the rate. A CNY order's
 *   lines were billed in CNY (some may have no AUD price at all), so no AUD method is offered or accepted.
 */

/** A line's prices per unit in minor units; a missing or zero price is no price in that currency. */
export interface LinePrices {
  audPrice?: number | null | undefined;
  cnyPrice?: number | null | undefined;
}

/** Whether the line has a price (present and above 0) in `currency`. */
export function hasPriceIn(line: LinePrices, currency: Currency): boolean {
  const price = currency === Currency.AUD ? line.audPrice : line.cnyPrice;
  return price != null && price > 0;
}

/** How one line is billed when the buyer pays in a currency. */
export type LineBill =
  /** Billed `unit` in `currency` (the pay currency); `converted` when an AUD price was converted. */
  | { kind: 'billed'; currency: Currency; unit: number; converted: boolean }
  /** Paying AUD, the line has only a CNY price: shown at it, counted in CNY, warned, not payable in AUD. */
  | { kind: 'notPayableInAud'; currency: typeof Currency.CNY; unit: number; converted: false }
  /** Paying CNY with an AUD price only, while the rate is not known here: shown in AUD, converted at checkout. */
  | { kind: 'atRate'; currency: typeof Currency.AUD; unit: number; converted: false }
  /** No price in either currency. */
  | { kind: 'unpriced' };

/**
 * How a line is billed when the buyer pays in `payCurrency` (the rule above). `rate` is CNY per AUD; without
 * it an AUD-only line paid in CNY is 'atRate' (a visitor's cart before the rate has loaded).
 */
export function billLine(
  line: LinePrices,
  payCurrency: Currency,
  rate?: ExchangeRate | null | undefined,
): LineBill {
  const aud = hasPriceIn(line, Currency.AUD) ? (line.audPrice as number) : null;
  const cny = hasPriceIn(line, Currency.CNY) ? (line.cnyPrice as number) : null;
  if (payCurrency === Currency.AUD) {
    if (aud !== null) return { kind: 'billed', currency: Currency.AUD, unit: aud, converted: false };
    if (cny !== null) return { kind: 'notPayableInAud', currency: Currency.CNY, unit: cny, converted: false };
    return { kind: 'unpriced' };
  }
  if (cny !== null) return { kind: 'billed', currency: Currency.CNY, unit: cny, converted: false };
  if (aud === null) return { kind: 'unpriced' };
  if (rate == null || rate === '')
    return { kind: 'atRate', currency: Currency.AUD, unit: aud, converted: false };
  return { kind: 'billed', currency: Currency.CNY, unit: convertMinor(aud, rate), converted: true };
}

/** The note a line or price carries under the rule, or '' when it is billed plainly in the pay currency. */
export function billNote(bill: LineBill): string {
  switch (bill.kind) {
    case 'notPayableInAud':
      return `不支持${CURRENCY_LABELS.AUD}支付`;
    case 'atRate':
      return `按汇率折合${CURRENCY_LABELS.CNY}结算`;
    case 'billed':
      return bill.converted ? `按汇率折合${CURRENCY_LABELS.CNY}结算` : '';
    case 'unpriced':
      return '暂无报价';
  }
}

/**
 * The hint beside a product's price on the page (spec §5 price display): paying AUD, a product with a CNY
 * price only says 仅支持人民币结算; paying CNY, one with an AUD price only is converted at the rate. Empty
 * when the product has a price in the page currency (or none at all).
 */
export function priceHint(line: LinePrices, pageCurrency: Currency): string {
  const bill = billLine(line, pageCurrency);
  if (bill.kind === 'notPayableInAud') return `仅支持${CURRENCY_LABELS.CNY}结算`;
  if (bill.kind === 'atRate') return billNote(bill);
  return '';
}

/** The fields of a cart line the totals read; prices are per unit in minor units (spec §3 'Cart'). */
export interface CartLineForTotals extends LinePrices {
  qty: number;
  selected?: boolean | undefined;
  skuName?: string | null | undefined;
  name?: string | null | undefined;
}

/** Cart totals in minor units and the lines that cannot be paid in AUD (spec §5). */
export interface CartTotals {
  aud: number;
  cny: number;
  /**
   * Names of selected lines that cannot be paid in AUD (no AUD price; spec §5), in cart order; only ever
   * filled when paying AUD.
   */
  cnyOnlySkuNames: string[];
}

/**
 * Totals of the selected lines billed as the buyer pays (spec §5 'Cart totals count only selected lines'):
 * each line's bill goes to the total of its currency. Paying AUD this is spec §5 as written (AUD-priced
 * lines to AUD, the rest to CNY and named in the warning); paying CNY every line goes to CNY (converted
 * when it has an AUD price only) and nothing is warned about.
 */
export function cartTotals(
  lines: readonly CartLineForTotals[],
  payCurrency: Currency,
  rate?: ExchangeRate | null | undefined,
): CartTotals {
  const totals: CartTotals = { aud: 0, cny: 0, cnyOnlySkuNames: [] };
  for (const line of lines) {
    if (!line.selected) continue;
    const bill = billLine(line, payCurrency, rate);
    if (bill.kind === 'unpriced') {
      // Spec §5 names every line without an AUD price, one without any price too (it counts 0).
      if (payCurrency === Currency.AUD) totals.cnyOnlySkuNames.push(line.skuName || line.name || '');
      continue;
    }
    if (bill.currency === Currency.AUD) totals.aud += bill.unit * line.qty;
    else totals.cny += bill.unit * line.qty;
    if (bill.kind === 'notPayableInAud') totals.cnyOnlySkuNames.push(line.skuName || line.name || '');
  }
  return totals;
}

/** The totals a cart shows (spec §5 'Display totals'), the same whatever the page currency. */
export interface CartDisplayTotals {
  /** Spec §5 as written: the selected lines with an AUD price, at their AUD price. */
  aud: number;
  /** Spec §5 as written: the selected lines without an AUD price, at their CNY price. */
  cny: number;
  /**
   * The 'all CNY' total: the selected lines billed in CNY (billLine), each its own CNY price, else its AUD unit
   * price converted at the rate and rounded to the fen, times the quantity — what a CNY checkout charges for
   * them (ADR 030). Null while the rate is unknown and a line needs it.
   */
  allCny: number | null;
  /** Names for the AUD warning; filled only when paying AUD (cartTotals). */
  cnyOnlySkuNames: string[];
}

/**
 * The cart's totals as both page currencies show them (spec §5; ADR 030): the split '$x + ¥y' as the spec
 * writes it, and one 'all CNY' total, the cart billed in CNY line by line. The AUD total is never converted
 * as a whole: a total converted at once and the same lines converted one by one differ by rounding, and a
 * line with its own CNY price is billed at it, not at its AUD price converted.
 */
export function cartDisplayTotals(
  lines: readonly CartLineForTotals[],
  payCurrency: Currency,
  rate?: ExchangeRate | null | undefined,
): CartDisplayTotals {
  const split = cartTotals(lines, Currency.AUD);
  const inCny = cartTotals(lines, Currency.CNY, rate);
  return {
    aud: split.aud,
    cny: split.cny,
    // An AUD amount left in the CNY bill is a line waiting for the rate ('atRate').
    allCny: inCny.aud === 0 ? inCny.cny : null,
    cnyOnlySkuNames: payCurrency === Currency.AUD ? split.cnyOnlySkuNames : [],
  };
}

/**
 * The warning that the listed products cannot be paid in AUD (spec §5; cartAudTipText of §3). Said only
 * where it is true: the names come from cartTotals, which lists lines only when the buyer pays in AUD.
 */
export function cartAudTipText(cnyOnlySkuNames: readonly string[]): string {
  if (cnyOnlySkuNames.length === 0) return '';
  const names = cnyOnlySkuNames.filter((n) => n !== '');
  if (names.length === 0) return `部分商品不支持${CURRENCY_LABELS.AUD}支付，请重新选择`;
  return `以下商品不支持${CURRENCY_LABELS.AUD}支付，请重新选择：${names.join('、')}`;
}

/** The currencies an order can be paid in: its own, and CNY (at the rate) for an AUD order. */
export function orderPayCurrencies(orderCurrency: Currency): Currency[] {
  return orderCurrency === Currency.AUD ? [Currency.AUD, Currency.CNY] : [Currency.CNY];
}

/** Whether an order in `orderCurrency` may be paid in `payCurrency`. */
export function canPayOrderIn(orderCurrency: Currency, payCurrency: Currency): boolean {
  return orderPayCurrencies(orderCurrency).includes(payCurrency);
}

/** Why a method of `payCurrency` is refused for an order (the server's message and the page's note). */
export function orderPayCurrencyMessage(orderCurrency: Currency, payCurrency: Currency): string {
  return (
    `该订单以${CURRENCY_LABELS[orderCurrency]}结算，不能使用${CURRENCY_LABELS[payCurrency]}支付，` +
    `请选择${CURRENCY_LABELS[orderCurrency]}支付方式`
  );
}

/** The payment methods an order can use: those charging a currency the order can be paid in. */
export function methodsForOrder<T extends { currency: Currency }>(
  methods: readonly T[],
  orderCurrency: Currency,
): T[] {
  return methods.filter((m) => canPayOrderIn(orderCurrency, m.currency));
}
