import {
  type AdminQuoteAnswerRequest,
  type AdminQuoteDetail,
  discountedPrice as discountedMinor,
  formatAmount,
  QUOTE_VALID_DAYS_MAX,
  QuoteMessages,
  type QuoteState,
  toMajor,
  toMinor,
} from '@shop/domain';
import dayjs from 'dayjs';

/**
 * Answering a quote (询价, issue #38 part 4), in minor units: the prices the form shows and the body answer/ is
 * sent. The server checks the same rules (QuoteMessages.answerLines, validUntilPast, validUntilFar); the form checks
 * them first so staff see the problem beside the line before anything is sent.
 */

export const DAY = 'YYYY-MM-DD';

/** Days from the shop's today a new answer holds unless staff pick another last day. */
export const DEFAULT_VALID_DAYS = 14;

/** A price per line, or every line at its list price less a share (answer/'s `discountPercent`). */
export type AnswerMode = 'lines' | 'discount';

/** What staff typed, as the form holds it: amounts in major units as text (InputNumber's string mode). */
export interface AnswerValues {
  mode: AnswerMode;
  /** One per line, in the quote's line order. */
  prices: (string | null | undefined)[];
  discountPercent?: string | null;
  freight?: string | null;
  /** 'yyyy-MM-dd'. */
  validUntil: string;
  message?: string;
}

/** States a quote is answered (again) in: an expired one is renewed by a new answer. */
const ANSWERABLE: readonly QuoteState[] = ['requested', 'answered', 'expired'];

/** Whether staff may still price, message or close the quote (not once accepted, withdrawn or closed). */
export function isOpen(state: QuoteState): boolean {
  return ANSWERABLE.includes(state);
}

/** An amount typed in major units as minor units: null when empty, negative or more than two decimals. */
export function amountOf(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || String(value).trim() === '') return null;
  try {
    const minor = toMinor(value);
    return minor >= 0 ? minor : null;
  } catch {
    return null;
  }
}

/** A percentage typed (0-100, at most two decimals) in hundredths of a percent: '12.5' → 1250; null otherwise. */
export function percentOf(value: string | number | null | undefined): number | null {
  // Hundredths of a percent are parsed exactly as cents are.
  const hundredths = amountOf(value);
  return hundredths !== null && hundredths <= 100 * 100 ? hundredths : null;
}

/** A list price less a share (hundredths of a percent), rounded half up to the cent: the server's own rule. */
export function discountedPrice(listMinor: number, hundredths: number): number {
  return discountedMinor(listMinor, hundredths / 100);
}

type Line = Pick<AdminQuoteDetail['lines'][number], 'qty' | 'listPrice'>;

/** Whether every line has a list price, so a discount on the list prices prices them all. */
export function canDiscount(lines: readonly Line[]): boolean {
  return lines.every((l) => l.listPrice !== null);
}

/** Each line's unit price in minor units as the form stands; null where none is typed (or none follows). */
export function linePrices(
  lines: readonly Line[],
  values: Pick<AnswerValues, 'mode' | 'prices' | 'discountPercent'>,
) {
  if (values.mode === 'discount') {
    const hundredths = percentOf(values.discountPercent);
    return lines.map((l) =>
      hundredths === null || l.listPrice === null ? null : discountedPrice(toMinor(l.listPrice), hundredths),
    );
  }
  return lines.map((_, i) => amountOf(values.prices[i]));
}

/** The goods at the prices and the total with freight, minor units; null until every price (and the freight) is. */
export function quoteTotals(
  lines: readonly Line[],
  prices: readonly (number | null)[],
  freight: number | null,
): { goods: number | null; total: number | null } {
  let goods = 0;
  for (const [i, line] of lines.entries()) {
    const price = prices[i];
    if (price === null || price === undefined) return { goods: null, total: null };
    goods += price * line.qty;
  }
  if (!Number.isSafeInteger(goods)) return { goods: null, total: null };
  return { goods, total: freight === null ? null : goods + freight };
}

/** The last day an answer may name: from the shop's today to QUOTE_VALID_DAYS_MAX days on. */
export function validRange(today: string): { min: string; max: string } {
  return { min: today, max: dayjs(today).add(QUOTE_VALID_DAYS_MAX, 'day').format(DAY) };
}

/** Why a last day is refused (the server's words), or null. */
export function validUntilProblem(day: string, today: string): string | null {
  const { min, max } = validRange(today);
  if (day < min) return QuoteMessages.validUntilPast;
  if (day > max) return QuoteMessages.validUntilFar;
  return null;
}

/** The form's first values: each line's quoted price or else its list price, the freight and last day it has. */
export function initialAnswer(detail: AdminQuoteDetail): AnswerValues {
  const current = detail.validUntil;
  return {
    mode: 'lines',
    prices: detail.lines.map((l) => {
      const price = l.price ?? l.listPrice;
      return price === null ? null : formatAmount(toMinor(price));
    }),
    discountPercent: null,
    freight: detail.freight === null ? null : formatAmount(toMinor(detail.freight)),
    // A quote still holding keeps its last day; a new or expired one gets DEFAULT_VALID_DAYS from today.
    validUntil:
      current !== null && validUntilProblem(current, detail.today) === null
        ? current
        : dayjs(detail.today).add(DEFAULT_VALID_DAYS, 'day').format(DAY),
    message: '',
  };
}

/** answer/'s body for what staff typed, or the first reason it cannot be sent yet. */
export function answerBody(
  detail: Pick<AdminQuoteDetail, 'id' | 'version' | 'lines' | 'today'>,
  values: AnswerValues,
): { ok: true; body: AdminQuoteAnswerRequest } | { ok: false; problem: string } {
  const freight = amountOf(values.freight);
  if (freight === null) return { ok: false, problem: '请填写运费（没有运费填 0）' };
  const dayProblem = validUntilProblem(values.validUntil, detail.today);
  if (dayProblem) return { ok: false, problem: dayProblem };
  const common = {
    id: detail.id,
    version: detail.version,
    freight: toMajor(freight),
    validUntil: values.validUntil,
    message: values.message?.trim() ?? '',
  };
  if (values.mode === 'discount') {
    if (!canDiscount(detail.lines)) return { ok: false, problem: NO_LIST_PRICE };
    const hundredths = percentOf(values.discountPercent);
    if (hundredths === null) return { ok: false, problem: DISCOUNT_RANGE };
    return { ok: true, body: { ...common, discountPercent: hundredths / 100 } };
  }
  const prices = linePrices(detail.lines, values);
  if (prices.some((p) => p === null)) return { ok: false, problem: QuoteMessages.answerLines };
  return {
    ok: true,
    body: { ...common, lines: detail.lines.map((l, i) => ({ id: l.id, price: toMajor(prices[i] ?? 0) })) },
  };
}

export const NO_LIST_PRICE = '有商品没有参考价，不能按参考价折扣，请逐行报价';
export const DISCOUNT_RANGE = '折扣须在0到100之间，最多两位小数';
