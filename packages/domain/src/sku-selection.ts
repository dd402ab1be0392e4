/**
 * Choosing a SKU by its attribute values on the product detail (spec §3 'Product detail': option lists in
 * Key/Values pairs, each sku with its property map). A selection may be partial: the shopper can clear a
 * value to reach a combination the other chosen values exclude.
 */

/** The attribute map a SKU carries, e.g. { 颜色: '红', 规格: '500g' }. */
export interface SkuWithProperty {
  property: Readonly<Record<string, string>>;
}

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

/**
 * Whether choosing `value` for `key` leads to a SKU, given the values chosen for the other keys. A
 * combination with no SKU is disabled (the storefront brief for the product detail).
 */
export function isOptionAvailable(
  skus: readonly SkuWithProperty[],
  selection: SkuSelection,
  key: string,
  value: string,
): boolean {
  return skus.some((sku) => sku.property[key] === value && matches(sku, selection, key));
}

/** The selection after a click on an option: choosing a value, or clearing it when it was already chosen. */
export function toggleOption(selection: SkuSelection, key: string, value: string): Record<string, string> {
  const next: Record<string, string> = { ...selection };
  if (next[key] === value) delete next[key];
  else next[key] = value;
  return next;
}
