import { type SkuStockFields, skuStockView } from '@shop/domain';

/**
 * A SKU's stock as the whole shop shows it (the domain's skuStockView, spec §4 'Stock display by status'): the
 * status for the needed quantity ('现货' / '库存不足' / '需预订' …) and, with `availableClass`, what can be
 * taken beside it ('可购 283 件', '不限量' …) in a span of that class.
 */
export function StockText({
  sku,
  needed = 1,
  availableClass,
}: {
  sku: SkuStockFields;
  needed?: number;
  availableClass?: string;
}) {
  const view = skuStockView(sku, needed);
  return (
    <>
      <span className={`stock ${view.ok ? 'stock-ok' : 'stock-short'}`}>{view.text}</span>
      {availableClass !== undefined && view.available && (
        <span className={availableClass} title={view.available}>
          {view.available}
        </span>
      )}
    </>
  );
}
