import { Currency } from './constants';

/**
 * Money (spec §5, §9; DESIGN 'Money, prices, currencies'): every amount is an integer number of minor units
 * (fen, cents). Parsing and formatting work on digits, never on floating-point arithmetic.
 */

/** Minor units per major unit: both currencies have 2 decimals (spec §9 'Amounts rounded to 2 decimals'). */
export const MINOR_PER_MAJOR = 100;

/** Thrown when an amount or exchange rate is not a valid decimal number of the expected form. */
export class InvalidAmountError extends Error {
  override name = 'InvalidAmountError';
  /** The value that was rejected. */
  readonly input: unknown;

  constructor(input: unknown, reason = '金额格式不正确') {
    super(`${reason}: ${String(input)}`);
    this.input = input;
  }
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function toSafeNumber(value: bigint, input: unknown): number {
  if (value > MAX_SAFE || value < -MAX_SAFE) throw new InvalidAmountError(input, '金额超出范围');
  // Number(-0n) is 0, so no negative zero leaks out.
  return Number(value);
}

function assertMinor(minor: number): void {
  if (!Number.isSafeInteger(minor)) throw new InvalidAmountError(minor, '金额须为以分计的整数');
}

const AMOUNT_PATTERN = /^([+-])?(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Parses a decimal amount in major units ('19.99', 19.99, '-5', '0.5') into minor units (1999, -500, 50)
 * exactly (spec §9). A number is read through its shortest decimal text, so 0.1 + 0.2 (0.30000000000000004)
 * is rejected rather than silently rounded. More than 2 decimals, exponents, empty or non-numeric input
 * throw InvalidAmountError.
 */
export function toMinor(value: string | number): number {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new InvalidAmountError(value);
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    throw new InvalidAmountError(value);
  }
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) throw new InvalidAmountError(value);
  const [, sign, whole = '0', fraction = ''] = match;
  const magnitude = BigInt(whole) * BigInt(MINOR_PER_MAJOR) + BigInt(fraction.padEnd(2, '0'));
  return toSafeNumber(sign === '-' ? -magnitude : magnitude, value);
}

/** Minor units to a major-unit number for the wire (1999 → 19.99); throws on a non-integer (spec §9). */
export function toMajor(minor: number): number {
  assertMinor(minor);
  return minor === 0 ? 0 : minor / MINOR_PER_MAJOR;
}

/** An amount with exactly 2 decimals and no thousands separator: 1250 → '12.50', -5 → '-0.05' (spec §5). */
export function formatAmount(minor: number): string {
  assertMinor(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = Math.trunc(abs / MINOR_PER_MAJOR);
  const fraction = String(abs % MINOR_PER_MAJOR).padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}

/** The price symbol of each currency: '$' for AUD, '¥' for CNY (spec §5). */
export const CURRENCY_SYMBOLS: Readonly<Record<Currency, string>> = {
  [Currency.AUD]: '$',
  [Currency.CNY]: '¥',
};

/**
 * The Chinese name of each currency, the one way the shop says it: 澳币 as its buyers do and as the stored payment
 * methods are named (澳币余额支付), 人民币 for CNY; beside the symbols, so a price and its name come from one place.
 */
export const CURRENCY_LABELS: Readonly<Record<Currency, string>> = { AUD: '澳币', CNY: '人民币' };

/** The price symbol of a currency (spec §5 'A price shows $ for AUD and ¥ for CNY'). */
export function currencySymbol(currency: Currency): string {
  const symbol = CURRENCY_SYMBOLS[currency];
  if (symbol === undefined) throw new InvalidAmountError(currency, '未知币种');
  return symbol;
}

/** A price with its symbol: 1250 AUD → '$12.50', -1250 CNY → '-¥12.50', 0 → '$0.00' (spec §5). */
export function formatPrice(minor: number, currency: Currency): string {
  assertMinor(minor);
  const sign = minor < 0 ? '-' : '';
  return `${sign}${currencySymbol(currency)}${formatAmount(Math.abs(minor))}`;
}

function toBigInt(value: number | bigint, name: string): bigint {
  if (typeof value === 'bigint') return value;
  if (!Number.isSafeInteger(value)) throw new InvalidAmountError(value, `${name}须为整数`);
  return BigInt(value);
}

/**
 * numerator / denominator rounded to the nearest integer, halves away from zero (commercial rounding:
 * 2.5 → 3, -2.5 → -3), computed exactly on integers (spec §9 'Amounts rounded to 2 decimals').
 */
export function roundHalfUp(numerator: number | bigint, denominator: number | bigint = 1): number {
  let n = toBigInt(numerator, '分子');
  let d = toBigInt(denominator, '分母');
  if (d === 0n) throw new InvalidAmountError(denominator, '分母不能为0');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const quotient = n / d;
  const remainder = n % d;
  const absRemainder = remainder < 0n ? -remainder : remainder;
  const rounded = absRemainder * 2n >= d ? quotient + (n < 0n ? -1n : 1n) : quotient;
  return toSafeNumber(rounded, numerator);
}

/**
 * An exchange rate (CNY per AUD, DESIGN 'ratePrice'): a decimal string or number ('4.7512', 4.75),
 * or a scaled integer { scaled: 47512, scale: 4 } meaning 47512 / 10^4.
 */
export type ExchangeRate = string | number | { scaled: number | bigint; scale: number };

const RATE_PATTERN = /^\+?(\d+)(?:\.(\d+))?$/;

/** An exchange rate as an exact fraction; throws unless it is a positive finite decimal. */
export function parseExchangeRate(rate: ExchangeRate): { numerator: bigint; denominator: bigint } {
  let numerator: bigint;
  let denominator: bigint;
  if (typeof rate === 'object' && rate !== null) {
    if (!Number.isInteger(rate.scale) || rate.scale < 0 || rate.scale > 18) {
      throw new InvalidAmountError(rate.scale, '汇率精度不正确');
    }
    numerator = toBigInt(rate.scaled, '汇率');
    denominator = 10n ** BigInt(rate.scale);
  } else {
    const text = typeof rate === 'number' ? (Number.isFinite(rate) ? String(rate) : '') : String(rate).trim();
    const match = RATE_PATTERN.exec(text);
    if (!match) throw new InvalidAmountError(rate, '汇率格式不正确');
    const [, whole = '0', fraction = ''] = match;
    numerator = BigInt(whole + fraction);
    denominator = 10n ** BigInt(fraction.length);
  }
  if (numerator <= 0n) throw new InvalidAmountError(rate, '汇率须大于0');
  return { numerator, denominator };
}

/** Converts minor units with an exchange rate, rounding half up to the minor unit (DESIGN 'Money'). */
export function convertMinor(minor: number, rate: ExchangeRate): number {
  assertMinor(minor);
  const { numerator, denominator } = parseExchangeRate(rate);
  return roundHalfUp(BigInt(minor) * numerator, denominator);
}

/** Other amount = otherPrice + tax (taxPrice or gst), in minor units; a missing part counts 0 (spec §5). */
export function sumOtherAmount(
  otherPrice: number | null | undefined,
  tax: number | null | undefined,
): number {
  const other = otherPrice ?? 0;
  const taxAmount = tax ?? 0;
  assertMinor(other);
  assertMinor(taxAmount);
  return other + taxAmount;
}

/** Per-currency totals in minor units; a currency that is absent is null or undefined. */
export interface CurrencyTotals {
  aud?: number | null;
  cny?: number | null;
}

/**
 * Display totals (spec §5): '$x.xx + ¥y.yy'. A part shows when it is present and not zero; ' + ' joins
 * only when both show. When nothing shows, the zero total reads '¥0.00' (CNY is the default page
 * currency), or '$0.00' when only an AUD total was given.
 */
export function formatTotals(totals: CurrencyTotals): string {
  const parts: string[] = [];
  if (totals.aud != null && totals.aud !== 0) parts.push(formatPrice(totals.aud, Currency.AUD));
  if (totals.cny != null && totals.cny !== 0) parts.push(formatPrice(totals.cny, Currency.CNY));
  if (parts.length > 0) return parts.join(' + ');
  return totals.cny == null && totals.aud != null
    ? formatPrice(0, Currency.AUD)
    : formatPrice(0, Currency.CNY);
}

/**
 * spec §5: 'A helper treats a value as true when its first digit is below 8 (meaning unknown)'.
 * Reproduced literally because its purpose is not given: true when the first digit character of the
 * value's text (signs and other characters skipped) is 0–7; false when it is 8 or 9 or there is no digit.
 */
export function isFirstDigitBelowEight(value: string | number | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  const digit = /\d/.exec(String(value))?.[0];
  return digit !== undefined && Number(digit) < 8;
}

/** A single-price record as it may arrive, with the older names AudPrice and RmbPrice (spec §3 'Price data'). */
export interface LegacyPriceFields<V = unknown> {
  audPrice?: V;
  cnyPrice?: V;
  AudPrice?: V;
  RmbPrice?: V;
}

/** A single-price record with the current names only. */
export type NormalizedPriceRecord<T extends LegacyPriceFields> = Omit<
  T,
  'AudPrice' | 'RmbPrice' | 'audPrice' | 'cnyPrice'
> & {
  audPrice?: T['audPrice'] | T['AudPrice'];
  cnyPrice?: T['cnyPrice'] | T['RmbPrice'];
};

/**
 * Maps the older names AudPrice and RmbPrice onto audPrice and cnyPrice (spec §3 'Price data'); a current
 * name that holds a value wins. The old names are removed; values are not converted.
 */
export function normalizePriceRecord<T extends LegacyPriceFields>(record: T): NormalizedPriceRecord<T> {
  const { AudPrice, RmbPrice, audPrice, cnyPrice, ...rest } = record;
  const result: NormalizedPriceRecord<T> = { ...rest } as NormalizedPriceRecord<T>;
  const aud = audPrice ?? AudPrice;
  const cny = cnyPrice ?? RmbPrice;
  if (aud !== undefined) result.audPrice = aud;
  if (cny !== undefined) result.cnyPrice = cny;
  return result;
}
