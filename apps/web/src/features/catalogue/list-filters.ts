import {
  FIRST_PAGE,
  type GoodsListRequest,
  GoodsOrderByType,
  OrderByTendency,
  PRODUCT_PAGE_SIZE,
} from '@shop/domain';
import { paths } from '@/lib/paths';

/**
 * The product list's state (spec §4 'Product list state') lives in the address: category in the path,
 * brandId, location (warehouse; 0 or absent = all), keyword, sort and pageNo in the query. So a list can be
 * bookmarked, shared and reached with the back button.
 */
export interface ProductListFilters {
  cateId?: number;
  brandId?: number;
  location?: number;
  keyword?: string;
  orderByType: GoodsOrderByType;
  orderByTendency: OrderByTendency;
  pageNo: number;
}

const DEFAULT_SORT = GoodsOrderByType.Comprehensive;
const DEFAULT_TENDENCY = OrderByTendency.DESC;

function positiveInt(value: string | null | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

function oneOf<T extends string>(values: Record<string, T>, value: string | null): T | undefined {
  return Object.values(values).find((v) => v === value);
}

/** Reads the filters from the route's cateId and the query string; anything unreadable is ignored. */
export function readListFilters(cateId: string | undefined, params: URLSearchParams): ProductListFilters {
  const filters: ProductListFilters = {
    orderByType: oneOf(GoodsOrderByType, params.get('orderByType')) ?? DEFAULT_SORT,
    orderByTendency: oneOf(OrderByTendency, params.get('orderByTendency')) ?? DEFAULT_TENDENCY,
    pageNo: positiveInt(params.get('pageNo')) ?? FIRST_PAGE,
  };
  const cate = positiveInt(cateId);
  if (cate) filters.cateId = cate;
  const brandId = positiveInt(params.get('brandId'));
  if (brandId) filters.brandId = brandId;
  const location = positiveInt(params.get('location'));
  if (location && location <= 9) filters.location = location;
  const keyword = params.get('keyword')?.trim();
  if (keyword) filters.keyword = keyword;
  return filters;
}

/**
 * The address of the list with some filters changed. Any change other than the page goes back to page 1;
 * defaults (Comprehensive, DESC, page 1, every warehouse) stay out of the address.
 */
export function listHref(current: ProductListFilters, change: Partial<ProductListFilters>): string {
  const next: ProductListFilters = { ...current, pageNo: FIRST_PAGE, ...change };
  return paths.products(next.cateId, {
    brandId: next.brandId,
    location: next.location || undefined,
    keyword: next.keyword,
    orderByType: next.orderByType === DEFAULT_SORT ? undefined : next.orderByType,
    orderByTendency: next.orderByTendency === DEFAULT_TENDENCY ? undefined : next.orderByTendency,
    pageNo: next.pageNo === FIRST_PAGE ? undefined : next.pageNo,
  });
}

/** The goods/list/ request of the filters: 20 per page (spec §9). */
export function listRequest(filters: ProductListFilters): GoodsListRequest {
  const { cateId, brandId, location, keyword, orderByType, orderByTendency, pageNo } = filters;
  return {
    cateId,
    brandId,
    location,
    keyword,
    orderByType,
    orderByTendency,
    pageNo,
    pageSize: PRODUCT_PAGE_SIZE,
  };
}
