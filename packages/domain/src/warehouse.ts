import { COUNTRY_LABELS, Country } from './country';

/** Warehouse ids (spec §3 'Warehouses'): 1 AU … 8 JP, 9 Mix (goods from several warehouses). */
export const Warehouse = {
  AU: 1,
  CN: 2,
  NZ: 3,
  US: 4,
  HK: 5,
  KR: 6,
  EU: 7,
  JP: 8,
  Mix: 9,
} as const;
export type Warehouse = (typeof Warehouse)[keyof typeof Warehouse];
/** The spec's value of a warehouse ('AU' … 'Mix'). */
export type WarehouseCode = keyof typeof Warehouse;

const WAREHOUSE_SUFFIX = '仓';

/** Names of the warehouses: the country name plus '仓'; Mix is '混合仓' (spec §3). */
export const WAREHOUSE_NAMES: Readonly<Record<Warehouse, string>> = {
  [Warehouse.AU]: COUNTRY_LABELS[Country.AU] + WAREHOUSE_SUFFIX,
  [Warehouse.CN]: COUNTRY_LABELS[Country.CN] + WAREHOUSE_SUFFIX,
  [Warehouse.NZ]: COUNTRY_LABELS[Country.NZ] + WAREHOUSE_SUFFIX,
  [Warehouse.US]: COUNTRY_LABELS[Country.US] + WAREHOUSE_SUFFIX,
  [Warehouse.HK]: COUNTRY_LABELS[Country.HK] + WAREHOUSE_SUFFIX,
  [Warehouse.KR]: COUNTRY_LABELS[Country.KR] + WAREHOUSE_SUFFIX,
  [Warehouse.EU]: COUNTRY_LABELS[Country.EU] + WAREHOUSE_SUFFIX,
  [Warehouse.JP]: COUNTRY_LABELS[Country.JP] + WAREHOUSE_SUFFIX,
  [Warehouse.Mix]: `混合${WAREHOUSE_SUFFIX}`,
};

/**
 * The warehouse id of a location as it arrives on the wire: an id (9, '9') or the spec's value ('AU', 'Mix').
 * Undefined for anything else.
 */
export function toWarehouseId(location: number | string | null | undefined): Warehouse | undefined {
  if (location === null || location === undefined) return undefined;
  const text = String(location).trim();
  if (/^\d+$/.test(text)) {
    const id = Number(text);
    return Object.hasOwn(WAREHOUSE_NAMES, id) ? (id as Warehouse) : undefined;
  }
  const code = (Object.keys(Warehouse) as WarehouseCode[]).find(
    (k) => k.toLowerCase() === text.toLowerCase(),
  );
  return code === undefined ? undefined : Warehouse[code];
}

/**
 * Name of a warehouse, optionally wrapped in full-width brackets: '澳大利亚仓' / '【澳大利亚仓】';
 * empty for an unknown id (spec §3 'Warehouses').
 */
export function warehouseName(
  location: number | string | null | undefined,
  options: { brackets?: boolean } = {},
): string {
  const id = toWarehouseId(location);
  if (id === undefined) return '';
  const name = WAREHOUSE_NAMES[id];
  return options.brackets ? `【${name}】` : name;
}

/** The location prefix of product names, e.g. '【澳大利亚仓】'; empty for an unknown location (spec §3). */
export function locationPrefix(location: number | string | null | undefined): string {
  return warehouseName(location, { brackets: true });
}

/** A product name with its location prefix (spec §3 'Product list item', 'Product detail'). */
export function withLocationPrefix(name: string, location: number | string | null | undefined): string {
  return locationPrefix(location) + name;
}
