import {
  defaultSelectedSku,
  type GoodsListItem as GoodsListItemData,
  isExpandable,
  isSkuPurchasable,
  LIST_IMAGE_WIDTH,
  parseProperties,
  productLink,
  qtyRuleOf,
  type Sku,
  smallestQty,
  visibleSkus,
  withLocationPrefix,
} from '@shop/domain';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Price } from '@/components/price';
import { ProductImage } from '@/components/product-image';
import { StockText } from '@/components/stock-text';
import { BuyAction, type BuyActionProps } from '../buy-action';
import { SkuOrderSheet } from './sku-order-sheet';
import { NameWithLocation, WarehouseChip } from './warehouse-chip';
import '../catalogue.css';

/**
 * One product of the list (spec §3/§4 'Product list item'): name with its location prefix (a chip beside the
 * name), NotForSale SKUs dropped, the first purchasable SKU selected, its price in the page currency and its
 * stock; several SKUs can be expanded into the grid/matrix/row of spec §4 with a quantity field per SKU and one
 * button adding them all (wholesale buyers order many SKUs at once).
 */
export function GoodsListItem({
  goods,
  eager = false,
  pricesPending = false,
}: {
  goods: GoodsListItemData;
  eager?: boolean;
  /** The prices are a visitor's standing in for the shopper's own: their place kept, not shown. */
  pricesPending?: boolean;
}) {
  const skus = useMemo(() => visibleSkus(goods.skus, { context: 'list' }), [goods.skus]);
  const [selectedId, setSelectedId] = useState<number | undefined>(() => defaultSelectedSku(skus)?.id);
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  const selected = skus.find((s) => s.id === selectedId) ?? defaultSelectedSku(skus);
  const name = withLocationPrefix(goods.name, goods.location);
  const href = productLink({ id: goods.id });
  const expandable = isExpandable(skus);
  const product: BuyActionProps['product'] = {
    goodsId: goods.id,
    name: goods.name,
    location: goods.location,
    image: goods.image,
  };
  const cannotBuy = (sku: Sku) => !goods.onFlag || !isSkuPurchasable(sku);

  return (
    <article className="goods-item" aria-label={name}>
      <div className="goods-item-main">
        <Link to={href} className="goods-item-image" tabIndex={-1} aria-hidden="true">
          <ProductImage path={goods.image} alt="" width={LIST_IMAGE_WIDTH} lazy={!eager} />
        </Link>
        <div className="goods-item-info">
          <h3 className="goods-item-name">
            <Link to={href}>
              <NameWithLocation name={goods.name} location={goods.location} />
            </Link>
          </h3>
          <p className="goods-item-meta">
            <WarehouseChip location={goods.location} />
            {goods.brandName && <span className="goods-item-brand">{goods.brandName}</span>}
          </p>
          {selected && (
            <p className="goods-item-sku">
              {/* The SKU's attribute values; its own name only when it says more than the product name. */}
              <span>
                {parseProperties(selected.property).text ||
                  (selected.name !== goods.name ? selected.name : '')}
              </span>
              <span className="goods-item-code">{selected.code}</span>
            </p>
          )}
        </div>
        <div className="goods-item-buy">
          {selected ? (
            <>
              <Price sku={selected} className="goods-item-price" pending={pricesPending} />
              <StockText sku={selected} />
              <BuyAction
                variant="list"
                product={product}
                sku={selected}
                qty={smallestQty(qtyRuleOf(selected))}
                disabled={cannotBuy(selected)}
              />
            </>
          ) : (
            <span className="stock stock-short">暂不可售</span>
          )}
          {expandable && (
            <button
              type="button"
              className="goods-item-expand"
              aria-expanded={expanded}
              aria-controls={panelId}
              onClick={() => setExpanded((v) => !v)}
            >
              {expanded ? '收起规格' : `展开 ${skus.length} 个规格`}
            </button>
          )}
        </div>
      </div>
      {expandable && expanded && (
        <div id={panelId} className="goods-item-skus">
          <SkuOrderSheet
            product={product}
            skus={skus}
            onShelf={goods.onFlag}
            selectedId={selected?.id}
            onSelect={(sku) => setSelectedId(sku.id)}
          />
        </div>
      )}
    </article>
  );
}
