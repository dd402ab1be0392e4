import { CartPaths, MemberPaths, StorageKey } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toastStore } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { cartList, guestLine, serverLine, storedGuestCart, storeGuestCart } from './cart-fixtures';
import { detail, detailSku, goods, page, shellHandlers, sku } from './catalogue-fixtures';
import { demoMember, fail, mockApi, ok, renderApp } from './utils';

/**
 * Wholesale ordering: a quantity per SKU in a product's matrix or grid and one button for them all (a visitor's
 * local cart, a member's batchAddItems/), with the lines that could not go in named with the reason; and 立即购买
 * on the product page, straight to checkout with that line alone selected.
 */

const LIST = '/api/goodsService/goods/list/';
const DETAIL = '/api/goodsService/goodsdetail/detail/';
const SLOW = { timeout: 45_000 };
const toasts = () => toastStore.getState().toasts.map((t) => t.text);
const member = { ...shellHandlers, [MemberPaths.current]: ok(demoMember) };

// 颜色 × 尺码: a matrix. 白 M has 5 in stock, 黑 M 3, 黑 L none (out of stock); 白 L is always in stock.
const shirt = goods({
  id: 40,
  name: '纯棉T恤',
  location: 1,
  skus: [
    sku({ id: 401, goodsId: 40, name: 'T恤 白 M', property: { 颜色: '白', 尺码: 'M' }, status: 1, stock: 5 }),
    sku({
      id: 402,
      goodsId: 40,
      name: 'T恤 白 L',
      property: { 颜色: '白', 尺码: 'L' },
      status: 4,
      stock: 50,
    }),
    sku({ id: 403, goodsId: 40, name: 'T恤 黑 M', property: { 颜色: '黑', 尺码: 'M' }, status: 1, stock: 3 }),
    sku({ id: 404, goodsId: 40, name: 'T恤 黑 L', property: { 颜色: '黑', 尺码: 'L' }, status: 0, stock: 0 }),
  ],
});

async function openMatrix() {
  const row = await screen.findByRole('article', { name: '【澳大利亚仓】纯棉T恤' }, SLOW);
  fireEvent.click(within(row).getByRole('button', { name: /展开/ }));
  const sheet = within(row).getByRole('group', { name: '批量订购' });
  const field = (name: string) =>
    within(sheet).getByRole('textbox', { name: `${name} 数量` }) as HTMLInputElement;
  const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
  return { sheet, field, type };
}

describe('the list matrix: a quantity per SKU, one button for them all', () => {
  it('a visitor: the lines that fit go into the local cart at once, the others are named with the reason', async () => {
    mockApi({ ...shellHandlers, [LIST]: ok(page([shirt])) });
    storeGuestCart({ data: [guestLine({ skuId: 403, goodsId: 40, qty: 2 })], deleteList: [] });
    renderApp('/products');
    const { sheet, field, type } = await openMatrix();

    // Each cell shows the stock status and what can be taken; an out-of-stock SKU has no field to fill.
    expect(within(sheet).getByRole('button', { name: '白 M' }).textContent).toContain('可购 5 件');
    expect(field('黑 L').disabled).toBe(true);
    type('白 M', '9');
    expect(field('白 M').value).toBe('5');
    type('白 L', '10');
    type('黑 M', '2');
    expect(within(sheet).getByText(/已填/).textContent).toBe('已填 3 个规格，共 17 件');

    fireEvent.click(within(sheet).getByRole('button', { name: /^批量加入购物车/ }));
    await waitFor(() =>
      expect(storedGuestCart().data.map((l) => [l.skuId, l.qty])).toEqual([
        [401, 5],
        [402, 10],
        [403, 2],
      ]),
    );
    expect(toasts()).toContain('已加入购物车：2 个规格，共 15 件');
    const refused = await within(sheet).findByRole('alert');
    expect(refused.textContent).toContain('黑 M（2 件）：购物车中已有2件，库存不足，最多可购买 3 件');
    // The added fields are cleared; the refused one keeps its quantity.
    expect([field('白 M').value, field('白 L').value, field('黑 M').value]).toEqual(['', '', '2']);
  }, 20_000);

  it('more than a SKU allows becomes its limit, and the buyer is told why as on the product page', async () => {
    mockApi({ ...shellHandlers, [LIST]: ok(page([shirt])) });
    renderApp('/products');
    const { field, type } = await openMatrix();
    type('白 M', '99999');
    expect(field('白 M').value).toBe('5');
    expect(toasts()).toContain('库存不足，最多可购买 5 件');
    // Always in stock: no stock limit, only the line's own maximum.
    type('白 L', '123456');
    expect(field('白 L').value).toBe('9999');
    expect(toasts()).toContain('单个商品最多购买9999件');
  });

  it('a member: one batchAddItems/ call; a line the server refuses is set aside and the rest sent again', async () => {
    let attempts = 0;
    const { calls } = mockApi({
      ...member,
      [LIST]: ok(page([shirt])),
      [CartPaths.list]: ok(
        cartList([serverLine({ id: 9, skuId: 403, goodsId: 40, qty: 2, status: 1, stock: 3 })]),
      ),
      [CartPaths.batchAddItems]: () => {
        attempts += 1;
        // Stock taken meanwhile: the server names the SKU and refuses the whole call.
        return attempts === 1
          ? fail(-1, 'T恤 白 L：购物车中数量合计后，该商品缺货', { skuId: 402 })
          : ok({ ids: [1] }, '已加入购物车');
      },
    });
    startSession('tok-1');
    renderApp('/products');
    const { sheet, field, type } = await openMatrix();
    type('白 M', '4');
    type('白 L', '10');
    type('黑 M', '2');
    fireEvent.click(within(sheet).getByRole('button', { name: /^批量加入购物车/ }));

    await waitFor(() => expect(toasts()).toContain('已加入购物车：1 个规格，共 4 件'));
    expect(calls.filter((c) => c.path === CartPaths.batchAddItems).map((c) => c.body)).toEqual([
      [
        { skuId: 401, qty: 4, websiteId: 1 },
        { skuId: 402, qty: 10, websiteId: 1 },
      ],
      [{ skuId: 401, qty: 4, websiteId: 1 }],
    ]);
    const refused = within(sheet).getByRole('alert');
    expect(refused.textContent).toContain('黑 M（2 件）：购物车中已有2件，库存不足，最多可购买 3 件');
    expect(refused.textContent).toContain('白 L（10 件）：购物车中数量合计后，该商品缺货');
    expect([field('白 M').value, field('白 L').value, field('黑 M').value]).toEqual(['', '10', '2']);
    expect(storedGuestCart()).toBeNull();
  });

  it('a member whose cart is full: nothing is added, the server says why, the fields stay filled', async () => {
    mockApi({
      ...member,
      [LIST]: ok(page([shirt])),
      [CartPaths.list]: ok(cartList([])),
      [CartPaths.batchAddItems]: fail(-1, '购物车最多可放200种商品，请先删除部分商品'),
    });
    startSession('tok-1');
    renderApp('/products');
    const { sheet, field, type } = await openMatrix();
    type('白 L', '3');
    fireEvent.click(within(sheet).getByRole('button', { name: /^批量加入购物车/ }));
    await waitFor(() => expect(toasts()).toContain('购物车最多可放200种商品，请先删除部分商品'));
    expect(field('白 L').value).toBe('3');
  });
});

// Three keys: a flat grid on the product page.
const tea = detail({
  id: 50,
  name: '有机绿茶',
  location: 2,
  property: [
    { Key: '产地', Values: ['杭州', '云南'] },
    { Key: '等级', Values: ['特级', '一级'] },
    { Key: '重量', Values: ['250g'] },
  ],
  skus: [
    detailSku({
      id: 501,
      goodsId: 50,
      name: '绿茶 A',
      property: { 产地: '杭州', 等级: '特级', 重量: '250g' },
    }),
    detailSku({
      id: 502,
      goodsId: 50,
      name: '绿茶 B',
      property: { 产地: '云南', 等级: '一级', 重量: '250g' },
    }),
  ],
});

describe('the product page: the grid for many SKUs, and 立即购买', () => {
  it('a visitor adds several SKUs of the grid at once', async () => {
    mockApi({ ...shellHandlers, [DETAIL]: ok(tea) });
    renderApp('/product/50');
    const sheet = await screen.findByRole('group', { name: '批量订购' }, SLOW);
    expect(within(sheet).getByRole('list', { name: '全部规格' }).getAttribute('data-layout')).toBe('grid');
    fireEvent.change(within(sheet).getByRole('textbox', { name: '杭州 特级 250g 数量' }), {
      target: { value: '6' },
    });
    fireEvent.change(within(sheet).getByRole('textbox', { name: '云南 一级 250g 数量' }), {
      target: { value: '4' },
    });
    fireEvent.click(within(sheet).getByRole('button', { name: /^批量加入购物车/ }));
    await waitFor(() =>
      expect(storedGuestCart()?.data.map((l) => [l.skuId, l.qty, l.location])).toEqual([
        [501, 6, 2],
        [502, 4, 2],
      ]),
    );
  });

  it('a member buying a SKU not in the cart: added, the other lines unselected, then checkout', async () => {
    const { calls } = mockApi({
      ...member,
      [DETAIL]: ok(tea),
      [CartPaths.list]: ok(
        cartList([
          serverLine({ id: 1, skuId: 900, qty: 1 }),
          serverLine({ id: 2, skuId: 901, qty: 1, selected: false }),
          serverLine({ id: 3, skuId: 902, qty: 5 }),
        ]),
      ),
      [CartPaths.addItem]: ok({ ids: [4] }, '已加入购物车'),
      [CartPaths.batchUpdateItems]: ok({ ids: [1, 3] }),
    });
    startSession('tok-1');
    const { router } = renderApp('/product/50');
    fireEvent.change(await screen.findByRole('textbox', { name: '购买数量' }, SLOW), {
      target: { value: '3' },
    });
    fireEvent.click(screen.getByRole('button', { name: '立即购买' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'), SLOW);
    expect(calls.find((c) => c.path === CartPaths.addItem)?.body).toEqual({
      skuId: 501,
      qty: 3,
      websiteId: 1,
    });
    expect(calls.find((c) => c.path === CartPaths.batchUpdateItems)?.body).toEqual([
      { id: 1, selected: false },
      { id: 3, selected: false },
    ]);
    // Nothing is removed from the buyer's cart.
    expect(calls.some((c) => c.path === CartPaths.removeItem || c.path === CartPaths.batchRemoveItems)).toBe(
      false,
    );
  });

  it('a member buying a SKU already in the cart: that line gets the quantity bought now, alone selected', async () => {
    const { calls } = mockApi({
      ...member,
      [DETAIL]: ok(tea),
      [CartPaths.list]: ok(
        cartList([
          serverLine({ id: 1, skuId: 900, qty: 1 }),
          serverLine({ id: 7, skuId: 501, qty: 9, selected: false }),
        ]),
      ),
      [CartPaths.batchUpdateItems]: ok({ ids: [7, 1] }),
    });
    startSession('tok-1');
    const { router } = renderApp('/product/50');
    fireEvent.change(await screen.findByRole('textbox', { name: '购买数量' }, SLOW), {
      target: { value: '2' },
    });
    fireEvent.click(screen.getByRole('button', { name: '立即购买' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'), SLOW);
    expect(calls.some((c) => c.path === CartPaths.addItem)).toBe(false);
    expect(calls.find((c) => c.path === CartPaths.batchUpdateItems)?.body).toEqual([
      { id: 7, qty: 2, selected: true },
      { id: 1, selected: false },
    ]);
  });

  it('a visitor: that line alone selected in the local cart, the wish kept for the login checkout asks for', async () => {
    mockApi({ ...shellHandlers, [DETAIL]: ok(tea) });
    storeGuestCart({ data: [guestLine({ skuId: 900, qty: 1 })], deleteList: [] });
    const { router } = renderApp('/product/50');
    fireEvent.change(await screen.findByRole('textbox', { name: '购买数量' }, SLOW), {
      target: { value: '2' },
    });
    fireEvent.click(screen.getByRole('button', { name: '立即购买' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(await screen.findByRole('heading', { name: '请先登录' }, SLOW)).toBeTruthy();
    expect(storedGuestCart().data.map((l) => [l.skuId, l.qty, l.selected])).toEqual([
      [501, 2, true],
      [900, 1, false],
    ]);
    expect(JSON.parse(window.localStorage.getItem(StorageKey.buyNow) ?? '{}')).toMatchObject({
      skuId: 501,
      qty: 2,
    });
  });
});
