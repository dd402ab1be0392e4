import { ResultCode } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toastStore } from '@/lib/notify';
import { storedGuestCart } from './cart-fixtures';
import { detail, detailSku, shellHandlers } from './catalogue-fixtures';
import { fail, mockApi, ok, renderApp } from './utils';

const DETAIL = '/api/goodsService/goodsdetail/detail/';

// 红 comes in S and M, 蓝 only in M; 绿 exists only as a NotForSale SKU.
const scarf = detail({
  property: [
    { Key: '颜色', Values: ['红', '蓝', '绿'] },
    { Key: '尺码', Values: ['S', 'M'] },
  ],
  skus: [
    detailSku({
      id: 71,
      property: { 颜色: '红', 尺码: 'S' },
      audPrice: 10,
      cnyPrice: 50,
      status: 1,
      stock: 0,
    }),
    detailSku({
      id: 72,
      property: { 颜色: '红', 尺码: 'M' },
      audPrice: 11,
      cnyPrice: 55,
      status: 4,
      weight: 1250,
    }),
    detailSku({ id: 73, property: { 颜色: '蓝', 尺码: 'M' }, audPrice: null, cnyPrice: 60, status: 4 }),
    detailSku({ id: 74, property: { 颜色: '绿', 尺码: 'S' }, audPrice: 9, cnyPrice: 45, status: -1 }),
  ],
});

function option(group: string, value: string) {
  return within(screen.getByRole('group', { name: group })).getByRole('button', { name: value });
}

const priceBox = () => document.querySelector('.product-price-box') as HTMLElement;

// 颜色 × 领型: 炭灰色 is for sale only as V领 (its 圆领 is not for sale); every 藏青色 is sold out.
const jumper = detail({
  id: 8,
  name: '美利奴羊毛衫',
  location: 9,
  property: [
    { Key: '颜色', Values: ['燕麦色', '藏青色', '炭灰色'] },
    { Key: '领型', Values: ['圆领', 'V领'] },
  ],
  skus: [
    detailSku({ id: 81, property: { 颜色: '燕麦色', 领型: '圆领' }, cnyPrice: 700, status: 4 }),
    detailSku({ id: 82, property: { 颜色: '燕麦色', 领型: 'V领' }, cnyPrice: 710, status: 4 }),
    detailSku({ id: 83, property: { 颜色: '藏青色', 领型: '圆领' }, cnyPrice: 720, status: 1, stock: 0 }),
    detailSku({ id: 84, property: { 颜色: '藏青色', 领型: 'V领' }, cnyPrice: 730, status: 0, stock: 0 }),
    detailSku({ id: 85, property: { 颜色: '炭灰色', 领型: 'V领' }, cnyPrice: 740, status: 1, stock: 283 }),
    detailSku({ id: 86, property: { 颜色: '炭灰色', 领型: '圆领' }, cnyPrice: 750, status: -1 }),
  ],
});

describe('the SKU picker (only what cannot be bought is disabled; a click lands on a SKU that can be)', () => {
  it('offers 炭灰色 with 圆领 chosen and moves 领型 to V领 when it is clicked', async () => {
    mockApi({ ...shellHandlers, [DETAIL]: ok(jumper) });
    renderApp('/product/8');
    await screen.findByRole('heading', { name: /^【混合仓】\s?美利奴羊毛衫$/ }, { timeout: 45_000 });
    // The tab names the product, not just the kind of page.
    await waitFor(() => expect(document.title).toBe('【混合仓】美利奴羊毛衫 - 澳中批发商城'));
    expect(option('颜色', '燕麦色').getAttribute('aria-pressed')).toBe('true');
    expect(option('领型', '圆领').getAttribute('aria-pressed')).toBe('true');

    // Not for sale with 圆领, for sale with V领: enabled, marked as another combination.
    const grey = option('颜色', '炭灰色') as HTMLButtonElement;
    expect(grey.disabled).toBe(false);
    expect(grey.className).toContain('sku-value-elsewhere');
    // Every 藏青色 is sold out: that one really is unavailable.
    expect((option('颜色', '藏青色') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(grey);
    expect(option('颜色', '炭灰色').getAttribute('aria-pressed')).toBe('true');
    expect(option('领型', 'V领').getAttribute('aria-pressed')).toBe('true');
    expect(within(priceBox()).getByText('¥740.00')).toBeTruthy();

    // 圆领 again: 炭灰色 has none for sale, so the colour moves to one that has.
    fireEvent.click(option('领型', '圆领'));
    expect(option('颜色', '燕麦色').getAttribute('aria-pressed')).toBe('true');
    expect(within(priceBox()).getByText('¥700.00')).toBeTruthy();
  }, 20_000);
});

describe('the quantity to buy (kept within what the SKU allows, like the cart)', () => {
  it('clamps 99999 to the 283 in stock, says why, and buys 283', async () => {
    mockApi({ ...shellHandlers, [DETAIL]: ok({ ...jumper, selectedSkuId: 85 }) });
    renderApp('/product/8?skuId=85');
    const field = (await screen.findByRole(
      'textbox',
      { name: '购买数量' },
      { timeout: 45_000 },
    )) as HTMLInputElement;
    expect(option('颜色', '炭灰色').getAttribute('aria-pressed')).toBe('true');
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: '99999' } });
    expect(field.value).toBe('283');
    expect(toastStore.getState().toasts.map((t) => t.text)).toContain('库存不足，最多可购买 283 件');
    fireEvent.blur(field);
    expect(field.value).toBe('283');
    expect((screen.getByRole('button', { name: '增加数量' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '加入购物车' }));
    expect(storedGuestCart().data.map((l) => [l.skuId, l.qty])).toEqual([[85, 283]]);
  });

  it('a SKU with less stock brings the quantity down to its stock', async () => {
    mockApi({ ...shellHandlers, [DETAIL]: ok(jumper) });
    renderApp('/product/8');
    const field = (await screen.findByRole(
      'textbox',
      { name: '购买数量' },
      { timeout: 45_000 },
    )) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '500' } });
    fireEvent.blur(field);
    expect(field.value).toBe('500');
    fireEvent.click(option('颜色', '炭灰色'));
    expect(field.value).toBe('283');
  });
});

describe('product detail (spec §3 Product detail)', () => {
  it('starts on the first purchasable SKU, chooses SKUs by attribute values and disables sold-out ones', async () => {
    const { calls } = mockApi({ ...shellHandlers, [DETAIL]: ok(scarf) });
    renderApp('/product/7');
    expect(
      await screen.findByRole('heading', { name: /^【澳大利亚仓】\s?羊毛围巾$/ }, { timeout: 45_000 }),
    ).toBeTruthy();
    // The warehouse shows as a chip; the heading keeps the prefixed name (spec §3) for screen readers.
    expect(document.querySelector('.product-title .warehouse-chip')?.textContent).toBe('澳大利亚仓');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('【澳大利亚仓】羊毛围巾');
    expect(calls.find((c) => c.path === DETAIL)?.body).toEqual({ id: 7, websiteId: 1 });
    expect(screen.getByRole('link', { name: '澳羊' }).getAttribute('href')).toBe('/brand/3');

    // 红/S has no stock (ByStock 0): 红/M is selected, CNY first then AUD.
    expect(option('颜色', '红').getAttribute('aria-pressed')).toBe('true');
    expect(option('尺码', 'M').getAttribute('aria-pressed')).toBe('true');
    expect(within(priceBox()).getByText('¥55.00')).toBeTruthy();
    expect(within(priceBox()).getByText('$11.00')).toBeTruthy();
    expect(screen.getByText('1.25 kg')).toBeTruthy();
    const facts = document.querySelector('.product-facts') as HTMLElement;
    expect(within(facts).getByText('现货')).toBeTruthy();

    // 绿 only exists as NotForSale: disabled. 蓝 exists with M: enabled.
    expect((option('颜色', '绿') as HTMLButtonElement).disabled).toBe(true);
    expect((option('颜色', '蓝') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(option('颜色', '蓝'));
    expect(within(priceBox()).getByText('¥60.00')).toBeTruthy();
    expect(within(priceBox()).queryByText(/\$/)).toBeNull();
    // S exists only as 红/S, which has no stock: sold out, so disabled.
    expect((option('尺码', 'S') as HTMLButtonElement).disabled).toBe(true);

    // The sold-out 红/S is still there to look at, in the SKU grid.
    const sheet = screen.getByRole('group', { name: '批量订购' });
    fireEvent.click(within(sheet).getByRole('button', { name: '红 S' }));
    expect(within(priceBox()).getByText('¥50.00')).toBeTruthy();
    expect(
      within(document.querySelector('.product-facts') as HTMLElement).getByText('库存不足'),
    ).toBeTruthy();
    expect(option('尺码', 'S').getAttribute('aria-pressed')).toBe('true');

    // Switching currency updates the prices live.
    fireEvent.click(screen.getByRole('button', { name: 'AUD' }));
    expect(
      within(priceBox())
        .getAllByText(/[$¥]/)
        .map((e) => e.textContent),
    ).toEqual(['$10.00', '¥50.00']);
  });

  it('opens on the SKU of a /product?skuId= link', async () => {
    const { calls } = mockApi({ ...shellHandlers, [DETAIL]: ok({ ...scarf, selectedSkuId: 73 }) });
    renderApp('/product?skuId=73');
    await screen.findByRole('heading', { name: /羊毛围巾/ }, { timeout: 45_000 });
    expect(calls.find((c) => c.path === DETAIL)?.body).toEqual({ skuId: 73, websiteId: 1 });
    expect(option('颜色', '蓝').getAttribute('aria-pressed')).toBe('true');
  });

  it('says 商品已下架 for a product off the shelf and disables buying', async () => {
    mockApi({ ...shellHandlers, [DETAIL]: ok({ ...scarf, onFlag: false }) });
    renderApp('/product/7');
    expect(await screen.findByRole('alert', {}, { timeout: 45_000 })).toHaveProperty(
      'textContent',
      '商品已下架',
    );
    expect((screen.getByRole('textbox', { name: '购买数量' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('shows 商品不存在 for an unknown product', async () => {
    mockApi({ ...shellHandlers, [DETAIL]: { status: 404, body: fail(ResultCode.BadRequest, '商品不存在') } });
    renderApp('/product/999');
    expect(await screen.findByRole('heading', { name: '商品不存在' }, { timeout: 45_000 })).toBeTruthy();
  });
});

describe('a pre-order (issue #39 预订: a ByBook SKU sells past its stock)', () => {
  // 整箱 has 5 in stock and more expected on 20 December; 散装 has none and no day set.
  const tins = detail({
    id: 9,
    name: '有机奶粉',
    skus: [
      detailSku({ id: 91, goodsId: 9, name: '整箱', status: 3, stock: 5, expectedDate: '2026-12-20' }),
      detailSku({ id: 92, goodsId: 9, name: '散装', status: 3, stock: 0, expectedDate: null }),
    ],
    selectedSkuId: 91,
  });
  const facts = () => document.querySelector('.product-facts') as HTMLElement;
  const buyBar = () => document.querySelector('.product-buy-bar') as HTMLElement;

  it('says 预订 with the expected day beside the stock and the buttons once the quantity passes the stock', async () => {
    mockApi({ ...shellHandlers, [DETAIL]: ok(tins) });
    renderApp('/product/9');
    const field = (await screen.findByRole(
      'textbox',
      { name: '购买数量' },
      { timeout: 45_000 },
    )) as HTMLInputElement;
    // 1 of the 5 in stock ships now: no pre-order.
    expect(within(facts()).getByText('现货')).toBeTruthy();
    expect(screen.queryByText(/^预订 · /)).toBeNull();

    fireEvent.change(field, { target: { value: '8' } });
    expect(field.value).toBe('8');
    expect(within(facts()).getByText('需预订')).toBeTruthy();
    expect(within(facts()).getByText('预订 · 预计 12月20日到货')).toBeTruthy();
    expect(within(buyBar()).getByText('预订 · 预计 12月20日到货')).toBeTruthy();
    // A pre-order is bought like any other quantity.
    const add = screen.getByRole('button', { name: '加入购物车' }) as HTMLButtonElement;
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    expect(storedGuestCart().data.map((l) => [l.skuId, l.qty])).toEqual([[91, 8]]);

    // Back within the stock, the pre-order words go.
    fireEvent.change(field, { target: { value: '5' } });
    expect(within(facts()).getByText('现货')).toBeTruthy();
    expect(screen.queryByText(/^预订 · /)).toBeNull();
  });

  it('says 到货日期待定 for a SKU with no stock and no expected day', async () => {
    mockApi({ ...shellHandlers, [DETAIL]: ok(tins) });
    renderApp('/product/9');
    fireEvent.click(await screen.findByRole('button', { name: '散装' }, { timeout: 45_000 }));
    expect(within(facts()).getByText('需预订')).toBeTruthy();
    expect(within(facts()).getByText('预订 · 到货日期待定')).toBeTruthy();
    expect(within(buyBar()).getByText('预订 · 到货日期待定')).toBeTruthy();
    expect((screen.getByRole('button', { name: '加入购物车' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
