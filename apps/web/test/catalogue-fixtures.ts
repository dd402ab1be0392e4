import type { Brand, GoodsDetail, GoodsListItem, GoodsListResponse, Sku, SkuDetail } from '@shop/domain';
import { ok } from './utils';

/** Builders of catalogue wire data (the contracts of packages/domain), for the fake network. */

let nextId = 100;

export function sku(fields: Partial<Sku> = {}): Sku {
  const id = fields.id ?? nextId++;
  return {
    id,
    goodsId: 1,
    code: `SKU-${id}`,
    name: `规格 ${id}`,
    property: {},
    keyProperty: '',
    status: 4,
    stock: 10,
    weight: 500,
    audPrice: 10,
    cnyPrice: 50,
    minQty: 1,
    stepQty: 1,
    maxQty: null,
    priceBreaks: [],
    breaksMixed: false,
    ...fields,
  };
}

export function goods(fields: Partial<GoodsListItem> = {}): GoodsListItem {
  const id = fields.id ?? nextId++;
  return {
    id,
    code: `G-${id}`,
    name: `商品 ${id}`,
    nameEn: '',
    location: 1,
    brandId: null,
    brandName: '',
    categoryId: 1,
    image: `goods/${id}.jpg`,
    onFlag: true,
    sales: 0,
    skus: [sku({ goodsId: id })],
    ...fields,
  };
}

export function page(items: GoodsListItem[], totalCount = items.length): GoodsListResponse {
  return { items, pageNo: 1, pageSize: 20, totalCount };
}

export function detailSku(fields: Partial<SkuDetail> = {}): SkuDetail {
  return { ...sku(fields), audPrices: {}, cnyPrices: {}, expectedDate: null, ...fields };
}

export function detail(fields: Partial<GoodsDetail> = {}): GoodsDetail {
  return {
    id: 7,
    code: 'G-7',
    name: '羊毛围巾',
    nameEn: 'Wool scarf',
    location: 1,
    onFlag: true,
    brand: { id: 3, name: '澳羊', logo: 'brand/3.png' },
    categoryPath: [{ id: 2, name: '服饰' }],
    goodsDetail: {
      content: '<p>柔软保暖</p>',
      contentImageJson: '[]',
      goodImageJson: '["goods/7.jpg"]',
      realImageJson: '[]',
    },
    property: [],
    skus: [detailSku({ goodsId: 7 })],
    selectedSkuId: null,
    ...fields,
  };
}

export function brand(fields: Partial<Brand> & { id: number; name: string; initial: string }): Brand {
  return { nameEn: '', logo: '', country: 'AU', goodsCount: 1, ...fields };
}

/** The shell's own calls (basic template, categories) answered with nothing special. */
export const shellHandlers = {
  '/api/goodsService/goodscatalog/list/': ok([]),
  // The cart's promotion notes (ADR 031): none running unless a test says so.
  '/api/salesService/salespromotions/running/': ok({ list: [] }),
  '/api/salesService/template/basic': ok({
    name: 'basic',
    updatedAt: '2026-01-01T00:00:00.000Z',
    templateJson: JSON.stringify({
      basicInfo: { siteName: '澳中批发商城', slogan: '', hotline: '', email: '', address: '', workTime: '' },
      helps: [],
      allWrap: [],
      customerAd: [],
    }),
  }),
};
