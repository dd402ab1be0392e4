import {
  keyProperty,
  type OfferBreak,
  parseProperties,
  priceBreaksOf,
  type Sku,
  toMajor,
} from '@shop/domain';
import type { SkuPriceRow } from './catalogue.prices.repository';

/**
 * How the catalogue's rows go on the wire, for every concern that answers SKUs or category paths: amounts in major
 * units, properties decoded (spec §3 'SKU', 'Properties'), a category path as ids.
 */

export const toAmount = (minor: number | null): number | null => (minor === null ? null : toMajor(minor));

/** Volume prices as breaksAtLevel answers them (JSON, parsed or not by the driver), minor units. */
export function decodeBreaks(value: unknown): OfferBreak[] {
  const list = (typeof value === 'string' ? JSON.parse(value) : value) as
    | { minQty: number; aud: number | string | null; cny: number | string | null }[]
    | null;
  if (!list) return [];
  return list.map((b) => ({
    minQty: Number(b.minQty),
    aud: b.aud === null ? null : Number(b.aud),
    cny: b.cny === null ? null : Number(b.cny),
  }));
}

/** Attribute keys of a product's SKUs in order of first appearance (spec §3 'Properties'). */
export function propertyKeys(maps: readonly Record<string, string>[]): string[] {
  const keys = new Set<string>();
  for (const map of maps) for (const key of Object.keys(map)) keys.add(key);
  return [...keys];
}

/**
 * A SKU for the wire (spec §3 'SKU'): properties decoded to strings, keyProperty joined in the product's
 * key order (so every SKU of a product lines up with its options), amounts in major units.
 */
function toSkuDto(row: SkuPriceRow, keys: readonly string[]): Sku {
  const property = parseProperties(row.property).map;
  return {
    id: row.id,
    goodsId: row.goodsId,
    code: row.code,
    name: row.name,
    property,
    // A key this SKU lacks counts as '' so every SKU's values line up with the product's options.
    keyProperty: keyProperty(keys.map((k) => property[k] ?? '')),
    status: row.status,
    stock: row.stock,
    weight: row.weight,
    audPrice: toAmount(row.aud),
    cnyPrice: toAmount(row.cny),
    minQty: row.minQty,
    stepQty: row.stepQty,
    maxQty: row.maxQty,
    priceBreaks: priceBreaksOf(row.breaks),
    breaksMixed: row.breaksMixed,
  };
}

/** SKUs with their key order, for the SKUs of one product. */
export function toSkuDtos(rows: readonly SkuPriceRow[]): Sku[] {
  const keys = propertyKeys(rows.map((r) => parseProperties(r.property).map));
  return rows.map((r) => toSkuDto(r, keys));
}

/** The ids of a materialized category path '/1/5/23/', root first. */
export function pathIds(path: string): number[] {
  return path
    .split('/')
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
}
