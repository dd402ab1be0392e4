import { parseProperties } from './properties';
import { isSkuPurchasable, SkuStatus } from './sku-status';

/** The minimal sku shape the layout rules need (spec §3 'SKU'). */
export interface SkuLike {
  id: string | number;
  status: number;
  stock: number;
  /** Raw properties: an object, a list of single-key objects or a JSON string (spec §3 'Properties'). */
  property?: unknown;
}

/** More than two attribute keys: every sku in one flat grid (spec §4, isGridList true). */
export interface SkuFlatGrid<S> {
  kind: 'grid';
  isGridList: true;
  keys: string[];
  skus: S[];
}

/** Exactly two keys: rows from the first key's values, columns from the second's (spec §4). */
export interface SkuMatrix<S> {
  kind: 'matrix';
  isGridList: false;
  keys: [string, string];
  rows: string[];
  columns: string[];
  /** cells[row][column]: the sku with those two values, or undefined where no sku exists. */
  cells: (S | undefined)[][];
}

/** One key (or none): a single row, one column per sku (spec §4). */
export interface SkuRow<S> {
  kind: 'row';
  isGridList: false;
  keys: string[];
  /** The key's value of each sku, in sku order ('' when the sku has none). */
  columns: string[];
  skus: S[];
}

export type SkuGridLayout<S> = SkuFlatGrid<S> | SkuMatrix<S> | SkuRow<S>;

function distinct(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

/**
 * Lays out a product's skus by their attribute keys (spec §4 'SKU stock status'): more than two keys →
 * flat grid (isGridList), exactly two → matrix, one or none → single row. Keys and values keep the order
 * in which they first appear across the skus.
 */
export function skuGridLayout<S extends SkuLike>(skus: readonly S[]): SkuGridLayout<S> {
  const parsed = skus.map((sku) => ({ sku, map: parseProperties(sku.property).map }));
  const keys = distinct(parsed.flatMap((p) => Object.keys(p.map)));
  if (keys.length > 2) return { kind: 'grid', isGridList: true, keys, skus: [...skus] };
  const [rowKey, columnKey] = keys;
  if (rowKey !== undefined && columnKey !== undefined) {
    const rows = distinct(parsed.map((p) => p.map[rowKey] ?? ''));
    const columns = distinct(parsed.map((p) => p.map[columnKey] ?? ''));
    const cells = rows.map((row) =>
      columns.map(
        (column) =>
          parsed.find((p) => (p.map[rowKey] ?? '') === row && (p.map[columnKey] ?? '') === column)?.sku,
      ),
    );
    return { kind: 'matrix', isGridList: false, keys: [rowKey, columnKey], rows, columns, cells };
  }
  const columns = rowKey === undefined ? parsed.map(() => '') : parsed.map((p) => p.map[rowKey] ?? '');
  return { kind: 'row', isGridList: false, keys, columns, skus: [...skus] };
}

/** The sku selected by default: the first purchasable one, else the first (spec §4). */
export function defaultSelectedSku<S extends SkuLike>(skus: readonly S[]): S | undefined {
  return skus.find((sku) => isSkuPurchasable(sku)) ?? skus[0];
}

/** Where skus are listed: product lists and detail, or the checkout. */
export type SkuListContext = 'list' | 'checkout';

/**
 * The skus to show (spec §4): NotForSale skus are dropped from lists; in checkout only when the product
 * has several skus, so a single not-for-sale sku stays visible beside the notForSaleMsg.
 */
export function visibleSkus<S extends SkuLike>(
  skus: readonly S[],
  options: { context: SkuListContext },
): S[] {
  if (options.context === 'checkout' && skus.length <= 1) return [...skus];
  return skus.filter((sku) => sku.status !== SkuStatus.NotForSale);
}

/** A product with several skus can be expanded (spec §4). */
export function isExpandable(skus: readonly unknown[]): boolean {
  return skus.length > 1;
}
