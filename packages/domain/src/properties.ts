/** Product and sku properties (spec §3 'Properties', §4 'SKU stock status'). */

/** Separator of combined sku attribute values (spec §4). */
export const SKU_VALUE_SEPARATOR = ';$%*';

/** Properties decoded into a flat map, its keys in order, and the values joined by spaces (spec §3). */
export interface ParsedProperties {
  map: Record<string, string>;
  allPropertyKeys: string[];
  text: string;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function addEntries(target: Map<string, string>, source: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === 'string') target.set(key, value);
    else if (typeof value === 'number' || typeof value === 'boolean') target.set(key, String(value));
  }
}

/**
 * Decodes properties that arrive as an object ({ 颜色: '红' }), a list of single-key objects, or a JSON
 * string of either (spec §3 'Properties'). Null, invalid JSON and other shapes give empty properties.
 * Only string, number and boolean values are kept; a repeated key keeps its first position and last value.
 * The text joins the non-empty values with spaces.
 */
export function parseProperties(input: unknown): ParsedProperties {
  const decoded = typeof input === 'string' ? parseJson(input) : input;
  const entries = new Map<string, string>();
  if (Array.isArray(decoded)) {
    for (const item of decoded) if (isPlainObject(item)) addEntries(entries, item);
  } else if (isPlainObject(decoded)) {
    addEntries(entries, decoded);
  }
  const values = [...entries.values()];
  return {
    map: Object.fromEntries(entries),
    allPropertyKeys: [...entries.keys()],
    text: values.filter((v) => v !== '').join(' '),
  };
}

/** A sku's keyProperty: its option values joined with ';$%*' (spec §3 'Product detail', §4). */
export function keyProperty(values: readonly string[]): string {
  return values.join(SKU_VALUE_SEPARATOR);
}

/** The option values of a keyProperty, the inverse of keyProperty. */
export function splitKeyProperty(key: string): string[] {
  return key === '' ? [] : key.split(SKU_VALUE_SEPARATOR);
}

/** One property option list (spec §3 'Property option lists use Key/Values pairs'). */
export interface PropertyOption {
  key: string;
  values: string[];
}

/**
 * Decodes a property option list, [{ Key: '颜色', Values: ['红', '蓝'] }], given as an array or JSON string
 * (spec §3). Entries without a string Key are skipped; non-string values are dropped.
 */
export function parsePropertyOptions(input: unknown): PropertyOption[] {
  const decoded = typeof input === 'string' ? parseJson(input) : input;
  if (!Array.isArray(decoded)) return [];
  const options: PropertyOption[] = [];
  for (const item of decoded) {
    if (!isPlainObject(item) || typeof item.Key !== 'string') continue;
    const values = Array.isArray(item.Values)
      ? item.Values.filter((v): v is string => typeof v === 'string')
      : [];
    options.push({ key: item.Key, values });
  }
  return options;
}
