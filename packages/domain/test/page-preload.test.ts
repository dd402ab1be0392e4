import { describe, expect, it } from 'vitest';
import { CataloguePaths } from '../src/api-paths';
import { WEBSITE_ID } from '../src/constants';
import { pagePreloadCalls, preloadKey } from '../src/page-preload';

describe('preloadKey: one key per call, whatever the order of the body', () => {
  it('sorts keys at every level and drops undefined fields', () => {
    const a = preloadKey('post', '/api/x/', { b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } });
    const b = preloadKey('POST', '/api/x/', { a: { d: [1, { y: 2, z: 1 }] }, b: 1 });
    expect(a).toBe(b);
    expect(a).toBe('POST /api/x/ {"a":{"d":[1,{"y":2,"z":1}]},"b":1}');
  });

  it('tells calls apart by method, path and body; a GET has no body', () => {
    expect(preloadKey('GET', '/api/t/home')).toBe('GET /api/t/home ');
    expect(preloadKey('GET', '/api/t/home', { ignored: true })).toBe(preloadKey('GET', '/api/t/home'));
    expect(preloadKey('POST', '/api/x/', { id: 1 })).not.toBe(preloadKey('POST', '/api/x/', { id: 2 }));
    expect(preloadKey('POST', '/api/x/')).toBe(preloadKey('POST', '/api/x/', {}));
  });
});

describe('pagePreloadCalls', () => {
  const paths = (pathname: string) => pagePreloadCalls(pathname).map((c) => c.path);
  it('every page: the basic template and the categories', () => {
    for (const pathname of ['/cart', '/member/order', '/brands']) {
      expect(paths(pathname)).toEqual([`${CataloguePaths.template}basic`, CataloguePaths.catalogList]);
    }
  });

  it("'/' adds the home template, the list the goods-sort template, a product its detail (member-scoped)", () => {
    expect(paths('/')).toContain(`${CataloguePaths.template}home`);
    expect(paths('/products')).toContain(`${CataloguePaths.template}goodsSort`);
    expect(paths('/products/12')).toContain(`${CataloguePaths.template}goodsSort`);
    const detail = pagePreloadCalls('/product/42').find((c) => c.path === CataloguePaths.goodsDetail);
    expect(detail).toEqual({
      method: 'POST',
      path: CataloguePaths.goodsDetail,
      body: { id: 42, websiteId: WEBSITE_ID },
      memberScoped: true,
    });
    expect(pagePreloadCalls('/product/abc').some((c) => c.path === CataloguePaths.goodsDetail)).toBe(false);
    expect(pagePreloadCalls('/product/42/x').some((c) => c.path === CataloguePaths.goodsDetail)).toBe(false);
    expect(pagePreloadCalls('/').every((c) => !c.memberScoped)).toBe(true);
  });

  it("the list's first page as a visitor sees it (member-scoped), in its category; not a product's page", () => {
    const list = (pathname: string) =>
      pagePreloadCalls(pathname).find((c) => c.path === CataloguePaths.goodsList);
    expect(list('/products')).toEqual({
      method: 'POST',
      path: CataloguePaths.goodsList,
      body: {
        websiteId: WEBSITE_ID,
        pageNo: 1,
        pageSize: 20,
        orderByType: 'Comprehensive',
        orderByTendency: 'DESC',
      },
      memberScoped: true,
    });
    expect(list('/products/12/')?.body).toEqual({ ...list('/products')?.body, cateId: 12 });
    for (const pathname of ['/', '/product/12', '/products/x', '/products/12/3', '/cart'])
      expect(list(pathname)).toBeUndefined();
    // Another sort, page, warehouse or search: the page asks for its own list.
    const withQuery = pagePreloadCalls('/products', '?orderByType=Sales');
    expect(withQuery.some((c) => c.path === CataloguePaths.goodsList)).toBe(false);
    expect(withQuery.map((c) => c.path)).toContain(`${CataloguePaths.template}goodsSort`);
    expect(pagePreloadCalls('/products', '?').some((c) => c.path === CataloguePaths.goodsList)).toBe(true);
  });

  it("the supplier pages carry only their language's content, not the shop header's calls", () => {
    for (const pathname of ['/supplier', '/supplier/Banner1', '/supplier/data.source'])
      expect(paths(pathname)).toEqual([`${CataloguePaths.template}supplier`]);
    for (const pathname of ['/supplier/en', '/supplier/en/data.source'])
      expect(paths(pathname)).toEqual([`${CataloguePaths.template}supplierEn`]);
    expect(paths('/suppliers')).toContain(CataloguePaths.catalogList);
  });
});
