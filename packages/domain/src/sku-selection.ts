import { isSkuPurchasable, type SkuStockFields } from './sku-status';

/**
 * Choosing a SKU by its attribute values on the product detail (spec §3 'Product detail': option lists in
 * Key/Values pairs, each sku with its property map; §4 'SKU stock status'). A value is offered whenever some
 * SKU that can be bought carries it: a click on it moves the other choices to such a SKU, so no value looks
 * sold out only because the current choice of another key excludes it.
 */

/** The attribute map a SKU carries, e.g. { 颜色: '红', 规格: '500g' }. */
export interface SkuWithProperty {
  property: Readonly<Record<string, string>>;
}

/** What the picker needs of a SKU: its attributes and what decides whether it can be bought. */
export interface PickableSku extends SkuWithProperty, SkuStockFields {}

/** Chosen values by attribute key; a key that is absent is not chosen yet. */
export type SkuSelection = Readonly<Record<string, string>>;

function matches(sku: SkuWithProperty, selection: SkuSelection, ignoreKey?: string): boolean {
  return Object.entries(selection).every(([key, value]) => key === ignoreKey || sku.property[key] === value);
}

/** The selection that picks exactly this SKU: its value of every key. */
export function selectionOfSku(sku: SkuWithProperty, keys: readonly string[]): Record<string, string> {
  const selection: Record<string, string> = {};
  for (const key of keys) {
    const value = sku.property[key];
    if (value !== undefined) selection[key] = value;
  }
  return selection;
}

/** The SKU of a complete selection (every key chosen), else undefined. */
export function skuOfSelection<S extends SkuWithProperty>(
  skus: readonly S[],
  keys: readonly string[],
  selection: SkuSelection,
): S | undefined {
  if (!keys.every((key) => selection[key] !== undefined)) return undefined;
  return skus.find((sku) => keys.every((key) => sku.property[key] === selection[key]));
}

/** How an option button of the picker stands. */
export const OptionState = {
  /** A SKU that can be bought has this value and the other values chosen now. */
  Available: 'available',
  /** Only with other values of the other keys: a click moves them there. */
  WithOtherChoices: 'withOtherChoices',
  /** No SKU that can be bought has this value: the button is disabled. */
  Unavailable: 'unavailable',
} as const;
export type OptionState = (typeof OptionState)[keyof typeof OptionState];

/**
 * The state of choosing `value` for `key` given the other keys' values chosen now: Available when a
 * purchasable SKU (spec §4) has it with them, WithOtherChoices when purchasable SKUs have it only with other
 * values, Unavailable when none does (every SKU of that value is out of stock or not for sale).
 */
export function optionState(
  skus: readonly PickableSku[],
  selection: SkuSelection,
  key: string,
  value: string,
): OptionState {
  const buyable = skus.filter((sku) => sku.property[key] === value && isSkuPurchasable(sku));
  if (buyable.length === 0) return OptionState.Unavailable;
  return buyable.some((sku) => matches(sku, selection, key))
    ? OptionState.Available
    : OptionState.WithOtherChoices;
}

/**
 * How well a SKU keeps the current choices of the keys other than `key`: more kept values first, then the
 * earlier keys (the first key is the one a shopper reads first).
 */
function keptChoices(sku: SkuWithProperty, selection: SkuSelection, keys: readonly string[], key: string) {
  const others = keys.filter((k) => k !== key);
  const kept = others.map((k) => selection[k] !== undefined && sku.property[k] === selection[k]);
  return { count: kept.filter(Boolean).length, pattern: kept };
}

function betterKept(a: ReturnType<typeof keptChoices>, b: ReturnType<typeof keptChoices>): boolean {
  if (a.count !== b.count) return a.count > b.count;
  for (let i = 0; i < a.pattern.length; i++) {
    if (a.pattern[i] !== b.pattern[i]) return a.pattern[i] === true;
  }
  return false;
}

/**
 * The selection after a click on `value` of `key`: that value with the other values chosen now when a
 * purchasable SKU has them; otherwise the purchasable SKU with that value that keeps most of the other choices
 * (earlier keys first, then SKU order); a value no purchasable SKU has goes to its first SKU that keeps most
 * choices. The result names a SKU whenever one has the value, so the price and stock always show.
 */
export function chooseOption(
  skus: readonly PickableSku[],
  keys: readonly string[],
  selection: SkuSelection,
  key: string,
  value: string,
): Record<string, string> {
  const withValue = skus.filter((sku) => sku.property[key] === value);
  const buyable = withValue.filter((sku) => isSkuPurchasable(sku));
  const pool = buyable.length > 0 ? buyable : withValue;
  let best: PickableSku | undefined;
  let bestKept: ReturnType<typeof keptChoices> | undefined;
  for (const sku of pool) {
    const kept = keptChoices(sku, selection, keys, key);
    if (!bestKept || betterKept(kept, bestKept)) {
      best = sku;
      bestKept = kept;
    }
  }
  return best ? selectionOfSku(best, keys) : { ...selection, [key]: value };
}
