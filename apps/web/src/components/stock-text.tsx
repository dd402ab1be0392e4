import { type SkuStockFields, StockDisplayText, stockDisplay } from '@shop/domain';

/** The stock text of a SKU for a needed quantity (spec §4 'Stock display by status': '现货' / '库存不足' …). */
export function StockText({ sku, needed = 1 }: { sku: SkuStockFields; needed?: number }) {
  const text = stockDisplay(sku.status, sku.stock, needed);
  const ok = text === StockDisplayText.Enough || text === StockDisplayText.PreOrder;
  return <span className={`stock ${ok ? 'stock-ok' : 'stock-short'}`}>{text}</span>;
}
