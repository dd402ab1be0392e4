import {
  CataloguePaths,
  type GoodsDetail,
  imageUrl,
  isSkuPurchasable,
  type PagePreload,
  pagePreloadCalls,
  parseImageList,
  preloadKey,
  SkuStatus,
  warehouseName,
} from '@shop/domain';
import type { Services } from './services';
import { SHOP_NAME } from './shop-name';
import { escapeHtml } from './storefront-html';
import { visitorProduct } from './storefront-lead-image';

/**
 * A storefront page's own head (issue #40 'Found and shared'), written by the server into the page it sends so a
 * crawler or a chat app's link preview reads it without running the scripts: the title and description, the
 * canonical address, Open Graph and Twitter tags with a picture sized for previews, and JSON-LD (a product with
 * its offers in CNY and AUD, its breadcrumbs, the shop as an organisation). A product off the shelf, or one
 * that does not exist, answers noindex. The storefront sets its title in the browser as it navigates; this is
 * what the first response says.
 */

export interface PageHead {
  title: string;
  description: string;
  /** The tags written before </head>: canonical, robots, Open Graph, Twitter and JSON-LD. */
  tags: string;
}

/** The shop's description when a page has none of its own. */
export const SHOP_DESCRIPTION = '澳中批发商城：澳洲与中国仓直供，支持澳元与人民币结算的会员批发商城。';
/** Link previews draw a picture about 1200 px wide (Open Graph's recommended size). */
export const PREVIEW_IMAGE_WIDTH = 1200;
const DESCRIPTION_MAX = 160;

const PRODUCT_PAGE = /^\/product\/(\d{1,9})\/?$/;
const BRAND_PAGE = /^\/brand\/(\d{1,9})\/?$/;
const ARTICLE_PAGE = /^\/article\/(\d{1,9})\/?$/;
const LIST_PAGE = /^\/products(?:\/(\d{1,9}))?\/?$/;

/** An absolute address on the shop's origin ('https://shop.example' + '/product/12'). */
const absolute = (origin: string, path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);

/** Text shortened to a description's length, whitespace folded. */
function clip(text: string, max = DESCRIPTION_MAX): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  return folded.length > max ? `${folded.slice(0, max - 1)}…` : folded;
}

/** JSON for a script element: `<` written as \u003c, so no text in it can close the element. */
const jsonLd = (data: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/** The schema.org organisation the shop is (on every page's JSON-LD). */
export function organisation(origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SHOP_NAME,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
  };
}

/** A head from its parts: Open Graph and Twitter say the same as the title and description. */
function headOf(
  origin: string,
  page: {
    path: string;
    title: string;
    description: string;
    type?: 'website' | 'product' | 'article';
    image?: string | undefined;
    noindex?: boolean;
    data?: readonly unknown[];
    locale?: 'zh_CN' | 'en_US';
  },
): PageHead {
  const url = absolute(origin, page.path);
  const meta = (attr: 'property' | 'name', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    page.noindex ? '<meta name="robots" content="noindex">' : '',
    meta('property', 'og:site_name', SHOP_NAME),
    meta('property', 'og:type', page.type ?? 'website'),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', page.locale ?? 'zh_CN'),
    page.image ? meta('property', 'og:image', page.image) : '',
    page.image ? meta('property', 'og:image:width', String(PREVIEW_IMAGE_WIDTH)) : '',
    meta('name', 'twitter:card', page.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    page.image ? meta('name', 'twitter:image', page.image) : '',
    ...[organisation(origin), ...(page.data ?? [])].map(jsonLd),
  ];
  return { title: page.title, description: page.description, tags: tags.join('') };
}

/** A SKU's availability as schema.org names it: in stock, a pre-order (ByBook without stock) or out of stock. */
function availabilityOf(sku: GoodsDetail['skus'][number]): string {
  if (!isSkuPurchasable(sku)) return 'https://schema.org/OutOfStock';
  if (sku.status === SkuStatus.ByBook && sku.stock <= 0) return 'https://schema.org/PreOrder';
  return 'https://schema.org/InStock';
}

const money = (amount: number) => amount.toFixed(2);

/** The price range of a product's SKUs on sale in one currency ('¥89.00–¥129.00'), or '' when none has one. */
function priceRange(skus: GoodsDetail['skus'], currency: 'CNY' | 'AUD'): string {
  const prices = skus.flatMap((s) => {
    const price = currency === 'CNY' ? s.cnyPrice : s.audPrice;
    return price === null || !isSkuPurchasable(s) ? [] : [price];
  });
  if (prices.length === 0) return '';
  const sign = currency === 'CNY' ? '¥' : 'A$';
  const [low, high] = [Math.min(...prices), Math.max(...prices)];
  return low === high ? `${sign}${money(low)}` : `${sign}${money(low)}–${sign}${money(high)}`;
}

/**
 * A product page's head: its name, brand, warehouse and price range; its first photo for previews; JSON-LD of the
 * product (one offer per SKU and currency, each with its availability), its category breadcrumbs and the shop.
 * Off the shelf: noindex.
 */
export function productHead(detail: GoodsDetail, origin: string): PageHead {
  const path = `/product/${detail.id}`;
  const skus = detail.skus.filter((s) => s.status !== SkuStatus.NotForSale);
  const brand = detail.brand?.name ?? '';
  const title = `${[brand && !detail.name.includes(brand) ? brand : '', detail.name].filter(Boolean).join(' ')} - ${SHOP_NAME}`;
  const prices = [priceRange(skus, 'CNY'), priceRange(skus, 'AUD')].filter(Boolean).join(' / ');
  const parts = [
    `${detail.name}${brand ? `，${brand}` : ''}，${warehouseName(detail.location) || '海外仓'}发货`,
    prices ? `会员批发价 ${prices}` : '',
    detail.onFlag ? '' : '商品已下架',
  ];
  const description = clip(`${parts.filter(Boolean).join('，')}。`);
  const photos = [
    ...parseImageList(detail.goodsDetail.goodImageJson),
    ...parseImageList(detail.goodsDetail.realImageJson),
  ];
  const images = photos.slice(0, 3).map((p) => absolute(origin, imageUrl(p, PREVIEW_IMAGE_WIDTH)));
  const url = absolute(origin, path);
  const offers = detail.onFlag
    ? skus.flatMap((sku) =>
        (['CNY', 'AUD'] as const).flatMap((currency) => {
          const price = currency === 'CNY' ? sku.cnyPrice : sku.audPrice;
          return price === null
            ? []
            : [
                {
                  '@type': 'Offer',
                  sku: sku.code,
                  name: sku.name || detail.name,
                  price: money(price),
                  priceCurrency: currency,
                  availability: availabilityOf(sku),
                  url: `${url}?skuId=${sku.id}`,
                },
              ];
        }),
      )
    : [];
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: detail.name,
    description,
    sku: detail.code,
    url,
    ...(images.length > 0 ? { image: images } : {}),
    ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
    ...(offers.length > 0 ? { offers } : {}),
  };
  const crumbs = [
    { name: '首页', path: '/' },
    ...detail.categoryPath.map((c) => ({ name: c.name, path: `/products/${c.id}` })),
    { name: detail.name, path },
  ];
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: absolute(origin, c.path),
    })),
  };
  return headOf(origin, {
    path,
    title,
    description,
    type: 'product',
    image: images[0],
    noindex: !detail.onFlag,
    data: [product, breadcrumbs],
  });
}

/** A page that does not exist: the shop's title, noindex. */
const missing = (origin: string, path: string) =>
  headOf(origin, { path, title: `页面不存在 - ${SHOP_NAME}`, description: SHOP_DESCRIPTION, noindex: true });

/**
 * The head of a storefront page at `pathname` (null for pages that keep the default: member, cart and checkout
 * pages, which robots.txt keeps out anyway). `origin` is the shop's public address (SHOP_PUBLIC_URL, else the
 * request's own).
 */
export function createStorefrontHead(services: Pick<Services, 'catalogue' | 'content'>) {
  return async (
    pathname: string,
    origin: string,
    answers?: Promise<PagePreload>,
  ): Promise<PageHead | null> => {
    if (pathname === '/')
      return headOf(origin, {
        path: '/',
        title: `${SHOP_NAME} - 澳洲与中国仓直供批发`,
        description: SHOP_DESCRIPTION,
      });
    const product = PRODUCT_PAGE.exec(pathname);
    if (product) {
      const detail =
        preloadedProduct(pathname, await answers) ?? (await visitorProduct(services, Number(product[1])));
      return detail ? productHead(detail, origin) : missing(origin, pathname);
    }
    if (pathname === '/brands' || pathname === '/brands/')
      return headOf(origin, {
        path: '/brands',
        title: `品牌馆 - ${SHOP_NAME}`,
        description: `${SHOP_NAME}的全部品牌，按首字母排列：澳洲、新西兰、日韩与欧美品牌直供。`,
      });
    const brand = BRAND_PAGE.exec(pathname);
    if (brand) {
      const found = await services.catalogue.brandDetail(Number(brand[1])).catch(() => null);
      if (!found) return missing(origin, pathname);
      return headOf(origin, {
        path: `/brand/${found.id}`,
        title: `${found.name}${found.nameEn ? ` ${found.nameEn}` : ''} - ${SHOP_NAME}`,
        description: clip(found.description || `${found.name}品牌商品，${SHOP_NAME}批发直供。`),
        image: found.logo ? absolute(origin, imageUrl(found.logo, PREVIEW_IMAGE_WIDTH)) : undefined,
      });
    }
    const article = ARTICLE_PAGE.exec(pathname);
    if (article) {
      const found = await services.content.article(Number(article[1])).catch(() => null);
      if (!found) return missing(origin, pathname);
      return headOf(origin, {
        path: `/article/${found.id}`,
        title: `${found.title} - ${SHOP_NAME}`,
        description: clip(found.summary || found.title),
        type: 'article',
        image: found.cover ? absolute(origin, imageUrl(found.cover, PREVIEW_IMAGE_WIDTH)) : undefined,
      });
    }
    const supplier = supplierHead(pathname, origin);
    if (supplier) return supplier;
    const list = LIST_PAGE.exec(pathname);
    if (list) {
      const cateId = list[1] ? Number(list[1]) : null;
      const name = cateId === null ? null : await categoryName(services, cateId);
      if (cateId !== null && name === null) return missing(origin, pathname);
      return headOf(origin, {
        path: cateId === null ? '/products' : `/products/${cateId}`,
        title: `${name ?? '全部商品'} - ${SHOP_NAME}`,
        description: `${name ?? '全部商品'}：${SHOP_NAME}会员批发价，澳元与人民币结算，澳洲与中国仓发货。`,
      });
    }
    return null;
  };
}

/**
 * The product detail the page carries already (the visitor's answer of goodsdetail/detail/, domain
 * pagePreloadCalls), so the head costs no query of its own; undefined when the page does not carry it.
 */
function preloadedProduct(pathname: string, preload: PagePreload | undefined): GoodsDetail | undefined {
  const call = pagePreloadCalls(pathname).find((c) => c.path === CataloguePaths.goodsDetail);
  const answer = call && preload?.[preloadKey(call.method, call.path, call.body)];
  const payload = answer?.payload as { success?: boolean; data?: GoodsDetail } | undefined;
  return answer?.status === 200 && payload?.success === true ? payload.data : undefined;
}

/**
 * The supplier area (spec §2): its landing page in Chinese and in English; the blocks shown alone (previews) and the
 * data sources are parts of it, noindex.
 */
function supplierHead(pathname: string, origin: string): PageHead | null {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/supplier')
    return headOf(origin, {
      path,
      title: `供应商专区 - ${SHOP_NAME}`,
      description: `海外品牌与供应商入驻${SHOP_NAME}：澳洲与中国仓直供批发渠道，面向澳中两地会员采购商。`,
    });
  if (path === '/supplier/en')
    return headOf(origin, {
      path,
      title: `Suppliers - ${SHOP_NAME}`,
      description: `Supply ${SHOP_NAME}: a wholesale channel to member buyers in Australia and China, shipped from warehouses in both.`,
      locale: 'en_US',
    });
  if (path.startsWith('/supplier/'))
    return headOf(origin, {
      path,
      title: `供应商专区 - ${SHOP_NAME}`,
      description: SHOP_DESCRIPTION,
      noindex: true,
    });
  return null;
}

/** A category's name from the tree, or null when there is none with that id. */
async function categoryName(services: Pick<Services, 'catalogue'>, id: number): Promise<string | null> {
  const walk = (nodes: Awaited<ReturnType<Services['catalogue']['categoryTree']>>): string | null => {
    for (const node of nodes) {
      if (node.id === id) return node.name;
      const below = walk(node.children);
      if (below !== null) return below;
    }
    return null;
  };
  return walk(await services.catalogue.categoryTree());
}
