import {
  chooseOption,
  clampCartQty,
  defaultSelectedSku,
  formatWeight,
  type GoodsDetail,
  isSkuPurchasable,
  maxCartQty,
  parseImageList,
  parsePropertyOptions,
  qtyRuleOf,
  type SkuDetail,
  type SkuSelection,
  StockDisplayText,
  selectionOfSku,
  skuOfSelection,
  stockDisplay,
  visibleSkus,
  withLocationPrefix,
} from '@shop/domain';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PreOrderBadge } from '@/components/pre-order-badge';
import { Price, PriceList } from '@/components/price';
import { ProductImage } from '@/components/product-image';
import { PriceBreaks, QtyRuleHint } from '@/components/qty-rule';
import { QtyStepper } from '@/components/qty-stepper';
import { RichContent } from '@/components/rich-content';
import { StockText } from '@/components/stock-text';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { BuyAction, BuyNowAction, type BuyProduct } from '../buy-action';
import { ProductGallery } from './product-gallery';
import { SkuOrderSheet } from './sku-order-sheet';
import { SkuSelector } from './sku-selector';
import { NameWithLocation, WarehouseChip } from './warehouse-chip';
import '../catalogue.css';

function initialSku(detail: GoodsDetail, skus: SkuDetail[]): SkuDetail | undefined {
  return skus.find((s) => s.id === detail.selectedSkuId) ?? defaultSelectedSku(skus);
}

/**
 * The product detail (spec §3 'Product detail'): gallery, name with location prefix (a chip), brand, SKU choice
 * by attribute values (NotForSale SKUs hidden; first the SKU asked for by skuId, else the default SKU; a click on
 * any value lands on a SKU that can be bought), quantity kept within what the SKU allows, stock, prices in the
 * page currency and the other one, a ByBook SKU's pre-order with its expected day when its stock does not cover
 * the quantity (issue #39 '预订'), weight, the page's buy actions (a bar at the bottom of a phone's screen), the
 * SKU grid for ordering many SKUs at once, and the sanitized description. A product off the shelf says
 * '商品已下架' and cannot be bought (spec §8).
 */
export function ProductDetail({ detail }: { detail: GoodsDetail }) {
  const skus = useMemo(() => visibleSkus(detail.skus, { context: 'list' }), [detail.skus]);
  const options = useMemo(
    () =>
      parsePropertyOptions(detail.property).filter(
        (o) => o.values.length > 0 && skus.some((s) => s.property[o.key] !== undefined),
      ),
    [detail.property, skus],
  );
  const keys = options.map((o) => o.key);
  const [selection, setSelection] = useState<SkuSelection>(() => {
    const sku = initialSku(detail, skus);
    return sku ? selectionOfSku(sku, keys) : {};
  });
  // Without attribute options the SKUs are chosen by name.
  const [pickedId, setPickedId] = useState<number | undefined>(() => initialSku(detail, skus)?.id);
  const [quantity, setQuantity] = useState(1);

  const selected =
    keys.length > 0 ? skuOfSelection(skus, keys, selection) : skus.find((s) => s.id === pickedId);
  const rule = selected ? qtyRuleOf(selected) : undefined;
  // The quantity follows the SKU: a SKU with less stock shows (and buys) at most what it has, and a SKU sold by
  // the case a whole number of cases from its smallest allowed quantity (ADR 050).
  const qty = selected ? clampCartQty(quantity, selected, rule).qty : quantity;
  const changeQty = (next: number) => {
    if (!selected) return setQuantity(next);
    // Like the cart's stepper: more than the SKU allows becomes its limit, a quantity its rule does not allow
    // the nearest one it does, and the shopper is told why.
    const clamped = clampCartQty(next, selected, rule);
    if (clamped.message) notify.warn(clamped.message);
    setQuantity(clamped.qty);
  };
  const most = selected && isSkuPurchasable(selected) ? maxCartQty(selected, rule) : 0;
  const selectSku = (sku: Pick<SkuDetail, 'id' | 'property'>) => {
    if (keys.length > 0) setSelection(selectionOfSku(sku, keys));
    else setPickedId(sku.id);
  };
  const name = withLocationPrefix(detail.name, detail.location);
  const images = [
    ...parseImageList(detail.goodsDetail.goodImageJson),
    ...parseImageList(detail.goodsDetail.realImageJson),
  ];
  const contentImages = parseImageList(detail.goodsDetail.contentImageJson);
  const missingKeys = keys.filter((k) => selection[k] === undefined);
  const onShelf = detail.onFlag;
  const product: BuyProduct = {
    goodsId: detail.id,
    name: detail.name,
    location: detail.location,
    image: images[0] ?? '',
  };
  // A SKU sold by the case with less stock than its smallest quantity cannot be bought either.
  const cannotBuy = !onShelf || !selected || !isSkuPurchasable(selected) || most === 0;
  // A ByBook SKU sells past its stock: what the stock does not cover ships when the expected stock arrives.
  const preOrder =
    !cannotBuy && stockDisplay(selected.status, selected.stock, qty) === StockDisplayText.PreOrder;

  return (
    <div className="product-detail">
      <nav aria-label="分类路径" className="breadcrumb">
        <Link to={paths.home()}>首页</Link>
        {detail.categoryPath.map((cate) => (
          <span key={cate.id} className="breadcrumb-part">
            <span aria-hidden="true">›</span>
            <Link to={paths.products(cate.id)}>{cate.name}</Link>
          </span>
        ))}
        <span className="breadcrumb-part">
          <span aria-hidden="true">›</span>
          <span aria-current="page">{detail.name}</span>
        </span>
      </nav>

      <div className="product-top panel">
        <ProductGallery images={images} name={name} />
        <div className="product-info">
          {!onShelf && (
            <p className="off-shelf" role="alert">
              商品已下架
            </p>
          )}
          <div className="product-title">
            <WarehouseChip location={detail.location} />
            <h1 className="product-name">
              <NameWithLocation name={detail.name} location={detail.location} />
            </h1>
          </div>
          {detail.nameEn && <p className="product-name-en muted">{detail.nameEn}</p>}
          {detail.brand && (
            <Link to={paths.brand(detail.brand.id)} className="product-brand">
              <ProductImage path={detail.brand.logo} alt="" width={32} lazy={false} />
              {detail.brand.name}
            </Link>
          )}

          <div className="product-price-box">
            <span className="product-price-label">价格</span>
            {selected ? (
              <div className="product-prices">
                <PriceList sku={selected} />
                <PriceBreaks breaks={selected.priceBreaks} />
              </div>
            ) : (
              <span className="muted">请选择{missingKeys.join('、')}</span>
            )}
          </div>

          {skus.length === 0 ? (
            <p className="stock stock-short">该商品暂无可售规格</p>
          ) : keys.length > 0 ? (
            <SkuSelector
              options={options}
              skus={skus}
              selection={selection}
              onChoose={(key, value) => setSelection((s) => chooseOption(skus, keys, s, key, value))}
            />
          ) : (
            skus.length > 1 && (
              // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not a form fieldset
              <div className="sku-selector-row" role="group" aria-label="规格">
                <span className="sku-selector-key">规格</span>
                <div className="sku-selector-values">
                  {skus.map((sku) => (
                    <button
                      key={sku.id}
                      type="button"
                      className="sku-value"
                      aria-pressed={sku.id === pickedId}
                      onClick={() => setPickedId(sku.id)}
                    >
                      {sku.name}
                    </button>
                  ))}
                </div>
              </div>
            )
          )}

          <dl className="product-facts">
            {selected && (
              <>
                <div>
                  <dt>库存</dt>
                  <dd className="product-stock">
                    <StockText sku={selected} needed={qty} availableClass="muted" />
                    {preOrder && <PreOrderBadge expectedDate={selected.expectedDate} />}
                  </dd>
                </div>
                <div>
                  <dt>重量</dt>
                  <dd>{formatWeight(selected.weight)}</dd>
                </div>
                <div>
                  <dt>编码</dt>
                  <dd>{selected.code}</dd>
                </div>
              </>
            )}
          </dl>
          {/* On a phone this bar stays at the bottom of the screen (price, quantity, add and buy now). */}
          <div className="product-buy-bar">
            {/* On a phone the bar, in sight above everything else, says it too. */}
            {preOrder && (
              <PreOrderBadge expectedDate={selected.expectedDate} className="product-buy-pre-order" />
            )}
            <div className="product-buy-bar-price">
              {selected ? <Price sku={selected} /> : <span className="muted">请选择规格</span>}
            </div>
            <div className="product-buy-qty">
              <span className="product-buy-qty-label">数量</span>
              <QtyStepper
                value={qty}
                disabled={!onShelf || !selected}
                onChange={changeQty}
                label="购买数量"
                inputLabel="购买数量"
                commit="typing"
                max={most > 0 ? most : undefined}
                rule={rule}
              />
              {rule && <QtyRuleHint rule={rule} />}
            </div>
            <div className="product-buy">
              <BuyAction variant="detail" product={product} sku={selected} qty={qty} disabled={cannotBuy} />
              <BuyNowAction
                variant="detail"
                product={product}
                sku={selected}
                qty={qty}
                disabled={cannotBuy}
              />
            </div>
          </div>
        </div>
      </div>

      {skus.length > 1 && (
        <section className="product-order panel" aria-labelledby="product-order-title">
          <h2 id="product-order-title" className="section-title">
            批量订购
            <span className="section-note muted">每个规格填写数量，一次全部加入购物车</span>
          </h2>
          <SkuOrderSheet
            product={product}
            skus={skus}
            onShelf={onShelf}
            selectedId={selected?.id}
            onSelect={selectSku}
          />
        </section>
      )}

      <section className="product-content panel" aria-label="商品详情">
        <h2 className="section-title">商品详情</h2>
        {detail.goodsDetail.content ? (
          <RichContent html={detail.goodsDetail.content} />
        ) : contentImages.length === 0 ? (
          <p className="muted">暂无详细介绍</p>
        ) : null}
        {contentImages.map((path, i) => (
          <ProductImage
            // The same picture may appear twice; its place in the list is its identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: positional list
            key={`${path}-${i}`}
            path={path}
            alt=""
            width={800}
            height={800}
            className="content-image"
          />
        ))}
      </section>
    </div>
  );
}
