import { priceHint, type SkuPriceFields, skuDisplayPrice, skuPrices, toMinor } from '@shop/domain';
import { usePageCurrency } from '@/lib/page-currency';

/** A SKU's prices in minor units for the currency rule; an unreadable one counts as none. */
function minorPrices(sku: SkuPriceFields) {
  const minor = (value: number | string | null | undefined) => {
    if (value === null || value === undefined || value === '') return null;
    try {
      return toMinor(value);
    } catch {
      return null;
    }
  };
  return { audPrice: minor(sku.audPrice), cnyPrice: minor(sku.cnyPrice) };
}

/**
 * The hint of the currency rule beside a price (ADR 013): 仅支持人民币结算 when paying AUD for a product with a
 * CNY price only, 按汇率折合人民币结算 when paying CNY for one with an AUD price only. Written out, not a hover
 * tooltip, so a phone shows it too.
 */
export function PriceHint({ sku }: { sku: SkuPriceFields }) {
  const currency = usePageCurrency((s) => s.currency);
  const hint = priceHint(minorPrices(sku), currency);
  return hint ? <span className="price-hint">{hint}</span> : null;
}

/**
 * A SKU's price in the page currency (spec §5: '$' AUD, '¥' CNY, 2 decimals). Without a price in the page
 * currency it shows the other currency's price with that currency's symbol, never a wrong one, and says how
 * it is paid.
 */
export function Price({
  sku,
  className,
  pending = false,
}: {
  sku: SkuPriceFields;
  className?: string;
  /** Not the shopper's price yet (a visitor's standing in): its place kept, not shown (catalogue.css). */
  pending?: boolean;
}) {
  const currency = usePageCurrency((s) => s.currency);
  const price = skuDisplayPrice(sku, currency);
  if (!price)
    return (
      <span className={`price price-none ${className ?? ''}${pending ? ' price-pending' : ''}`}>
        暂无报价
      </span>
    );
  return (
    <span className={pending ? 'price-with-hint price-pending' : 'price-with-hint'}>
      <span className={`price ${className ?? ''}`}>{price.text}</span>
      {!price.inPageCurrency && <PriceHint sku={sku} />}
    </span>
  );
}

/** Every price of a SKU, the page currency first and larger (product detail), with the rule's hint. */
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
      <PriceHint sku={sku} />
    </span>
  );
}
