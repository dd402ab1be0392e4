import {
  basicTemplateSchema,
  CAROUSEL_IMAGE_WIDTH,
  CataloguePaths,
  DEFAULT_MEMBER_LEVEL,
  firstListPageBody,
  GALLERY_IMAGE_WIDTH,
  type GoodsListResponse,
  homeTemplateSchema,
  LIST_IMAGE_WIDTH,
  type PagePreload,
  parseImageList,
  preloadKey,
  productListPage,
  splitHomeBlocks,
  TemplateName,
  TOP_AD_IMAGE_WIDTH,
} from '@shop/domain';
import { AppError } from './lib/app-error';
import type { LeadImage } from './plugins/static-web';
import type { Services } from './services';

const PRODUCT_PAGE = /^\/product\/(\d{1,9})\/?$/;

/** A product as a visitor sees it, or null when there is none (the page says so itself). */
export async function visitorProduct(services: Pick<Services, 'catalogue'>, id: number) {
  return services.catalogue.goodsDetail({ id }, DEFAULT_MEMBER_LEVEL).catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });
}

/** A product's first picture in the gallery's order: goodImageJson, then realImageJson. */
export function firstProductImage(detail: {
  goodsDetail: { goodImageJson: string; realImageJson: string };
}): string | undefined {
  return [
    ...parseImageList(detail.goodsDetail.goodImageJson),
    ...parseImageList(detail.goodsDetail.realImageJson),
  ][0];
}

/**
 * The largest picture of a storefront page as it first shows (its LCP element), for the preload the server
 * writes into the page: the first carousel banner of the home template on '/', the first photo of a product on
 * '/product/{id}' (the gallery's order: goodImageJson, then realImageJson), the top ad of the basic template
 * on the product list. Other pages: none.
 */
export function createLeadImage(services: Pick<Services, 'content' | 'catalogue'>) {
  return async (pathname: string): Promise<LeadImage | null> => {
    if (pathname === '/') {
      const template = await services.content.template(TemplateName.home);
      const blocks = homeTemplateSchema.safeParse(JSON.parse(template.templateJson));
      if (!blocks.success) return null;
      const first = splitHomeBlocks(blocks.data).swiperAd?.items[0]?.image;
      return first ? { path: first, width: CAROUSEL_IMAGE_WIDTH } : null;
    }
    if (productListPage(pathname)) {
      // On a wide screen the largest thing drawn first is the top ad over the page (a phone's is the first row's
      // picture: listFirstImage).
      const template = await services.content.template(TemplateName.basic);
      const basic = basicTemplateSchema.safeParse(JSON.parse(template.templateJson));
      const first = basic.success ? basic.data.allWrap[0]?.image : undefined;
      return first ? { path: first, width: TOP_AD_IMAGE_WIDTH } : null;
    }
    const product = PRODUCT_PAGE.exec(pathname);
    if (product) {
      const detail = await visitorProduct(services, Number(product[1]));
      const first = detail ? firstProductImage(detail) : undefined;
      return first ? { path: first, width: GALLERY_IMAGE_WIDTH } : null;
    }
    return null;
  };
}

/**
 * The first row's picture of the product list's first page, from the answer the page carries (domain
 * pagePreloadCalls): on a phone the list's rows are the largest thing drawn first (the top ad over the page is
 * only a strip), and without the hint the browser finds the picture only once the scripts have drawn the list.
 */
export function listFirstImage(pathname: string, preload: PagePreload): LeadImage | null {
  const list = productListPage(pathname);
  if (!list) return null;
  const body = firstListPageBody(list.cateId);
  const answer = preload[preloadKey('POST', CataloguePaths.goodsList, body)];
  if (answer?.status !== 200) return null;
  const page = (answer.payload as { data?: GoodsListResponse } | null)?.data;
  const image = page?.items[0]?.image;
  return image ? { path: image, width: LIST_IMAGE_WIDTH } : null;
}
