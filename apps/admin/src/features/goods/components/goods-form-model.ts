import {
  type AdminGoodsDetail,
  type AdminGoodsSaveRequest,
  type GoodsImage,
  PRICE_CURRENCIES,
  PRICE_LEVELS,
  SkuStatus,
  skuCombinationKey,
  toMajor,
  toMinor,
} from '@shop/domain';

/** The price grid's cells: 'AUD37' … 'CNY39', in dollars or yuan as the form shows them. */
export type PriceCell = `${(typeof PRICE_CURRENCIES)[number]}${(typeof PRICE_LEVELS)[number]}`;
export const PRICE_CELLS: readonly { cell: PriceCell; currency: 'AUD' | 'CNY'; level: 37 | 38 | 39 }[] =
  PRICE_CURRENCIES.flatMap((currency) =>
    PRICE_LEVELS.map((level) => ({ cell: `${currency}${level}` as PriceCell, currency, level })),
  );

export interface SkuRow {
  /** The attribute-value combination the row stands for (skuCombinationKey). */
  key: string;
  id?: number | undefined;
  code: string;
  name: string;
  property: Record<string, string>;
  weight: number | null;
  status: number;
  stock: number | null;
  loadedStock?: number | undefined;
  /** Held by orders: taken out of the matrix it is kept, not for sale. */
  ordered?: boolean | undefined;
  prices: Partial<Record<PriceCell, number | null>>;
  /** The quantity rule (ADR 050): empty min and step mean 1, an empty maximum no limit. */
  minQty?: number | null | undefined;
  stepQty?: number | null | undefined;
  maxQty?: number | null | undefined;
  /** Volume prices, in dollars or yuan as the form shows them. */
  breaks?: BreakRow[] | undefined;
  /** GS1 barcode as typed; empty for none (the server keeps the digits). */
  barcode?: string | null | undefined;
  /** A 可预订 SKU's expected arrival day ('YYYY-MM-DD' from the date input); empty for none. */
  expectedDate?: string | null | undefined;
}

/** A volume price in the form: from `minQty` pieces on, `price` in the cell's currency at its level. */
export interface BreakRow {
  cell: PriceCell;
  minQty: number | null;
  price: number | null;
}

export interface GoodsFormValues {
  code: string;
  name: string;
  nameEn: string;
  brandId: number | null;
  categoryPath: number[];
  location: number | null;
  onShelf: boolean;
  content: string;
  images: GoodsImage[];
  attributes: { name: string; values: string[] }[];
  skus: SkuRow[];
  /** Whether the volume prices count all the good's SKUs together (mix and match). */
  breaksMixed?: boolean | undefined;
}

export const EMPTY_GOODS: GoodsFormValues = {
  code: '',
  name: '',
  nameEn: '',
  brandId: null,
  categoryPath: [],
  location: null,
  onShelf: false,
  content: '',
  images: [],
  attributes: [],
  skus: [],
  breaksMixed: false,
};

/** Attributes whose name and values are filled in (a row being typed is left out of the matrix). */
function readyAttributes(attributes: GoodsFormValues['attributes']) {
  return (attributes ?? []).filter((a) => a?.name?.trim() && (a.values ?? []).length > 0);
}

/** Every combination of the attributes' values, in order; one empty combination when there is none. */
export function combinations(attributes: GoodsFormValues['attributes']): Record<string, string>[] {
  return readyAttributes(attributes).reduce<Record<string, string>[]>(
    (rows, a) => rows.flatMap((row) => a.values.map((v) => ({ ...row, [a.name.trim()]: v }))),
    [{}],
  );
}

/**
 * The SKU matrix for the attributes: one row per combination, keeping the rows already entered for a combination
 * still there (their code, stock and prices), new rows empty with a suggested code.
 */
export function matrixFor(
  attributes: GoodsFormValues['attributes'],
  rows: readonly SkuRow[],
  goodsCode: string,
): SkuRow[] {
  const ready = readyAttributes(attributes).map((a) => ({ name: a.name.trim() }));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const taken = new Set(rows.map((r) => r.code));
  let n = 0;
  const nextCode = () => {
    let code: string;
    do {
      n += 1;
      code = `${goodsCode || 'SKU'}-${n}`;
    } while (taken.has(code));
    taken.add(code);
    return code;
  };
  return combinations(attributes).map((property) => {
    const key = skuCombinationKey(ready, property);
    return (
      byKey.get(key) ?? {
        key,
        code: nextCode(),
        name: '',
        property,
        weight: 0,
        status: SkuStatus.ByStock,
        stock: 0,
        prices: {},
      }
    );
  });
}

/** The form of a loaded good. */
export function formFromDetail(d: AdminGoodsDetail): GoodsFormValues {
  return {
    code: d.code,
    name: d.name,
    nameEn: d.nameEn,
    brandId: d.brandId,
    categoryPath: d.categoryPath,
    location: d.location,
    onShelf: d.onShelf,
    content: d.content,
    images: d.images,
    attributes: d.attributes,
    breaksMixed: d.breaksMixed,
    skus: d.skus.map((s) => ({
      key: skuCombinationKey(d.attributes, s.property),
      id: s.id,
      code: s.code,
      name: s.name,
      property: s.property,
      weight: s.weight,
      status: s.status,
      stock: s.stock,
      loadedStock: s.stock,
      ordered: s.ordered,
      prices: Object.fromEntries(
        s.prices.map((p) => [`${p.currency}${p.level}`, toMajor(p.amount)] as const),
      ) as SkuRow['prices'],
      minQty: s.minQty,
      stepQty: s.stepQty,
      maxQty: s.maxQty,
      barcode: s.barcode,
      expectedDate: s.expectedDate,
      breaks: s.breaks.map((b) => ({
        cell: `${b.currency}${b.level}` as PriceCell,
        minQty: b.minQty,
        price: toMajor(b.amount),
      })),
    })),
  };
}

/** The save call's body: prices from dollars/yuan to cents/fen, the category as its last level. */
export function requestFromForm(
  v: GoodsFormValues,
  loaded: { id: number; updateTime: string } | null,
): AdminGoodsSaveRequest {
  return {
    ...(loaded ? { id: loaded.id, updateTime: loaded.updateTime } : {}),
    code: v.code.trim(),
    name: v.name.trim(),
    nameEn: (v.nameEn ?? '').trim(),
    brandId: v.brandId ?? null,
    categoryId: v.categoryPath[v.categoryPath.length - 1] ?? 0,
    location: v.location ?? 0,
    onShelf: v.onShelf,
    content: v.content ?? '',
    images: v.images,
    attributes: readyAttributes(v.attributes).map((a) => ({ name: a.name.trim(), values: a.values })),
    skus: v.skus.map((s) => ({
      ...(s.id !== undefined ? { id: s.id, loadedStock: s.loadedStock } : {}),
      code: s.code.trim(),
      name: s.name.trim(),
      property: s.property,
      weight: s.weight ?? 0,
      status: s.status,
      stock: s.stock ?? 0,
      prices: PRICE_CELLS.flatMap(({ cell, currency, level }) => {
        const major = s.prices?.[cell];
        return major === null || major === undefined ? [] : [{ currency, level, amount: toMinor(major) }];
      }),
      minQty: s.minQty ?? 1,
      stepQty: s.stepQty ?? 1,
      maxQty: s.maxQty ?? null,
      barcode: s.barcode?.trim() || null,
      expectedDate: s.expectedDate?.trim() || null,
      breaks: (s.breaks ?? []).flatMap((b) => {
        const at = PRICE_CELLS.find((c) => c.cell === b.cell);
        if (!at || b.minQty === null || b.price === null) return [];
        return [{ currency: at.currency, level: at.level, minQty: b.minQty, amount: toMinor(b.price) }];
      }),
    })),
    breaksMixed: v.breaksMixed ?? false,
  };
}

/** The rule every SKU of the good has, or 'mixed' when they differ (set one by one): the 'for the product' fields. */
export function productRule(
  rows: readonly SkuRow[],
): { minQty: number; stepQty: number; maxQty: number | null } | 'mixed' | null {
  if (rows.length === 0) return null;
  const key = (r: SkuRow) => `${r.minQty ?? 1}/${r.stepQty ?? 1}/${r.maxQty ?? ''}`;
  const first = rows[0] as SkuRow;
  if (!rows.every((r) => key(r) === key(first))) return 'mixed';
  return { minQty: first.minQty ?? 1, stepQty: first.stepQty ?? 1, maxQty: first.maxQty ?? null };
}

/** A break's line as the matrix shows it: 'CNY 37 · 12件起 ¥27.00'. */
export function breakLabel(b: BreakRow): string {
  const at = PRICE_CELLS.find((c) => c.cell === b.cell);
  if (!at || b.minQty === null || b.price === null) return '';
  return `${at.currency} ${at.level} · ${b.minQty}件起 ${at.currency === 'AUD' ? '$' : '¥'}${b.price.toFixed(2)}`;
}
