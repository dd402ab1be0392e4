import {
  defaultSelectedSku,
  type GoodsDetail,
  isSkuPurchasable,
  parseImageList,
  parsePropertyOptions,
  type SkuDetail,
  type SkuSelection,
  selectionOfSku,
  skuOfSelection,
  toggleOption,
  visibleSkus,
  withLocationPrefix,
} from '@shop/domain';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PriceList } from '@/components/price';
import { ProductImage } from '@/components/product-image';
import { QtyStepper } from '@/components/qty-stepper';
import { RichContent } from '@/components/rich-content';
import { paths } from '@/lib/paths';
import { BuyAction } from '../buy-action';
import { ProductGallery } from './product-gallery';
import { SkuSelector } from './sku-selector';
import { StockText } from './stock-text';
import '../catalogue.css';

/** Grams as '850 g' or '1.25 kg'. */
function formatWeight(grams: number): string {
  if (grams < 1000) return `${grams} g`;
  return `${Number((grams / 1000).toFixed(2))} kg`;
}

function initialSku(detail: GoodsDetail, skus: SkuDetail[]): SkuDetail | undefined {
  return skus.find((s) => s.id === detail.selectedSkuId) ?? defaultSelectedSku(skus);
}

/**
 * The product detail (spec §3 'Product detail'): gallery, name with location prefix, brand, SKU choice by
 * attribute values (NotForSale SKUs hidden; first the SKU asked for by skuId, else the default SKU), quantity,
 * stock, prices in the page currency and the other one, weight, the page's buy action, and the sanitized
 * description. A product off the shelf says '商品已下架' and cannot be bought (spec §8).
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
  const name = withLocationPrefix(detail.name, detail.location);
  const images = [
    ...parseImageList(detail.goodsDetail.goodImageJson),
    ...parseImageList(detail.goodsDetail.realImageJson),
  ];
  const contentImages = parseImageList(detail.goodsDetail.contentImageJson);
  const missingKeys = keys.filter((k) => selection[k] === undefined);
  const onShelf = detail.onFlag;

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
          <h1 className="product-name">{name}</h1>
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
              <PriceList sku={selected} />
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
              onToggle={(key, value) => setSelection((s) => toggleOption(s, key, value))}
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
            <div>
              <dt>数量</dt>
              <dd>
                <QtyStepper
                  value={quantity}
                  disabled={!onShelf || !selected}
                  onChange={setQuantity}
                  label="购买数量"
                  inputLabel="购买数量"
                  commit="typing"
                />
              </dd>
            </div>
            {selected && (
              <>
                <div>
                  <dt>库存</dt>
                  <dd>
                    <StockText sku={selected} needed={quantity} />
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
          <div className="product-buy">
            <BuyAction
              variant="detail"
              product={{
                goodsId: detail.id,
                name: detail.name,
                location: detail.location,
                image: images[0] ?? '',
              }}
              sku={selected}
              qty={quantity}
              disabled={!onShelf || !selected || !isSkuPurchasable(selected)}
            />
          </div>
        </div>
      </div>

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
