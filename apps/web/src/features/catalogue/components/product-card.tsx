import {
  defaultSelectedSku,
  type GoodsListItem,
  productLink,
  visibleSkus,
  withLocationPrefix,
} from '@shop/domain';
import { Link } from 'react-router';
import { Price } from '@/components/price';
import { ProductImage } from '@/components/product-image';
import { NameWithLocation, WarehouseChip } from './warehouse-chip';
import '../product-card.css';

/**
 * A product as a card (home floors, brand page): main image with the warehouse chip on it, the name in two
 * lines (its location prefix read by screen readers, the chip shown instead, so the name keeps its room) and
 * the price of its default SKU (spec §4: first purchasable, NotForSale dropped) in the page currency. Plain CSS:
 * the home page carries no component library.
 */
export function ProductCard({ goods, lazy = true }: { goods: GoodsListItem; lazy?: boolean }) {
  const sku = defaultSelectedSku(visibleSkus(goods.skus, { context: 'list' }));
  const name = withLocationPrefix(goods.name, goods.location);
  return (
    <Link to={productLink({ id: goods.id })} className="product-card" title={name}>
      <span className="product-card-media">
        <ProductImage path={goods.image} alt={name} width={220} lazy={lazy} className="product-card-image" />
        <WarehouseChip location={goods.location} className="product-card-chip" />
      </span>
      <span className="product-card-name">
        <NameWithLocation name={goods.name} location={goods.location} />
      </span>
      <span className="product-card-foot">
        {sku ? (
          <Price sku={sku} className="product-card-price" />
        ) : (
          <span className="price-none">暂不可售</span>
        )}
      </span>
    </Link>
  );
}
