import type { Currency } from '../constants';

/**
 * A courier's fee by weight: the first block of firstWeight grams costs firstFee, each started block of
 * extraWeight grams after it costs extraFee (fees in minor units of `currency`); parcels heavier than
 * maxWeight (when set) are not taken.
 */
export interface CourierFeeRule {
  firstWeight: number;
  firstFee: number;
  extraWeight: number;
  extraFee: number;
  currency: Currency;
  maxWeight?: number | null;
}

/** The fee of a parcel, or why the courier cannot take it. */
export type ShippingQuote =
  | { applicable: true; fee: number; currency: Currency }
  | { applicable: false; message: string };

/** Shown when a parcel is heavier than the courier's maxWeight. */
export const OVER_MAX_WEIGHT_MESSAGE = '包裹超过该快递的最大重量';

/** Thrown for a fee rule or weight that cannot be computed with (bad data, not a shopper's mistake). */
export class InvalidShippingRuleError extends Error {
  override name = 'InvalidShippingRuleError';
}

function isNonNegativeInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function assertRule(rule: CourierFeeRule): void {
  if (!isNonNegativeInt(rule.firstWeight) || rule.firstWeight === 0) {
    throw new InvalidShippingRuleError('首重须为大于0的整数克数');
  }
  if (!isNonNegativeInt(rule.extraWeight) || rule.extraWeight === 0) {
    throw new InvalidShippingRuleError('续重须为大于0的整数克数');
  }
  if (!isNonNegativeInt(rule.firstFee) || !isNonNegativeInt(rule.extraFee)) {
    throw new InvalidShippingRuleError('运费须为以分计的非负整数');
  }
  if (rule.maxWeight != null && !isNonNegativeInt(rule.maxWeight)) {
    throw new InvalidShippingRuleError('最大重量须为非负整数克数');
  }
}

/**
 * The courier fee of a parcel (DESIGN 'Stock and orders': packs by warehouse; spec §3 'Pack' couriers):
 * 0 g costs nothing; up to firstWeight costs firstFee; beyond it each started extraWeight block adds extraFee;
 * over maxWeight (exactly maxWeight still fits) the courier is not applicable. Throws InvalidShippingRuleError
 * for a bad rule or a weight that is not a non-negative integer number of grams.
 */
export function shippingFee(rule: CourierFeeRule, weightGrams: number): ShippingQuote {
  assertRule(rule);
  if (!isNonNegativeInt(weightGrams)) throw new InvalidShippingRuleError('重量须为非负整数克数');
  if (rule.maxWeight != null && weightGrams > rule.maxWeight) {
    return { applicable: false, message: OVER_MAX_WEIGHT_MESSAGE };
  }
  if (weightGrams === 0) return { applicable: true, fee: 0, currency: rule.currency };
  const beyond = Math.max(0, weightGrams - rule.firstWeight);
  const extraBlocks = Math.ceil(beyond / rule.extraWeight);
  return { applicable: true, fee: rule.firstFee + extraBlocks * rule.extraFee, currency: rule.currency };
}

/** The weight fields of a pack item: grams per unit (missing counts 0) and quantity. */
export interface WeighedItem {
  weight?: number | null;
  qty: number;
}

/** The weight of a pack in grams: the sum of unit weight × quantity (spec §3 'Gift product' carries weight too). */
export function packWeight(items: readonly WeighedItem[]): number {
  let grams = 0;
  for (const item of items) grams += (item.weight ?? 0) * item.qty;
  return grams;
}
