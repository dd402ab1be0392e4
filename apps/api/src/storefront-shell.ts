import {
  type AdItem,
  basicTemplateSchema,
  CAROUSEL_IMAGE_WIDTH,
  GALLERY_IMAGE_WIDTH,
  homeTemplateSchema,
  isSupplierPath,
  linkDestination,
  type PagePreload,
  productListPage,
  splitHomeBlocks,
  TemplateName,
  TOP_AD_IMAGE_WIDTH,
  withLocationPrefix,
} from '@shop/domain';
import type { Services } from './services';
import { escapeHtml, imageTag } from './storefront-html';
import { firstProductImage, visitorProduct } from './storefront-lead-image';
import { listLead } from './storefront-list-lead';

/**
 * The first view of a storefront page as plain HTML inside #root (ADR 016): the header as a visitor sees it
 * and, on '/', the carousel's first banner with the side ads, on '/product/{id}' the product's first photo, on
 * the product list its first rows (storefront-list-lead.ts, ADR 051).
 * The browser draws it before any script has arrived; the storefront's first render replaces it with the same
 * markup, so nothing moves. Its class names are those of the storefront's components (site-header.tsx,
 * top-ads.tsx, carousel.tsx, home-blocks.tsx, product-gallery.tsx); the production-build journey compares them.
 * What depends on the visitor's browser (session, currency, cart count) is left out until the app draws it.
 */

import { SHOP_NAME } from './shop-name';

const PRODUCT_PAGE = /^\/product\/(\d{1,9})\/?$/;

/** A link as SmartLink writes it: another site opens in a new tab. */
function linkTag(
  to: string,
  className: string | undefined,
  label: string | undefined,
  inner: string,
): string {
  const internal = to.startsWith('/') && !to.startsWith('//');
  const cls = className ? ` class="${className}"` : '';
  const aria = label ? ` aria-label="${escapeHtml(label)}"` : '';
  const target = internal ? '' : ' target="_blank" rel="noopener noreferrer"';
  return `<a${cls}${aria} href="${escapeHtml(to)}"${target}>${inner}</a>`;
}

export function shellHeader(topAds: AdItem[]): string {
  const ads =
    topAds.length === 0
      ? ''
      : `<div class="top-ads">${topAds
          .map((ad) =>
            linkTag(
              linkDestination(ad.link),
              'top-ad',
              ad.title,
              imageTag(ad.image, ad.title ?? '活动', TOP_AD_IMAGE_WIDTH, 80),
            ),
          )
          .join('')}</div>`;
  return [
    '<header class="site-header">',
    ads,
    '<div class="topbar"><div class="container topbar-inner">',
    '<span class="topbar-welcome">澳洲 · 中国多仓直供，澳币 / 人民币双币结算</span>',
    '<div class="topbar-actions"></div></div></div>',
    '<div class="container header-main">',
    `<a class="logo" href="/"><span class="logo-mark" aria-hidden="true"></span><span class="logo-text">${SHOP_NAME}</span><span class="visually-hidden"> 首页</span></a>`,
    '<div class="search-box-wrap"><form class="search-box" role="search" action="/products" method="get">',
    '<input placeholder="搜索商品、品牌" aria-label="搜索商品" enterkeyhint="search" type="search" name="keyword">',
    '<button type="submit">搜索</button></form></div>',
    '<a class="cart-link" href="/cart"><svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.7L21 8H6.2" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"></path><circle cx="9.5" cy="19" r="1.5" fill="currentColor"></circle><circle cx="17" cy="19" r="1.5" fill="currentColor"></circle></svg><span class="cart-link-text">购物车</span></a>',
    '</div>',
    '<nav class="main-nav" aria-label="主导航"><div class="container main-nav-inner">',
    '<div class="category-menu"><span class="category-menu-trigger">全部分类 <span aria-hidden="true">▾</span></span></div>',
    '<div class="main-nav-links"><a href="/">首页</a><a href="/products">全部商品</a><a href="/brands">品牌馆</a><a href="/member/order">我的订单</a><a href="/supplier">供应商专区</a></div>',
    '</div></nav></header>',
  ].join('');
}

/** The home page's top: the carousel showing its first banner, and the side ads. */
export function homeLead(banners: AdItem[], sideAds: AdItem[]): string {
  const first = banners[0];
  const carousel = first
    ? `<section class="carousel" aria-label="首页推荐"><div class="carousel-track"><div class="carousel-slide">${linkTag(
        linkDestination(first.link),
        undefined,
        first.title ?? '推荐 1',
        imageTag(first.image, first.title ?? '', CAROUSEL_IMAGE_WIDTH, 400, {
          className: 'carousel-image',
          priority: true,
        }),
      )}</div></div></section>`
    : '';
  const side =
    sideAds.length > 0
      ? `<div class="side-ads">${sideAds
          .map((ad) =>
            linkTag(
              linkDestination(ad.link),
              'side-ad',
              ad.title,
              imageTag(ad.image, ad.title ?? '', 300, 160),
            ),
          )
          .join('')}</div>`
      : '';
  if (!carousel && !side) return '';
  return `<div class="container home"><div class="home-top${side ? '' : ' home-top-single'}">${carousel}${side}</div></div>`;
}

/** A product page's top: its category path, and its first photo where the gallery shows it. */
export function productLead(
  name: string,
  image: string,
  categoryPath: { id: number; name: string }[],
  pageName: string,
): string {
  const part = (inner: string) =>
    `<span class="breadcrumb-part"><span aria-hidden="true">›</span>${inner}</span>`;
  const crumbs = [
    '<nav aria-label="分类路径" class="breadcrumb"><a href="/">首页</a>',
    ...categoryPath.map((cate) => part(`<a href="/products/${cate.id}">${escapeHtml(cate.name)}</a>`)),
    part(`<span aria-current="page">${escapeHtml(pageName)}</span>`),
    '</nav>',
  ].join('');
  return `<div class="container"><div class="product-detail">${crumbs}<div class="product-top panel"><div class="gallery"><div class="gallery-main">${imageTag(
    image,
    name,
    GALLERY_IMAGE_WIDTH,
    GALLERY_IMAGE_WIDTH,
    { priority: true },
  )}</div></div></div></div></div>`;
}

export function shellPage(header: string, lead: string): string {
  return `<div class="app-shell" data-shell=""><a href="#main" class="skip-link">跳到正文</a>${header}<main id="main" class="site-main">${lead}</main></div>`;
}

/**
 * The first view of the page at `pathname` (the header alone on pages without a lead); `answers` are the ones the
 * page carries (static-web's preload).
 */
export function createStorefrontShell(services: Pick<Services, 'content' | 'catalogue'>) {
  const parse = async <T>(
    name: TemplateName,
    schema: { safeParse(v: unknown): { success: boolean; data?: T } },
  ) => {
    const template = await services.content.template(name);
    const parsed = schema.safeParse(JSON.parse(template.templateJson));
    return parsed.success ? (parsed.data as T) : undefined;
  };
  return async (pathname: string, answers: Promise<PagePreload>): Promise<string> => {
    // The supplier area is drawn in its own wrapper: the shop's header would flash and go.
    if (isSupplierPath(pathname)) return '';
    const basic = await parse(TemplateName.basic, basicTemplateSchema);
    const header = shellHeader(basic?.allWrap ?? []);
    let lead = '';
    if (pathname === '/') {
      const blocks = await parse(TemplateName.home, homeTemplateSchema);
      if (blocks) {
        const { swiperAd, swiperRightAd } = splitHomeBlocks(blocks);
        lead = homeLead(swiperAd?.items ?? [], swiperRightAd?.items ?? []);
      }
    }
    const product = PRODUCT_PAGE.exec(pathname);
    if (product) {
      const detail = await visitorProduct(services, Number(product[1]));
      const image = detail ? firstProductImage(detail) : undefined;
      if (detail && image) {
        const name = withLocationPrefix(detail.name, detail.location);
        lead = productLead(name, image, detail.categoryPath, detail.name);
      }
    }
    // The list draws its first rows from the answer the page carries, as the app's first render does.
    const list = productListPage(pathname);
    if (list) lead = listLead(list.cateId, await answers);
    return shellPage(header, lead);
  };
}
