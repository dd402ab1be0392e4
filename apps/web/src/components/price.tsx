import { type SkuPriceFields, skuDisplayPrice, skuPrices } from '@shop/domain';
import { usePageCurrency } from '@/lib/page-currency';

/**
 * A SKU's price in the page currency (spec §5: '$' AUD, '¥' CNY, 2 decimals). Without a price in the page
 * currency it shows the other currency's price with that currency's symbol, never a wrong one.
 */
export function Price({ sku, className }: { sku: SkuPriceFields; className?: string }) {
  const currency = usePageCurrency((s) => s.currency);
  const price = skuDisplayPrice(sku, currency);
  if (!price) return <span className={`price price-none ${className ?? ''}`}>暂无报价</span>;
  return (
    <span
      className={`price ${className ?? ''}`}
      title={price.inPageCurrency ? undefined : `仅支持${price.currency === 'CNY' ? '人民币' : '澳元'}结算`}
    >
      {price.text}
    </span>
  );
}

/** Every price of a SKU, the page currency first and larger (product detail). */
export function PriceList({ sku }: { sku: SkuPriceFields }) {
  const currency = usePageCurrency((s) => s.currency);
  const prices = skuPrices(sku, currency);
  if (prices.length === 0) return <span className="price price-none">暂无报价</span>;
  return (
    <span className="price-list">
      {prices.map((p, i) => (
        <span key={p.currency} className={i === 0 ? 'price price-main' : 'price price-other'}>
          {p.text}
        </span>
      ))}
    </span>
  );
}
