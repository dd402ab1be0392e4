import { CartPaths } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { toastStore } from '@/lib/notify';
import { usePageCurrency } from '@/lib/page-currency';
import { guestLine, rateHandler, storedGuestCart, storeGuestCart } from './cart-fixtures';
import { detail, detailSku, goods, page, shellHandlers, sku } from './catalogue-fixtures';
import { mockApi, ok, renderApp } from './utils';

const DETAIL = '/api/goodsService/goodsdetail/detail/';
const LIST = '/api/goodsService/goods/list/';
const SLOW = { timeout: 45_000 };
const toasts = () => toastStore.getState().toasts.map((t) => t.text);
const badge = () => screen.queryByTestId('cart-badge')?.textContent ?? '';

const scarf = detail({
  property: [{ Key: '颜色', Values: ['红', '蓝'] }],
  skus: [
    detailSku({ id: 72, goodsId: 7, name: '红色围巾', property: { 颜色: '红' }, audPrice: 11, cnyPrice: 55 }),
    detailSku({
      id: 73,
      goodsId: 7,
      name: '蓝色围巾',
      property: { 颜色: '蓝' },
      audPrice: null,
      cnyPrice: 60,
    }),
  ],
});

describe('guest cart from the product page (spec §4 Guest cart)', () => {
  it('adds the selected SKU with the chosen quantity to the local cart, toasts, and increments on a second add', async () => {
    const { calls } = mockApi({ ...shellHandlers, [DETAIL]: ok(scarf) });
    renderApp('/product/7');
    const add = await screen.findByRole('button', { name: '加入购物车' }, SLOW);

    fireEvent.change(screen.getByRole('textbox', { name: '购买数量' }), { target: { value: '3' } });
    fireEvent.click(add);
    expect(storedGuestCart().data).toEqual([
      {
        skuId: 72,
        goodsId: 7,
        skuName: '红色围巾',
        name: '羊毛围巾',
        qty: 3,
        audPrice: 1100,
        cnyPrice: 5500,
        selected: true,
        location: 1,
        property: { 颜色: '红' },
        currency: 'AUD',
        image: 'goods/7.jpg',
        fromLocal: true,
      },
    ]);
    expect(toasts()).toContain('已加入购物车');
    expect(badge()).toContain('1');

    // The same SKU again: one line, quantities added.
    fireEvent.click(add);
    expect(storedGuestCart().data.map((l) => [l.skuId, l.qty])).toEqual([[72, 6]]);

    // Another SKU goes to the front.
    fireEvent.click(screen.getByRole('button', { name: '蓝' }));
    fireEvent.click(add);
    expect(storedGuestCart().data.map((l) => [l.skuId, l.qty, l.currency])).toEqual([
      [73, 3, 'CNY'],
      [72, 6, 'AUD'],
    ]);
    expect(badge()).toContain('2');
    // A visitor's cart never reaches the server.
    expect(calls.some((c) => c.path.startsWith('/api/salesService/cart/'))).toBe(false);
  });

  it('cannot add when the product is off the shelf or the SKU cannot be bought', async () => {
    mockApi({
      ...shellHandlers,
      [DETAIL]: ok(detail({ onFlag: false, skus: [detailSku({ id: 80, goodsId: 7 })] })),
    });
    renderApp('/product/7');
    const add = (await screen.findByRole('button', { name: '加入购物车' }, SLOW)) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
  });

  it('refuses more than a ByStock SKU has, counting what is already in the cart', async () => {
    mockApi({
      ...shellHandlers,
      [DETAIL]: ok(detail({ skus: [detailSku({ id: 81, goodsId: 7, status: 1, stock: 2 })] })),
    });
    storeGuestCart({ data: [guestLine({ skuId: 81, qty: 2 })], deleteList: [] });
    renderApp('/product/7');
    fireEvent.click(await screen.findByRole('button', { name: '加入购物车' }, SLOW));
    expect(toasts()).toContain('库存不足，最多可购买 2 件');
    expect(storedGuestCart().data[0]?.qty).toBe(2);
  });
});

describe('guest cart from the product list', () => {
  it('adds the selected SKU with quantity 1, and the quantities filled in the expanded row at once', async () => {
    const tea = goods({
      id: 30,
      name: '有机绿茶',
      location: 2,
      skus: [
        sku({ id: 301, goodsId: 30, name: '绿茶', property: { 规格: '100g' }, audPrice: null, cnyPrice: 30 }),
        sku({ id: 302, goodsId: 30, name: '绿茶', property: { 规格: '250g' }, audPrice: null, cnyPrice: 65 }),
      ],
    });
    mockApi({ ...shellHandlers, [LIST]: ok(page([tea])) });
    renderApp('/products');
    const row = await screen.findByRole('article', { name: '【中国仓】有机绿茶' }, SLOW);

    fireEvent.click(within(row).getByRole('button', { name: '加入购物车' }));
    expect(storedGuestCart().data.map((l) => [l.skuId, l.qty, l.location])).toEqual([[301, 1, 2]]);

    fireEvent.click(within(row).getByRole('button', { name: /展开/ }));
    fireEvent.change(within(row).getByRole('textbox', { name: '250g 数量' }), { target: { value: '1' } });
    fireEvent.change(within(row).getByRole('textbox', { name: '100g 数量' }), { target: { value: '1' } });
    fireEvent.click(within(row).getByRole('button', { name: /^批量加入购物车/ }));
    await waitFor(() =>
      expect(storedGuestCart().data.map((l) => [l.skuId, l.qty])).toEqual([
        [302, 1],
        [301, 2],
      ]),
    );
  });
});

describe('guest cart page (spec §2 /cart, §5 totals)', () => {
  // Paying AUD, the cart reads as spec §5 is written (ADR 013); paying CNY is below.
  beforeEach(() => usePageCurrency.getState().setCurrency('AUD'));
  const twoWarehouses = () =>
    storeGuestCart({
      data: [
        guestLine({ skuId: 72, name: '羊毛围巾', skuName: '红色围巾', property: { 颜色: '红' }, qty: 2 }),
        guestLine({
          skuId: 301,
          goodsId: 30,
          name: '有机绿茶',
          skuName: '绿茶 100g',
          location: 2,
          audPrice: null,
          cnyPrice: 3000,
        }),
        // A line of the member's server cart, kept from an earlier visit.
        guestLine({
          id: 900,
          skuId: 74,
          name: '羊毛手套',
          skuName: '手套 M',
          audPrice: 1500,
          selected: false,
        }),
      ],
      deleteList: [],
    });

  it('groups by warehouse and totals the selected lines with the AUD warning and the all-CNY amount', async () => {
    const { calls } = mockApi({ ...shellHandlers, ...rateHandler });
    twoWarehouses();
    renderApp('/cart');

    expect(await screen.findByRole('heading', { name: '澳大利亚仓' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '中国仓' })).toBeTruthy();
    const au = screen.getByRole('region', { name: '澳大利亚仓' });
    expect(within(au).getByRole('link', { name: '【澳大利亚仓】羊毛围巾' })).toBeTruthy();
    expect(within(au).getByText('红')).toBeTruthy();
    expect(within(au).getByText('$10.00')).toBeTruthy();
    expect(within(au).getByText('$20.00')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '中国仓' })).getAllByText('¥30.00')).toHaveLength(2);

    // 2 × $10 (AUD) + ¥30 (CNY only); the unselected glove does not count. All in CNY, line by line (ADR 030):
    // the scarf at its own 2 × ¥50 + ¥30 = ¥130, what paying CNY bills — not $20 × 4.7 + ¥30.
    expect(screen.getByTestId('cart-total').textContent).toBe('$20.00 + ¥30.00');
    expect((await screen.findByTestId('cart-all-cny')).textContent).toBe('折合人民币 ¥130.00');
    expect(screen.getByRole('alert').textContent).toBe('以下商品不支持澳币支付，请重新选择：绿茶 100g');
    expect(calls.some((c) => c.path === CartPaths.ratePrice)).toBe(true);
  });

  it('changes quantities and selection locally; removing a server line queues it for deletion', async () => {
    mockApi({ ...shellHandlers, ...rateHandler });
    twoWarehouses();
    renderApp('/cart');
    const scarfLine = await screen.findByRole('group', { name: '【澳大利亚仓】羊毛围巾 红 数量' }, SLOW);

    fireEvent.click(within(scarfLine).getByRole('button', { name: '增加数量' }));
    expect(storedGuestCart().data[0]?.qty).toBe(3);
    const input = within(scarfLine).getByRole('textbox', { name: '数量' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.blur(input);
    expect(storedGuestCart().data[0]?.qty).toBe(5);
    expect(screen.getByTestId('cart-total').textContent).toBe('$50.00 + ¥30.00');

    // Not a whole number: refused with the rule's message, the quantity stays.
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.blur(input);
    expect(toasts()).toContain('购买数量须为大于0的整数');
    expect(storedGuestCart().data[0]?.qty).toBe(5);

    // Selecting the server line marks it for update at login.
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 【澳大利亚仓】羊毛手套 手套 M' }));
    expect(storedGuestCart().data[2]).toMatchObject({ id: 900, selected: true, needUpdate: true });

    fireEvent.click(screen.getByRole('button', { name: '删除 【澳大利亚仓】羊毛手套 手套 M' }));
    fireEvent.click(screen.getByRole('button', { name: '删除 【中国仓】有机绿茶 绿茶 100g' }));
    expect(storedGuestCart()).toEqual({
      data: [expect.objectContaining({ skuId: 72, qty: 5 })],
      deleteList: [900],
    });
    expect(screen.queryByRole('heading', { name: '中国仓' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    // Each removal can be taken back for a few seconds: 撤销 brings the glove back as it was, off the queue.
    const undo = screen.getAllByRole('button', { name: '撤销' });
    expect(undo).toHaveLength(2);
    fireEvent.click(undo[0] as HTMLElement);
    expect(storedGuestCart()).toEqual({
      data: [
        expect.objectContaining({ id: 900, qty: 1, selected: true, needUpdate: true }),
        expect.objectContaining({ skuId: 72, qty: 5 }),
      ],
      deleteList: [],
    });
    expect(screen.getByRole('button', { name: '删除 【澳大利亚仓】羊毛手套 手套 M' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '撤销' })).toHaveLength(1);
  });

  it('selects per warehouse and overall', async () => {
    mockApi({ ...shellHandlers, ...rateHandler });
    twoWarehouses();
    renderApp('/cart');
    const all = (await screen.findByRole('checkbox', { name: '全选' }, SLOW)) as HTMLInputElement;
    expect(all.checked).toBe(false);
    // The bar keeps 全选, the total and 去结算 in one row; the rest opens under 明细 (on phones).
    const bar = screen.getByRole('region', { name: '结算' });
    const details = within(bar).getByRole('button', { name: /明细/ });
    expect(details.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(details);
    expect(details.getAttribute('aria-expanded')).toBe('true');
    expect(bar.className).toContain('is-open');
    expect(document.getElementById(details.getAttribute('aria-controls') ?? '')?.textContent).toContain(
      '删除选中',
    );

    fireEvent.click(all);
    expect(storedGuestCart().data.every((l) => l.selected)).toBe(true);
    expect(screen.getByTestId('cart-total').textContent).toBe('$35.00 + ¥30.00');

    fireEvent.click(screen.getByRole('checkbox', { name: '全选澳大利亚仓' }));
    expect(storedGuestCart().data.map((l) => l.selected)).toEqual([false, true, false]);
    expect(screen.getByTestId('cart-total').textContent).toBe('¥30.00');
    expect(all.checked).toBe(false);

    fireEvent.click(all);
    fireEvent.click(all);
    expect(storedGuestCart().data.every((l) => !l.selected)).toBe(true);
    expect(screen.getByTestId('cart-total').textContent).toBe('¥0.00');
    expect((screen.getByRole('button', { name: '去结算' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('paying CNY (the page currency), bills every line in CNY with no AUD warning; the header switch re-bills', async () => {
    usePageCurrency.getState().setCurrency('CNY');
    mockApi({ ...shellHandlers, ...rateHandler });
    storeGuestCart({
      data: [
        guestLine({ skuId: 72, name: '羊毛围巾', skuName: '红色围巾', qty: 2 }),
        guestLine({ skuId: 301, goodsId: 30, name: '有机绿茶', location: 2, audPrice: null, cnyPrice: 3000 }),
        guestLine({ skuId: 75, name: '袋鼠玩偶', skuName: '玩偶', audPrice: 2000, cnyPrice: null }),
      ],
      deleteList: [],
    });
    renderApp('/cart');

    const au = await screen.findByRole('region', { name: '澳大利亚仓' }, SLOW);
    // 2 × ¥50 (its own CNY price, not $10) + ¥30 + $20 × 4.7 = ¥94.00 (converted and said so).
    expect(within(au).getByText('¥100.00')).toBeTruthy();
    await waitFor(() => expect(within(au).getAllByText('¥94.00')).toHaveLength(2));
    expect(within(au).getByText('按汇率折合人民币结算')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('¥224.00');
    // Spec §5's split shows in CNY too (ADR 030): the AUD-priced lines at $10 × 2 + $20, the tea at ¥30.
    expect(screen.getByTestId('cart-split').textContent).toBe('澳币 + 人民币 $40.00 + ¥30.00');
    expect(screen.queryByTestId('cart-all-cny')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/不支持澳币支付/)).toBeNull();

    // The header switch to AUD: the CNY-only tea is billed in CNY, marked and named in the warning; the
    // all-CNY total beside it is the one CNY showed.
    fireEvent.click(screen.getAllByRole('button', { name: 'AUD' })[0] as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$40.00 + ¥30.00'));
    expect(screen.getByTestId('cart-all-cny').textContent).toBe('折合人民币 ¥224.00');
    expect(screen.queryByTestId('cart-split')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('以下商品不支持澳币支付，请重新选择：规格 301');
    expect(within(screen.getByRole('region', { name: '中国仓' })).getByText('不支持澳币支付')).toBeTruthy();
    expect(screen.queryByText('$0.00')).toBeNull();
  });

  it('asks a visitor to log in before checkout', async () => {
    mockApi({ ...shellHandlers, ...rateHandler });
    twoWarehouses();
    const { router } = renderApp('/cart');
    fireEvent.click(await screen.findByRole('button', { name: '去结算' }, SLOW));
    expect(await screen.findByPlaceholderText('用户名', {}, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cart');
  });

  it('shows the empty cart with a way to the products', async () => {
    mockApi({ ...shellHandlers });
    renderApp('/cart');
    expect(await screen.findByRole('heading', { name: '购物车还是空的' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: '去逛逛' }).getAttribute('href')).toBe('/products');
    await waitFor(() => expect(badge()).toBe(''));
  });
});
