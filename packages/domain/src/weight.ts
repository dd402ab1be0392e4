import { roundHalfUp } from './money';

/** Grams per kilogram: weights are stored and sent as integer grams (spec §3 'SKU' weight, 'Pack'). */
export const GRAMS_PER_KG = 1000;

/** Thrown for a weight that is not a non-negative integer number of grams (bad data, not a shopper's mistake). */
export class InvalidWeightError extends Error {
  override name = 'InvalidWeightError';
  readonly input: unknown;

  constructor(input: unknown) {
    super(`重量须为非负整数克数: ${String(input)}`);
    this.input = input;
  }
}

/**
 * A weight as the shop shows it (product detail, checkout packs): under a kilogram in grams ('850 g'), else in
 * kilograms with at most 2 decimals, trailing zeros dropped ('1.25 kg', '1.5 kg', '2 kg'). The kilograms are
 * rounded half up to 10 g on integers, so 1005 g reads '1.01 kg' whatever the floating point would say.
 */
export function formatWeight(grams: number): string {
  if (!Number.isSafeInteger(grams) || grams < 0) throw new InvalidWeightError(grams);
  if (grams < GRAMS_PER_KG) return `${grams} g`;
  const centiKg = roundHalfUp(grams, GRAMS_PER_KG / 100);
  const whole = Math.trunc(centiKg / 100);
  const fraction = String(centiKg % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction} kg` : `${whole} kg`;
}
