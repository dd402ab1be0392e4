import {
  CataloguePaths,
  type CategoryNode,
  categoryNavView,
  DEFAULT_PAGE_CURRENCY,
  defaultSelectedSku,
  firstListPageBody,
  firstOrderByTendency,
  GOODS_ORDER_BY_LABELS,
  type GoodsListItem,
  type GoodsListResponse,
  GoodsOrderByType,
  type GoodsQuery,
  goodsSortTemplateSchema,
  isExpandable,
  isSkuPurchasable,
  LIST_IMAGE_WIDTH,
  locationPrefix,
  OrderByTendency,
  type PagePreload,
  parseProperties,
  preloadKey,
  priceHint,
  productLink,
  type Sku,
  skuDisplayPrice,
  skuStockView,
  TemplateName,
  toMinor,
  visibleSkus,
  WEBSITE_ID,
  warehouseName,
  withLocationPrefix,
} from '@shop/domain';
import { escapeHtml, imageTag } from './storefront-html';

/**
 * The product list's first view (ADR 051): the page as the storefront's first render draws it for a visitor
 * (products.tsx: the shortcuts, the category path and chips, the warehouse chip, the count and sort, then the
 * first rows as GoodsListItem draws them), from the answers the page carries, so the first row's picture is drawn
 * with the HTML and nothing moves when the app replaces it. Prices are left out, their place kept: they depend on
 * the shopper's currency and member level, which only the browser knows.
 */

/** Rows in the first view: more than a phone's screen shows below the list's head. */
export const LIST_LEAD_ROWS = 6;

/** The data of the page's successful answer to a call, or undefined. */
function answerData<T>(preload: PagePreload, method: 'GET' | 'POST', path: string, body?: unknown) {
  const answer = preload[preloadKey(method, path, body)];
  const payload = answer?.payload as { success?: boolean; data?: T } | undefined;
  return answer?.status === 200 && payload?.success === true ? payload.data : undefined;
}

/** A list address as the storefront's listHref writes it: defaults stay out of the query. */
function listAddress(cateId: number | undefined, query: Record<string, string | number | undefined> = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return escapeHtml(`${cateId ? `/products/${cateId}` : '/products'}${search ? `?${search}` : ''}`);
}

/** The curated shortcuts of the goods-sort template (GoodsSortShortcuts). */
function shortcuts(preload: PagePreload): string {
  const template = answerData<{ templateJson: string }>(
    preload,
    'GET',
    `${CataloguePaths.template}${TemplateName.goodsSort}`,
  );
  let items: { title: string; query: GoodsQuery }[] = [];
  try {
    const parsed = goodsSortTemplateSchema.safeParse(JSON.parse(template?.templateJson ?? 'null'));
    if (parsed.success) items = parsed.data.sortProducts;
  } catch {
    // A template that does not decode has no shortcuts, as on the storefront.
  }
  if (items.length === 0) return '';
  const links = items.map(
    ({ title, query }) =>
      `<a class="chip chip-shortcut" href="${listAddress(query.cateId, {
        brandId: query.brandId,
        location: query.location || undefined,
        keyword: query.keyword,
        orderByType: query.orderByType,
        orderByTendency: query.orderByTendency,
      })}">${escapeHtml(title)}</a>`,
  );
  return `<nav class="chips shortcuts" aria-label="精选分类">${links.join('')}</nav>`;
}

/** The category path and chips (CategoryNav), and the warehouse chips before their counts (WarehouseChips). */
function filters(roots: readonly CategoryNode[], cateId: number | undefined): string {
  const { chain, chips, showAll } = categoryNavView(roots, cateId);
  const current = chain.at(-1);
  const crumbs =
    chain.length === 0
      ? '<span aria-current="page">全部商品</span>'
      : `<a href="/products">全部商品</a>${chain
          .map((node, i) => {
            const name = escapeHtml(node.name);
            const inner =
              i === chain.length - 1
                ? `<span aria-current="page">${name}</span>`
                : `<a href="${listAddress(node.id)}">${name}</a>`;
            return `<span class="breadcrumb-part"><span aria-hidden="true">›</span>${inner}</span>`;
          })
          .join('')}`;
  const chip = (to: number | undefined, name: string, currentChip: boolean) =>
    `<a class="chip"${currentChip ? ' aria-current="true"' : ''} href="${listAddress(to)}">${name}</a>`;
  const chipRow =
    chips.length === 0
      ? ''
      : `<nav class="chips" aria-label="子分类">${showAll ? chip(current?.id, '全部', !current) : ''}${chips
          .map((node) => chip(node.id, escapeHtml(node.name), node.id === current?.id))
          .join('')}</nav>`;
  return [
    '<div class="filters panel"><div class="category-nav">',
    `<nav aria-label="分类路径" class="breadcrumb"><a href="/">首页</a><span aria-hidden="true">›</span>${crumbs}</nav>`,
    `${chipRow}</div>`,
    `<nav class="chips" aria-label="仓库" aria-busy="true">${chip(cateId, '全部仓库', true)}</nav></div>`,
  ].join('');
}

/** The sort bar of a list in its default order (SortBar). */
function sortBar(cateId: number | undefined): string {
  const options = Object.values(GoodsOrderByType).map((type) => {
    const label = GOODS_ORDER_BY_LABELS[type];
    if (type === GoodsOrderByType.Comprehensive)
      return `<a class="sort-option" aria-current="true" aria-label="${label}（降序）" href="${listAddress(cateId, { orderByTendency: OrderByTendency.ASC })}">${label}<span aria-hidden="true"> ↓</span></a>`;
    const tendency = firstOrderByTendency(type);
    const href = listAddress(cateId, {
      orderByType: type,
      orderByTendency: tendency === OrderByTendency.DESC ? undefined : tendency,
    });
    return `<a class="sort-option" aria-label="${label}" href="${href}">${label}</a>`;
  });
  return `<nav class="sort-bar" aria-label="排序">${options.join('')}</nav>`;
}

/** The place of a SKU's price (Price), as wide as a visitor's, not shown (catalogue.css `.price-pending`). */
function pricePlace(sku: Sku): string {
  const price = skuDisplayPrice(sku, DEFAULT_PAGE_CURRENCY);
  if (!price) return '<span class="price price-none goods-item-price price-pending">暂无报价</span>';
  const minor = (value: number | null) => (value === null ? null : toMinor(value));
  const hint = price.inPageCurrency
    ? ''
    : priceHint({ audPrice: minor(sku.audPrice), cnyPrice: minor(sku.cnyPrice) }, DEFAULT_PAGE_CURRENCY);
  return `<span class="price-with-hint price-pending"><span class="price goods-item-price">${escapeHtml(price.text)}</span>${hint ? `<span class="price-hint">${hint}</span>` : ''}</span>`;
}

const CART_ICON =
  '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.7L21 8H6.2" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"></path><circle cx="9.5" cy="19" r="1.5" fill="currentColor"></circle><circle cx="17" cy="19" r="1.5" fill="currentColor"></circle></svg>';

/** One product as GoodsListItem draws it, its price's place kept. */
function goodsRow(goods: GoodsListItem, eager: boolean): string {
  const skus = visibleSkus(goods.skus, { context: 'list' });
  const selected = defaultSelectedSku(skus);
  const href = escapeHtml(productLink({ id: goods.id }));
  const prefix = locationPrefix(goods.location);
  const warehouse = warehouseName(goods.location);
  const skuLine = selected
    ? `<p class="goods-item-sku"><span>${escapeHtml(
        parseProperties(selected.property).text || (selected.name !== goods.name ? selected.name : ''),
      )}</span><span class="goods-item-code">${escapeHtml(selected.code)}</span></p>`
    : '';
  const buy = selected
    ? [
        pricePlace(selected),
        `<span class="stock ${skuStockView(selected).ok ? 'stock-ok' : 'stock-short'}">${escapeHtml(skuStockView(selected).text)}</span>`,
        `<button type="button" class="add-to-cart add-to-cart-list"${!goods.onFlag || !isSkuPurchasable(selected) ? ' disabled=""' : ''}>${CART_ICON}加入购物车</button>`,
      ].join('')
    : '<span class="stock stock-short">暂不可售</span>';
  const expand = isExpandable(skus)
    ? `<button type="button" class="goods-item-expand" aria-expanded="false">展开 ${skus.length} 个规格</button>`
    : '';
  return [
    `<article class="goods-item" aria-label="${escapeHtml(withLocationPrefix(goods.name, goods.location))}"><div class="goods-item-main">`,
    `<a class="goods-item-image" tabindex="-1" aria-hidden="true" href="${href}">`,
    `${imageTag(goods.image, '', LIST_IMAGE_WIDTH, LIST_IMAGE_WIDTH, { lazy: !eager })}</a>`,
    `<div class="goods-item-info"><h3 class="goods-item-name"><a href="${href}">`,
    `${prefix ? `<span class="visually-hidden">${escapeHtml(prefix)}</span>` : ''}${escapeHtml(goods.name)}</a></h3>`,
    '<p class="goods-item-meta">',
    warehouse ? `<span class="warehouse-chip " aria-hidden="true">${escapeHtml(warehouse)}</span>` : '',
    goods.brandName ? `<span class="goods-item-brand">${escapeHtml(goods.brandName)}</span>` : '',
    `</p>${skuLine}</div><div class="goods-item-buy">${buy}${expand}</div></div></article>`,
  ].join('');
}

/**
 * The first view of the product list at /products or /products/{cateId}, or '' when the page carries no first
 * page of goods (its address has a query, or the call failed) or the page has none.
 */
export function listLead(cateId: number | undefined, preload: PagePreload): string {
  const page = answerData<GoodsListResponse>(
    preload,
    'POST',
    CataloguePaths.goodsList,
    firstListPageBody(cateId),
  );
  if (!page || page.items.length === 0) return '';
  const roots =
    answerData<CategoryNode[]>(preload, 'POST', CataloguePaths.catalogList, { websiteId: WEBSITE_ID }) ?? [];
  // The storefront draws its first three pictures at once and the others as they come near (GoodsResults).
  const rows = page.items.slice(0, LIST_LEAD_ROWS).map((goods, i) => goodsRow(goods, i < 3));
  return [
    `<div class="container products-page"><h1 class="visually-hidden">商品列表</h1>${shortcuts(preload)}`,
    filters(roots, cateId),
    '<section class="goods-results" aria-labelledby="goods-results-title" aria-busy="false">',
    '<h2 id="goods-results-title" class="visually-hidden">商品</h2>',
    `<div class="goods-results-head"><span class="muted">共 ${page.totalCount} 件商品</span>`,
    `<div class="goods-results-tools">${sortBar(cateId)}</div></div>`,
    `<div class="goods-list">${rows.join('')}</div></section></div>`,
  ].join('');
}
