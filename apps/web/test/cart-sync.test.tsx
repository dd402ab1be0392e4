import { CartPaths, MemberPaths, StorageKey } from '@shop/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/lib/notify';
import { page } from '@/lib/page';
import { runAfterLoginTasks, startSession } from '@/lib/session';
import {
  cartList,
  guestLine,
  rateHandler,
  serverLine,
  storedGuestCart,
  storeGuestCart,
} from './cart-fixtures';
import { shellHandlers } from './catalogue-fixtures';
import { demoMember, fail, mockApi, ok, renderApp } from './utils';

const SLOW = { timeout: 45_000 };
const toasts = () => toastStore.getState().toasts.map((t) => t.text);
const BATCH = [CartPaths.batchAddItems, CartPaths.batchUpdateItems, CartPaths.batchRemoveItems] as string[];

/** A visitor's cart: one line added here, one server line changed here, one unchanged, one removed. */
const visitorCart = () =>
  storeGuestCart({
    data: [
      guestLine({ skuId: 301, qty: 2 }),
      guestLine({ id: 900, skuId: 72, qty: 3, selected: false, needUpdate: true }),
      guestLine({ id: 902, skuId: 75, qty: 1 }),
    ],
    deleteList: [901],
  });

describe('cart sync on login (spec §4 Cart sync on login)', () => {
  it('after logging in from the cart: batch add, update, remove in that order, then reload the cart', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    const merged = cartList([
      serverLine({ id: 1, skuId: 301, qty: 2 }),
      serverLine({ id: 900, skuId: 72, qty: 3 }),
    ]);
    const { calls } = mockApi({
      ...shellHandlers,
      ...rateHandler,
      [MemberPaths.login]: ok({ token: 'tok-1' }),
      [MemberPaths.current]: ok(demoMember),
      [CartPaths.batchAddItems]: ok({ ids: [1] }),
      [CartPaths.batchUpdateItems]: ok({ ids: [900] }),
      [CartPaths.batchRemoveItems]: ok({ ids: [901] }),
      [CartPaths.list]: ok(merged),
    });
    visitorCart();
    renderApp('/cart');

    fireEvent.click(await screen.findByRole('button', { name: '去结算' }, SLOW));
    fireEvent.change(await screen.findByPlaceholderText('用户名', {}, SLOW), { target: { value: 'demo' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'demo1234' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '登录' }));

    await waitFor(() => expect(storedGuestCart()).toBeNull());
    const batches = calls.filter((c) => BATCH.includes(c.path));
    expect(batches.map((c) => [c.path, c.body])).toEqual([
      [CartPaths.batchAddItems, [{ skuId: 301, qty: 2, websiteId: 1 }]],
      [CartPaths.batchUpdateItems, [{ id: 900, qty: 3, selected: false }]],
      [CartPaths.batchRemoveItems, [901]],
    ]);
    // The page then shows the merged server cart, listed again after the last batch call.
    expect(await screen.findByRole('button', { name: '删除 【澳大利亚仓】羊毛围巾 规格 72' })).toBeTruthy();
    const paths = calls.map((c) => c.path);
    expect(paths.lastIndexOf(CartPaths.list)).toBeGreaterThan(paths.indexOf(CartPaths.batchRemoveItems));
    // Spec §4 'Login': the page reloads after 2000 ms and stays on /cart.
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(reload).toHaveBeenCalledOnce();
  }, 20_000);

  it('after a visitor pressed 立即购买: only that line is selected once the carts are merged', async () => {
    const { calls } = mockApi({
      ...shellHandlers,
      [MemberPaths.current]: ok(demoMember),
      [CartPaths.batchAddItems]: ok({ ids: [2] }),
      [CartPaths.batchUpdateItems]: ok({ ids: [1, 3] }),
      // The member's cart after the merge: their own lines (selected) and the SKU bought now (3 more before).
      [CartPaths.list]: ok(
        cartList([
          serverLine({ id: 1, skuId: 900, qty: 1 }),
          serverLine({ id: 2, skuId: 501, qty: 5 }),
          serverLine({ id: 3, skuId: 902, qty: 4, selected: false }),
          serverLine({ id: 4, skuId: 903, qty: 1 }),
        ]),
      ),
    });
    storeGuestCart({
      data: [guestLine({ skuId: 501, qty: 2 }), guestLine({ skuId: 904, qty: 1, selected: false })],
      deleteList: [],
    });
    window.localStorage.setItem(StorageKey.buyNow, JSON.stringify({ skuId: 501, qty: 2, at: Date.now() }));
    renderApp('/');
    await screen.findByRole('link', { name: /购物车/ }, SLOW);
    startSession('tok-1');
    await runAfterLoginTasks();
    const updates = calls.filter((c) => c.path === CartPaths.batchUpdateItems).map((c) => c.body);
    expect(updates).toEqual([
      [
        { id: 2, qty: 2, selected: true },
        { id: 1, selected: false },
        { id: 4, selected: false },
      ],
    ]);
    // Acted on once.
    expect(window.localStorage.getItem(StorageKey.buyNow)).toBeNull();
  });

  it('sends nothing when the local cart has nothing to bring over', async () => {
    const { calls } = mockApi({
      ...shellHandlers,
      [MemberPaths.current]: ok(demoMember),
      [CartPaths.list]: ok(cartList([])),
    });
    storeGuestCart({ data: [guestLine({ id: 902, skuId: 75 })], deleteList: [] });
    renderApp('/');
    await screen.findByRole('link', { name: /购物车/ }, SLOW);
    startSession('tok-1');
    await runAfterLoginTasks();
    expect(calls.some((c) => BATCH.includes(c.path))).toBe(false);
    expect(calls.some((c) => c.path === CartPaths.list)).toBe(true);
    expect(storedGuestCart()).toBeNull();
  });

  it('keeps the local cart and shows the message when the server refuses', async () => {
    const { calls } = mockApi({
      ...shellHandlers,
      [MemberPaths.current]: ok(demoMember),
      [CartPaths.list]: ok(cartList([])),
      [CartPaths.batchAddItems]: fail(-1, '商品已下架：羊毛围巾'),
    });
    visitorCart();
    const before = storedGuestCart();
    renderApp('/');
    await screen.findByRole('link', { name: /购物车/ }, SLOW);
    startSession('tok-1');
    await runAfterLoginTasks();
    expect(toasts()).toContain('商品已下架：羊毛围巾');
    expect(storedGuestCart()).toEqual(before);
    expect(calls.filter((c) => BATCH.includes(c.path)).map((c) => c.path)).toEqual([CartPaths.batchAddItems]);
  });

  it('after a partial failure keeps only what is not on the server yet', async () => {
    mockApi({
      ...shellHandlers,
      [MemberPaths.current]: ok(demoMember),
      [CartPaths.list]: ok(cartList([])),
      [CartPaths.batchAddItems]: ok({ ids: [1] }),
      [CartPaths.batchUpdateItems]: fail(-1, '购物车行不存在'),
    });
    visitorCart();
    renderApp('/');
    await screen.findByRole('link', { name: /购物车/ }, SLOW);
    startSession('tok-1');
    await runAfterLoginTasks();
    expect(toasts()).toContain('购物车行不存在');
    // The added line went through and is not sent twice; the changed server line and the deletion remain.
    expect(storedGuestCart()?.data.map((l) => l.skuId)).toEqual([72, 75]);
    expect(storedGuestCart()?.deleteList).toEqual([901]);
  });
});
