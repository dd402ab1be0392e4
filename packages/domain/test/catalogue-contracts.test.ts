import { describe, expect, it } from 'vitest';
import {
  exportFileName,
  firstOrderByTendency,
  goodsDetailRequestSchema,
  goodsListRequestSchema,
  goodsSearchText,
  homeTemplateSchema,
} from '../src';

describe('goods/list/ request', () => {
  it('fills the defaults of spec §7', () => {
    expect(goodsListRequestSchema.parse({})).toEqual({
      pageNo: 1,
      pageSize: 20,
      orderByType: 'Comprehensive',
      orderByTendency: 'DESC',
    });
  });
  it.each([
    [{ pageSize: 5000 }, 100],
    [{ pageSize: 100 }, 100],
    [{ pageSize: 7 }, 7],
  ])('caps pageSize %j at %i', (input, expected) => {
    expect(goodsListRequestSchema.parse(input).pageSize).toBe(expected);
  });
  it.each([
    [{ pageNo: -1 }, '页码须大于0'],
    [{ pageNo: 0 }, '页码须大于0'],
    [{ pageNo: '2' }, ''],
    [{ location: 10 }, '仓库编号无效'],
    [{ orderByType: 'Cheapest' }, ''],
    [{ cateId: 1.5 }, '编号须为整数'],
    [{ evil: 1 }, ''],
    [{ currency: 'USD' }, '币种须为 AUD 或 CNY'],
  ])('rejects %j', (input, message) => {
    const r = goodsListRequestSchema.safeParse(input);
    expect(r.success).toBe(false);
    if (message) expect(r.error?.issues[0]?.message).toBe(message);
  });
});

describe('the direction a sort starts in', () => {
  it.each([
    ['Price', 'ASC'],
    ['Comprehensive', 'DESC'],
    ['Sales', 'DESC'],
    ['Newest', 'DESC'],
  ] as const)('%s starts %s', (type, tendency) => {
    expect(firstOrderByTendency(type)).toBe(tendency);
  });
  it('carries the page currency for the Price sort', () => {
    expect(goodsListRequestSchema.parse({ orderByType: 'Price', currency: 'AUD' })).toMatchObject({
      currency: 'AUD',
    });
  });
});

describe('goodsdetail/detail/ request', () => {
  it.each([[{ id: 3 }], [{ skuId: 9 }], [{ id: 3, skuId: 9 }]])('accepts %j', (input) => {
    expect(goodsDetailRequestSchema.safeParse(input).success).toBe(true);
  });
  it('needs an id or a skuId', () => {
    const r = goodsDetailRequestSchema.safeParse({});
    expect(r.error?.issues[0]?.message).toBe('请提供商品编号或SKU编号');
  });
});

describe('home template', () => {
  it('accepts every block kind and rejects an unknown tmpKey', () => {
    const link = { type: 'cate', id: 1 };
    const blocks = [
      { tmpKey: 'swiperAd', items: [{ image: 'a.svg', link }] },
      { tmpKey: 'swiperRightAd', items: [] },
      { tmpKey: 'BrandAd', title: '品牌', items: [{ brandId: 1, name: 'A2', logo: 'l.svg', link }] },
      { tmpKey: 'goodsFloor', title: '奶粉', query: { cateId: 1 }, size: 8 },
      { tmpKey: 'cateEntry', title: '分类', items: [{ name: '母婴', image: 'c.svg', link }] },
      {
        tmpKey: 'warehouseEntry',
        title: '仓库',
        items: [{ warehouseId: 1, name: '澳大利亚仓', image: 'w.svg', link }],
      },
      { tmpKey: 'imageAd', items: [] },
    ];
    expect(homeTemplateSchema.parse(blocks)).toHaveLength(7);
    expect(homeTemplateSchema.safeParse([{ tmpKey: 'marquee' }]).success).toBe(false);
  });
});

describe('exportFileName', () => {
  it.each([
    ['GoodsPrice', 'AUD', new Date(2026, 10, 21, 9, 5), 'GoodsPrice_AUD_20261121_0905.xlsx'],
    ['GoodsSkuData', undefined, new Date(2026, 0, 2, 23, 59), 'GoodsSkuData_20260102_2359.xlsx'],
  ])('%s %s → %s', (prefix, currency, at, expected) => {
    expect(exportFileName(prefix, at, currency)).toBe(expected);
  });
});

describe('goodsSearchText', () => {
  it('joins the names lower-cased and skips empty parts', () => {
    expect(
      goodsSearchText({
        name: '澳洲 A2 奶粉',
        nameEn: 'A2 Milk Powder',
        brandName: 'a2',
        brandNameEn: ' ',
        categoryNames: ['母婴'],
      }),
    ).toBe('澳洲 a2 奶粉 a2 milk powder a2 母婴');
  });
});
