import { afterEach, describe, expect, it } from 'vitest';
import { currentRouterPathname, paths, routerBase, toDocumentUrl } from '@/lib/paths';
import { readReturnState, returnPath } from '@/lib/return-to';

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
    expect(paths.member.receiver()).toBe('/member/receiver');
    expect(paths.member.sender({ from: '/checkout' })).toBe('/member/sender?from=%2Fcheckout');
  });

  it.each([
    ['/checkout', '/checkout'],
    ['/member/order?status=0', '/member/order?status=0'],
    [null, null],
    ['', null],
    ['checkout', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['https://evil.example/checkout', null],
    ['javascript:alert(1)', null],
    ['/checkout\n', null],
  ])('a way back to %j goes to %j (only paths within the shop)', (from, to) => {
    expect(returnPath(from)).toBe(to);
  });

  it('reads the state of a way back, ignoring anything else', () => {
    expect(readReturnState({ resumed: true, savedAddress: { book: 'receiver', id: 7 } })).toEqual({
      resumed: true,
      savedAddress: { book: 'receiver', id: 7 },
    });
    expect(readReturnState({ resumed: true, savedAddress: { book: 'other', id: 7 } })).toEqual({
      resumed: true,
    });
    expect(readReturnState({ usr: 1 })).toBeNull();
    expect(readReturnState(null)).toBeNull();
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
