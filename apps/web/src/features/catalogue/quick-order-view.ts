import { availableUnits, type Currency, type QuickOrderRow } from '@shop/domain';

/**
 * What the quick-order sheet (/user/products, ADR 018) shows of the whole shelf: the filters and the order the
 * buyer chose, applied in the browser to the sheet read once (1,350 SKUs filter in a few milliseconds).
 */

export const QuickOrderSort = {
  Shop: 'shop',
  Price: 'price',
  Stock: 'stock',
  Name: 'name',
  Code: 'code',
} as const;
export type QuickOrderSort = (typeof QuickOrderSort)[keyof typeof QuickOrderSort];

export const QUICK_ORDER_SORT_LABELS: Record<QuickOrderSort, string> = {
  shop: '综合',
  price: '价格',
  stock: '库存',
  name: '名称',
  code: '编码',
};

export interface QuickOrderFilters {
  cateId?: number | undefined;
  brandId?: number | undefined;
  location?: number | undefined;
  keyword?: string | undefined;
  sort: QuickOrderSort;
  direction: 'ASC' | 'DESC';
}

const names = new Intl.Collator('zh-CN');

/** A row with its lower-cased search text, built once per sheet. */
export interface IndexedRow {
  row: QuickOrderRow;
  index: number;
  text: string;
}

/** The search text of every row: product, SKU, code, brand and attribute values. */
export function indexRows(rows: readonly QuickOrderRow[]): IndexedRow[] {
  return rows.map((row, index) => ({
    row,
    index,
    text: [row.name, row.skuName, row.code, row.brandName, ...Object.values(row.property)]
      .join(' ')
      .toLowerCase(),
  }));
}

/** The row's price in the page currency (major units), or null: rows without one sort last either way. */
function pagePrice(row: QuickOrderRow, currency: Currency): number | null {
  return currency === 'AUD' ? row.audPrice : row.cnyPrice;
}

/**
 * What a buyer can order of a row now, for the stock sort (the domain's availableUnits, the rule every screen
 * shows): rows without a limit (不限量) above those sold by their stock, by their stock, and rows that cannot be
 * bought below both, whatever their stock number says.
 */
function stockRank(row: QuickOrderRow): number {
  const units = availableUnits(row);
  return units > 0 ? units : -1;
}

/** Ascending order of two ranks, Infinity (no limit) included. */
const compareRanks = (a: number, b: number) => (a === b ? 0 : a < b ? -1 : 1);

/** The rows matching every filter (each keyword word must match), in the chosen order. */
export function quickOrderView(
  rows: readonly IndexedRow[],
  filters: QuickOrderFilters,
  currency: Currency,
): QuickOrderRow[] {
  const words = (filters.keyword ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const matching = rows.filter(
    ({ row, text }) =>
      (filters.location === undefined || row.location === filters.location) &&
      (filters.brandId === undefined || row.brandId === filters.brandId) &&
      (filters.cateId === undefined || row.categoryIds.includes(filters.cateId)) &&
      words.every((w) => text.includes(w)),
  );
  const sign = filters.direction === 'ASC' ? 1 : -1;
  const byIndex = (a: IndexedRow, b: IndexedRow) => a.index - b.index;
  let compare: (a: IndexedRow, b: IndexedRow) => number;
  switch (filters.sort) {
    case QuickOrderSort.Price:
      compare = (a, b) => {
        const pa = pagePrice(a.row, currency);
        const pb = pagePrice(b.row, currency);
        if (pa === null || pb === null) return pa === pb ? byIndex(a, b) : pa === null ? 1 : -1;
        return sign * (pa - pb) || byIndex(a, b);
      };
      break;
    case QuickOrderSort.Stock:
      compare = (a, b) => sign * compareRanks(stockRank(a.row), stockRank(b.row)) || byIndex(a, b);
      break;
    case QuickOrderSort.Name:
      compare = (a, b) => sign * names.compare(a.row.name, b.row.name) || byIndex(a, b);
      break;
    case QuickOrderSort.Code:
      compare = (a, b) => sign * a.row.code.localeCompare(b.row.code) || byIndex(a, b);
      break;
    default:
      // 综合: the sheet's own order (what can be bought now first, then the shop's order; the server's).
      compare = (a, b) => sign * -byIndex(a, b);
  }
  return matching.sort(compare).map((r) => r.row);
}
