import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '@/lib/session';
import { demoMember, mockApi, ok, renderApp } from './utils';

describe('routes, titles and the guard (spec §2)', () => {
  it('a visitor on /member sees 请先登录 with the login form instead of the page', async () => {
    mockApi({});
    renderApp('/member');
    expect(await screen.findByRole('heading', { name: '请先登录' })).toBeTruthy();
    expect(await screen.findByPlaceholderText('用户名', {}, { timeout: 45_000 })).toBeTruthy();
    expect(screen.queryByText('人民币余额')).toBeNull();
  });

  it('guards every members-only path', async () => {
    mockApi({});
    for (const path of ['/checkout', '/payment', '/user/order', '/order/12', '/member/settings']) {
      const { unmount } = renderApp(path);
      expect(await screen.findByRole('heading', { name: '请先登录' })).toBeTruthy();
      unmount();
    }
  });

  it('a visitor on /products sees the page, not the login panel', async () => {
    mockApi({ '/api/goodsService/goods/list/': ok({ items: [], pageNo: 1, pageSize: 20, totalCount: 0 }) });
    renderApp('/products');
    expect(
      await screen.findByRole('heading', { name: '没有找到相关商品' }, { timeout: 45_000 }),
    ).toBeTruthy();
    expect(screen.queryByText('请先登录')).toBeNull();
  });

  it('a member on /member sees the member home', async () => {
    mockApi({ '/api/memberService/member/current/': ok(demoMember) });
    startSession('token-1');
    renderApp('/member');
    expect(await screen.findByText('人民币余额')).toBeTruthy();
    expect(screen.getByText('¥1234.50')).toBeTruthy();
    expect(screen.getByText('$0.00')).toBeTruthy();
    expect(screen.queryByText('请先登录')).toBeNull();
  });

  it.each([
    ['/', '澳中批发商城'],
    ['/cart', '购物车 - 澳中批发商城'],
    ['/products/12', '商品列表 - 澳中批发商城'],
    ['/product', '商品详情 - 澳中批发商城'],
    ['/brands/letters', '品牌索引 - 澳中批发商城'],
    ['/supplier', '供应商专区 - 澳中批发商城'],
    ['/supplier/en/data.source', 'Supplier - 澳中批发商城'],
    ['/user/packing', '装箱单 - 澳中批发商城'],
    ['/404', '页面不存在 - 澳中批发商城'],
  ])('title of %s is %s', async (path, title) => {
    mockApi({});
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('shows the not-found page for an unknown path, with a link home', async () => {
    mockApi({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
  });

  it('redirects /index to /', async () => {
    mockApi({});
    const { router } = renderApp('/index');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('the header offers login and register to a visitor, and a search box', async () => {
    mockApi({});
    renderApp('/');
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '注册' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '购物车' }).getAttribute('href')).toBe('/cart');
    expect(screen.getByRole('search')).toBeTruthy();
  });
});
