import type { AdminStockRow } from '@shop/domain';

/** A SKU's low-stock line as the console writes it: its own number, or the shop's with （默认）. */
export function lowStockLineText(row: Pick<AdminStockRow, 'lowStockAt' | 'lowStockLine'>): string {
  return row.lowStockAt === null ? `${row.lowStockLine}（默认）` : String(row.lowStockAt);
}
