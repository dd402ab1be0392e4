import {
  CartPaths,
  CheckoutPaths,
  type Currency,
  cartAudTipText,
  cartDisplayTotals,
  formatAmount,
  MemberPaths,
  type ServerCartLine,
} from '@shop/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppQueryClient } from '@/app/query-client';
import { loadCartList } from '@/features/cart/api/get-cart-list';
import { majorToMinor } from '@/lib/money';
import { toastStore } from '@/lib/notify';
import { usePageCurrency } from '@/lib/page-currency';
import { startSession } from '@/lib/session';
import { cartList, rateHandler, serverLine, storedGuestCart, storeGuestCart } from './cart-fixtures';
import { detail, detailSku, shellHandlers } from './catalogue-fixtures';
import { demoMember, fail, mockApi, ok, renderApp } from './utils';

const DETAIL = '/api/goodsService/goodsdetail/detail/';
const SLOW = { timeout: 45_000 };
const toasts = () => toastStore.getState().toasts.map((t) => t.text);
const member = { ...shellHandlers, [MemberPaths.current]: ok(demoMember) };

describe('member add to cart (spec §7 addItem/)', () => {
  it('sends the SKU, quantity and website id, shows the server message and reloads the cart', async () => {
    let lines: ServerCartLine[] = [];
    const { calls } = mockApi({
      ...member,
      [DETAIL]: ok(detail({ skus: [detailSku({ id: 72, goodsId: 7 })] })),
      [CartPaths.list]: () => ok(cartList(lines)),
      [CartPaths.addItem]: () => {
        lines = [serverLine({ id: 1, skuId: 72, qty: 2 })];
        return ok({ ids: [1] }, '已加入购物车');
      },
    });
    startSession('tok-1');
    renderApp('/product/7');
    const add = await screen.findByRole('button', { name: '加入购物车' }, SLOW);
    fireEvent.change(screen.getByRole('textbox', { name: '购买数量' }), { target: { value: '2' } });
    fireEvent.click(add);

    await waitFor(() => expect(toasts()).toContain('已加入购物车'));
    expect(calls.find((c) => c.path === CartPaths.addItem)?.body).toEqual({
      skuId: 72,
      qty: 2,
      websiteId: 1,
    });
    await waitFor(() => expect(screen.getByTestId('cart-badge').textContent).toContain('1'));
    // The member's goods are on the server, not in the local cart.
    expect(storedGuestCart()).toBeNull();
  });

  it('shows the server refusal (over stock) as a toast', async () => {
    mockApi({
      ...member,
      [DETAIL]: ok(detail({ skus: [detailSku({ id: 72, goodsId: 7 })] })),
      [CartPaths.list]: ok(cartList([])),
      [CartPaths.addItem]: fail(-1, '库存不足，最多可购买 1 件'),
    });
    startSession('tok-1');
    renderApp('/product/7');
    fireEvent.click(await screen.findByRole('button', { name: '加入购物车' }, SLOW));
    await waitFor(() => expect(toasts()).toContain('库存不足，最多可购买 1 件'));
  });
});

describe('member cart page (spec §5 totals from the server)', () => {
  // Paying AUD, the cart reads as spec §5 is written (ADR 013); paying CNY is tested on its own.
  beforeEach(() => usePageCurrency.getState().setCurrency('AUD'));
  const scarf = serverLine({
    id: 1,
    skuId: 72,
    name: '羊毛围巾',
    skuName: '红色围巾',
    qty: 2,
    audPrice: 10,
    cnyPrice: 50,
  });
  const tea = serverLine({
    id: 2,
    skuId: 301,
    goodsId: 30,
    name: '有机绿茶',
    skuName: '绿茶 100g',
    location: 2,
    audPrice: null,
    cnyPrice: 30,
    status: 1,
    stock: 3,
  });
  const glove = serverLine({
    id: 3,
    skuId: 74,
    name: '羊毛手套',
    skuName: '手套 M',
    audPrice: 15,
    selected: false,
  });

  /** The server's answer for these lines billed in `currency`, as the API computes it. */
  function serverCart(lines: ServerCartLine[], currency: Currency = 'AUD') {
    const minor = lines.map((l) => ({
      ...l,
      audPrice: majorToMinor(l.audPrice),
      cnyPrice: majorToMinor(l.cnyPrice),
    }));
    const t = cartDisplayTotals(minor, currency, '4.7');
    return cartList(
      lines,
      {
        audPrice: formatAmount(t.aud),
        cnyPrice: formatAmount(t.cny),
        allCnyPrice: formatAmount(t.allCny ?? 0),
      },
      cartAudTipText(t.cnyOnlySkuNames),
    );
  }

  it('shows the server totals, which agree with the domain rule, and the AUD warning', async () => {
    const { calls } = mockApi({ ...member, [CartPaths.list]: ok(serverCart([scarf, tea, glove])) });
    startSession('tok-1');
    renderApp('/cart');

    expect(await screen.findByRole('heading', { name: '中国仓' }, SLOW)).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('$20.00 + ¥30.00');
    expect(screen.getByTestId('cart-all-cny').textContent).toBe('折合人民币 ¥130.00');
    expect(screen.getByRole('alert').textContent).toBe('以下商品不支持澳币支付，请重新选择：绿茶 100g');
    // The header badge and the page share one fetch (spec §4: no second list within 5000 ms).
    expect(calls.filter((c) => c.path === CartPaths.list)).toHaveLength(1);
    expect(calls.some((c) => c.path === CartPaths.ratePrice)).toBe(false);
  });

  it('says which 满减 the selected lines get and why another does not, and what is worth buying more for (ADR 031)', async () => {
    const reduction = (id: number, name: string, threshold: number, reduce: number) => ({
      id,
      name,
      promotionsMehtod: 0,
      currency: 'AUD' as const,
      threshold,
      reduce,
      discountPercent: null,
      skuIds: [],
      pairSkuIds: [],
      stackable: false,
      priority: 0,
    });
    const { calls } = mockApi({
      ...member,
      [CartPaths.list]: ok(serverCart([scarf, tea, glove])),
      [CheckoutPaths.runningPromotions]: ok({
        list: [
          reduction(1, '满10减1', 10, 1),
          reduction(2, '满20减3', 20, 3),
          reduction(3, '满50减8', 50, 8),
        ],
      }),
    });
    startSession('tok-1');
    renderApp('/cart');
    // $20.00 of AUD goods selected (the tea has no AUD price, the gloves are not selected).
    const hints = await screen.findByTestId('cart-promotion-hints', {}, SLOW);
    expect([...hints.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '已享 满20减3（-$3.00）；满10减1 不与其同享',
      '再买 $30.00 可享 满50减8',
    ]);
    expect(calls.find((c) => c.path === CheckoutPaths.runningPromotions)?.body).toEqual({ currency: 'AUD' });
  });

  it('shows a failed load with its retry, never a made-up total, when the server total cannot be read', async () => {
    mockApi({
      ...member,
      [CartPaths.list]: ok(cartList([scarf], { audPrice: '20.0.0', cnyPrice: '0.00', allCnyPrice: '94.00' })),
    });
    startSession('tok-1');
    renderApp('/cart');

    expect(await screen.findByRole('button', { name: '重新加载' }, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('cart-total')).toBeNull();
  });

  it('reads the same for a visitor holding the same lines (domain rule) as for the member (server totals)', async () => {
    const lines = [scarf, tea, glove];
    mockApi({ ...member, ...rateHandler, [CartPaths.list]: ok(serverCart(lines)) });
    const shown = () => [
      screen.getByTestId('cart-total').textContent,
      screen.getByTestId('cart-all-cny').textContent,
      screen.getByRole('alert').textContent,
    ];

    storeGuestCart({
      data: lines.map((l) => ({
        ...l,
        audPrice: majorToMinor(l.audPrice),
        cnyPrice: majorToMinor(l.cnyPrice),
        fromLocal: true,
      })),
      deleteList: [],
    });
    const guest = renderApp('/cart');
    await screen.findByTestId('cart-all-cny', {}, SLOW);
    const asGuest = shown();
    guest.unmount();

    storeGuestCart({ data: [], deleteList: [] });
    startSession('tok-1');
    renderApp('/cart');
    await screen.findByTestId('cart-all-cny', {}, SLOW);
    expect(shown()).toEqual(asGuest);
    expect(asGuest[0]).toBe('$20.00 + ¥30.00');
  });

  it('selects all with one batch update, changes quantities within stock and removes lines', async () => {
    let lines = [scarf, tea, glove];
    const { calls } = mockApi({
      ...member,
      [CartPaths.list]: () => ok(serverCart(lines)),
      [CartPaths.batchUpdateItems]: (body) => {
        const patches = body as { id: number; qty: number; selected: boolean }[];
        lines = lines.map((l) => ({ ...l, ...patches.find((p) => p.id === l.id) }));
        return ok({ ids: patches.map((p) => p.id) });
      },
      [CartPaths.updateItem]: (body) => {
        const patch = body as { id: number; qty?: number };
        lines = lines.map((l) => (l.id === patch.id ? { ...l, ...patch } : l));
        return ok({ ids: [patch.id] });
      },
      [CartPaths.removeItem]: (body) => {
        lines = lines.filter((l) => l.id !== (body as { id: number }).id);
        return ok({ ids: [] });
      },
      [CartPaths.batchAddItems]: (body) => {
        const added = body as { skuId: number; qty: number }[];
        lines = [...lines, ...added.map((a) => ({ ...glove, id: 30, qty: a.qty }))];
        return ok({ ids: [30] });
      },
    });
    startSession('tok-1');
    renderApp('/cart');

    fireEvent.click(await screen.findByRole('checkbox', { name: '全选' }, SLOW));
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$35.00 + ¥30.00'));
    expect(calls.find((c) => c.path === CartPaths.batchUpdateItems)?.body).toEqual([
      { id: 3, qty: 1, selected: true },
    ]);

    // Tea is ByStock with 3 left: asking for 5 is refused and lowered to 3.
    const teaQty = screen.getByRole('group', { name: '【中国仓】有机绿茶 绿茶 100g 数量' });
    const input = within(teaQty).getByRole('textbox', { name: '数量' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.blur(input);
    expect(toasts()).toContain('库存不足，最多可购买 3 件');
    await waitFor(() =>
      expect(calls.find((c) => c.path === CartPaths.updateItem)?.body).toEqual({ id: 2, qty: 3 }),
    );
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$35.00 + ¥90.00'));

    fireEvent.click(screen.getByRole('button', { name: '删除 【澳大利亚仓】羊毛手套 手套 M' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: '删除 【澳大利亚仓】羊毛手套 手套 M' })).toBeNull(),
    );
    expect(calls.find((c) => c.path === CartPaths.removeItem)?.body).toEqual({ id: 3 });

    // Deleted on the server at once; 撤销 adds the same SKU and quantity back and the cart shows it again.
    fireEvent.click(await screen.findByRole('button', { name: '撤销' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === CartPaths.batchAddItems)?.body).toEqual([
        { skuId: glove.skuId, qty: glove.qty, websiteId: 1 },
      ]),
    );
    expect(
      await screen.findByRole('button', { name: '删除 【澳大利亚仓】羊毛手套 手套 M' }, SLOW),
    ).toBeTruthy();
  });

  it('asks for the cart in the page currency and shows it billed so: switching to CNY drops the AUD warning', async () => {
    const { calls } = mockApi({
      ...member,
      [CartPaths.list]: (body) =>
        ok(serverCart([scarf, tea, glove], (body as { currency: Currency }).currency)),
    });
    startSession('tok-1');
    renderApp('/cart');
    expect(await screen.findByRole('alert', {}, SLOW)).toBeTruthy();
    expect(calls.filter((c) => c.path === CartPaths.list).map((c) => c.body)).toEqual([
      { websiteId: 1, currency: 'AUD' },
    ]);

    fireEvent.click(screen.getAllByRole('button', { name: 'CNY' })[0] as HTMLElement);
    // 2 × ¥50 + ¥30, billed in CNY: the all-CNY total AUD showed beside its split; nothing is said about AUD.
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('¥130.00'));
    expect(screen.getByTestId('cart-split').textContent).toBe('澳币 + 人民币 $20.00 + ¥30.00');
    expect(calls.filter((c) => c.path === CartPaths.list).at(-1)?.body).toEqual({
      websiteId: 1,
      currency: 'CNY',
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/不支持澳币支付/)).toBeNull();
    expect(screen.getByText('¥100.00')).toBeTruthy();
  });

  it('goes to checkout when logged in', async () => {
    mockApi({ ...member, [CartPaths.list]: ok(serverCart([scarf])) });
    startSession('tok-1');
    const { router } = renderApp('/cart');
    fireEvent.click(await screen.findByRole('button', { name: '去结算' }, SLOW));
    // The checkout route is lazy and brings antd: as slow to arrive as the other lazy pages.
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'), SLOW);
  });
});

describe('a pre-ordered cart line (issue #39 预订)', () => {
  it('says the part beyond the stock is a pre-order, with the day it is expected or that none is set', async () => {
    const powder = serverLine({
      id: 4,
      skuId: 91,
      skuName: '奶粉 整箱',
      qty: 8,
      status: 3,
      stock: 5,
      expectedDate: '2026-12-20',
    });
    const loose = serverLine({ id: 5, skuId: 92, skuName: '奶粉 散装', qty: 2, status: 3, stock: 0 });
    const covered = serverLine({
      id: 6,
      skuId: 93,
      skuName: '奶粉 小罐',
      qty: 2,
      status: 3,
      stock: 9,
      expectedDate: '2026-12-20',
    });
    mockApi({ ...member, [CartPaths.list]: ok(cartList([powder, loose, covered])) });
    startSession('tok-1');
    renderApp('/cart');
    const lineOf = async (name: string) =>
      (await screen.findByText(name, { selector: '.cart-line-sku' }, SLOW)).closest('li') as HTMLElement;

    expect(
      within(await lineOf('奶粉 整箱')).getByText('库存不足部分需预订 · 预计 12月20日到货'),
    ).toBeTruthy();
    expect(within(await lineOf('奶粉 散装')).getByText('库存不足部分需预订 · 到货日期待定')).toBeTruthy();
    // Stock covers it: it ships now, nothing is said.
    expect(within(await lineOf('奶粉 小罐')).queryByText(/预订/)).toBeNull();
  });
});

describe('cart list throttle (spec §4, §9: 5000 ms)', () => {
  it('skips a fetch within 5000 ms unless a refresh is demanded', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z'), shouldAdvanceTime: true });
    const { calls } = mockApi({ [CartPaths.list]: ok(cartList([serverLine({ id: 1, skuId: 72 })])) });
    startSession('tok-1');
    const queryClient = createAppQueryClient({ retry: false });
    const listCalls = () => calls.filter((c) => c.path === CartPaths.list).length;

    await loadCartList(queryClient);
    expect(listCalls()).toBe(1);
    expect(calls[0]?.body).toEqual({ websiteId: 1, currency: 'CNY' });

    await act(() => vi.advanceTimersByTimeAsync(4000));
    await loadCartList(queryClient);
    expect(listCalls()).toBe(1);

    await loadCartList(queryClient, { refresh: true });
    expect(listCalls()).toBe(2);

    await act(() => vi.advanceTimersByTimeAsync(5000));
    await loadCartList(queryClient);
    expect(listCalls()).toBe(3);
  });
});
