import { afterEach, describe, expect, it } from 'vitest';
import { currentRouterPathname, paths, routerBase, toDocumentUrl } from '@/lib/paths';

afterEach(() => {
  window.__SHOP_CONFIG__ = undefined;
});

describe('paths', () => {
  it('builds the in-app URLs of spec §2', () => {
    expect(paths.products(undefined, { keyword: '奶粉 罐装' })).toBe(
      '/products?keyword=%E5%A5%B6%E7%B2%89+%E7%BD%90%E8%A3%85',
    );
    expect(paths.products(12)).toBe('/products/12');
    expect(paths.products(undefined, { location: 1 })).toBe('/products?location=1');
    expect(paths.product(5)).toBe('/product/5');
    expect(paths.productBySku(99)).toBe('/product?skuId=99');
    expect(paths.member.supportTicketReply(3)).toBe('/member/supportticketreply/3');
  });

  it('the router base defaults to / and follows window.__SHOP_CONFIG__.routerBase', () => {
    expect(routerBase()).toBe('/');
    window.__SHOP_CONFIG__ = { routerBase: '/shop/' };
    expect(routerBase()).toBe('/shop');
    expect(toDocumentUrl('/')).toBe('/shop');
    expect(toDocumentUrl('/cart')).toBe('/shop/cart');
    window.history.replaceState(null, '', '/shop/member/settings');
    expect(currentRouterPathname()).toBe('/member/settings');
  });
});
