import {
  CartPaths,
  CataloguePaths,
  guestLinesAtBreaks,
  MemberPaths,
  type QuickOrderRow,
  type ServerCartLine,
} from '@shop/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { guestCart } from '@/features/cart/guest-cart-store';
import { toastStore } from '@/lib/notify';
import { startSession } from '@/lib/session';
import {
  cartList,
  guestLine,
  rateHandler,
  serverLine,
  storedGuestCart,
  storeGuestCart,
} from './cart-fixtures';
import { detail, detailSku, shellHandlers } from './catalogue-fixtures';
import { demoMember, mockApi, ok, renderApp } from './utils';

/**
 * Wholesale quantities in the storefront (issue #37, ADR 050): every quantity a buyer enters follows the SKU's
 * rule (the case pack, the minimum, the maximum), a quantity typed against it is corrected with the reason, and
 * volume prices show on the product page, in the SKU grid and on the cart line with what buying more gives.
 */

const DETAIL = '/api/goodsService/goodsdetail/detail/';
const SLOW = { timeout: 45_000 };
const toasts = () => toastStore.getState().toasts.map((t) => t.text);
const member = { ...shellHandlers, [MemberPaths.current]: ok(demoMember) };

// Sold in cases of 12, at most 60 a line; ¥27 from 24 pieces, ¥25 from 48.
const breaks = [
  { minQty: 24, audPrice: 5.5, cnyPrice: 27 },
  { minQty: 48, audPrice: 5, cnyPrice: 25 },
];
const caseSku = detailSku({
  id: 91,
  goodsId: 9,
  code: 'TEA-12',
  property: { 规格: '整箱' },
  audPrice: 6,
  cnyPrice: 30,
  status: 4,
  minQty: 1,
  stepQty: 12,
  maxQty: 60,
  priceBreaks: breaks,
});
const pieceSku = detailSku({ id: 92, goodsId: 9, property: { 规格: '单盒' }, cnyPrice: 35, status: 4 });
const tea = detail({
  id: 9,
  name: '罐装乌龙茶',
  property: [{ Key: '规格', Values: ['整箱', '单盒'] }],
  skus: [caseSku, pieceSku],
});

const buyQty = () => screen.getByRole('textbox', { name: '购买数量' }) as HTMLInputElement;
const stepper = () => screen.getByRole('group', { name: '购买数量' });
const typeInto = (input: HTMLInputElement, value: string) => {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('the product page of a SKU sold by the case', () => {
  it('starts at one case, steps by the case pack, says the rule and the volume prices', async () => {
    mockApi({ ...shellHandlers, [DETAIL]: ok(tea) });
    renderApp('/product/9');
    await screen.findByRole('textbox', { name: '购买数量' }, SLOW);

    expect(buyQty().value).toBe('12');
    expect(document.querySelector('.product-buy-qty .qty-rule-hint')?.textContent).toBe(
      '每箱12件 · 限购60件',
    );
    const priceBox = document.querySelector('.product-price-box') as HTMLElement;
    const volume = within(priceBox).getByRole('list', { name: '批量价' });
    expect(
      within(volume)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['24件起 ¥27.00', '48件起 ¥25.00']);

    const less = within(stepper()).getByRole('button', { name: '减少数量' }) as HTMLButtonElement;
    const more = within(stepper()).getByRole('button', { name: '增加数量' }) as HTMLButtonElement;
    expect(less.disabled).toBe(true);
    fireEvent.click(more);
    expect(buyQty().value).toBe('24');
    fireEvent.click(more);
    fireEvent.click(less);
    expect(buyQty().value).toBe('24');
    for (let i = 0; i < 4; i++) fireEvent.click(more);
    expect(buyQty().value).toBe('60');
    expect(more.disabled).toBe(true);
  });

  it('corrects 18 typed to 24 and says why; a quantity over the maximum becomes the maximum', async () => {
    mockApi({ ...shellHandlers, [DETAIL]: ok(tea) });
    renderApp('/product/9');
    await screen.findByRole('textbox', { name: '购买数量' }, SLOW);

    // Typing '1' on the way to '18' is not corrected mid-way.
    fireEvent.focus(buyQty());
    fireEvent.change(buyQty(), { target: { value: '1' } });
    fireEvent.change(buyQty(), { target: { value: '18' } });
    expect(buyQty().value).toBe('18');
    expect(toasts()).toEqual([]);
    fireEvent.blur(buyQty());
    expect(buyQty().value).toBe('24');
    expect(toasts()).toContain('每箱12件，已调整为24件');

    typeInto(buyQty(), '100');
    expect(buyQty().value).toBe('60');
    expect(toasts()).toContain('每单最多60件，已调整为60件');

    // A visitor's cart keeps the line's rule and volume prices (minor units, like its prices).
    fireEvent.click(screen.getByRole('button', { name: '加入购物车' }));
    await waitFor(() => expect(storedGuestCart().data).toHaveLength(1));
    expect(storedGuestCart().data[0]).toMatchObject({
      skuId: 91,
      qty: 60,
      minQty: 1,
      stepQty: 12,
      maxQty: 60,
      priceBreaks: [
        { minQty: 24, audPrice: 550, cnyPrice: 2700 },
        { minQty: 48, audPrice: 500, cnyPrice: 2500 },
      ],
    });
  });

  it('a SKU sold by the piece has no hint and steps by one', async () => {
    mockApi({ ...shellHandlers, [DETAIL]: ok({ ...tea, selectedSkuId: 92 }) });
    renderApp('/product/9?skuId=92');
    await screen.findByRole('textbox', { name: '购买数量' }, SLOW);
    expect(buyQty().value).toBe('1');
    expect(document.querySelector('.product-buy-qty .qty-rule-hint')).toBeNull();
    fireEvent.click(within(stepper()).getByRole('button', { name: '增加数量' }));
    expect(buyQty().value).toBe('2');
  });

  it('the SKU grid shows the breaks and the rule, and corrects a quantity typed against the case pack', async () => {
    mockApi({ ...shellHandlers, [DETAIL]: ok(tea) });
    renderApp('/product/9');
    const sheet = await screen.findByRole('group', { name: '批量订购' }, SLOW);
    const cell = within(sheet).getByRole('button', { name: /整箱/ }).closest('.sku-row-cell') as HTMLElement;
    expect(cell.textContent).toContain('24件起 ¥27.00');
    expect(cell.textContent).toContain('每箱12件 · 限购60件');

    const field = within(sheet).getByRole('textbox', { name: '整箱 数量' }) as HTMLInputElement;
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: '18' } });
    expect(within(sheet).getByText(/在规格下填写数量/)).toBeTruthy();
    fireEvent.blur(field);
    expect(field.value).toBe('24');
    expect(toasts()).toContain('每箱12件，已调整为24件');
    expect(within(sheet).getByText(/已填/).textContent).toBe('已填 1 个规格，共 24 件');

    // An allowed quantity is taken as it is typed.
    fireEvent.change(field, { target: { value: '36' } });
    expect(within(sheet).getByText(/已填/).textContent).toBe('已填 1 个规格，共 36 件');
  });
});

describe('the quick-order sheet', () => {
  const row = (fields: Partial<QuickOrderRow> & { skuId: number; name: string }): QuickOrderRow => ({
    goodsId: fields.skuId,
    skuName: `${fields.name} 规格`,
    code: `SKU-${fields.skuId}`,
    property: {},
    location: 1,
    brandId: 1,
    brandName: '爱他美',
    categoryIds: [1],
    image: '',
    status: 4,
    stock: 100,
    audPrice: 10,
    cnyPrice: 48,
    minQty: 1,
    stepQty: 1,
    maxQty: null,
    priceBreaks: [],
    breaksMixed: false,
    ...fields,
  });
  // Cases of 6, from 12 pieces; by stock with 40 left.
  const shelf = {
    version: '1',
    level: 37,
    items: [
      row({
        skuId: 51,
        name: '椰子水',
        property: { 容量: '330ml' },
        minQty: 12,
        stepQty: 6,
        status: 1,
        stock: 40,
        priceBreaks: [{ minQty: 24, audPrice: 9, cnyPrice: 43 }],
        breaksMixed: true,
      }),
      row({ skuId: 52, name: '矿泉水', property: { 容量: '500ml' } }),
    ],
  };

  it('corrects a quantity against the rule or the stock in whole cases, and adds it with the rule and its breaks', async () => {
    mockApi({ ...shellHandlers, [CataloguePaths.quickOrderList]: ok(shelf) });
    renderApp('/user/products');
    const field = (await screen.findByRole(
      'textbox',
      { name: '椰子水 330ml 数量' },
      SLOW,
    )) as HTMLInputElement;
    const coconut = field.closest('tr') as HTMLElement;
    expect(coconut.textContent).toContain('每箱6件 · 12件起订');
    expect(
      screen.getByRole('textbox', { name: '矿泉水 500ml 数量' }).closest('tr')?.textContent,
    ).not.toContain('每箱');

    typeInto(field, '8');
    expect(field.value).toBe('12');
    expect(toasts()).toContain('12件起订，已调整为12件');

    typeInto(field, '50');
    expect(field.value).toBe('36');
    expect(toasts()).toContain('库存不足，最多可购买 36 件');

    fireEvent.click(screen.getByRole('button', { name: /^加入购物车/ }));
    await waitFor(() => expect(storedGuestCart().data).toHaveLength(1));
    expect(storedGuestCart().data[0]).toMatchObject({
      skuId: 51,
      qty: 36,
      minQty: 12,
      stepQty: 6,
      maxQty: null,
      // Its volume price goes with it, so the visitor's cart charges ¥43 a piece from 24 on, as the server's will.
      priceBreaks: [{ minQty: 24, audPrice: 900, cnyPrice: 4300 }],
      breaksMixed: true,
    });
    expect(guestLinesAtBreaks(storedGuestCart().data)[0]).toMatchObject({ cnyPrice: 4300, breakReached: 24 });
  });
});

describe('a cart line of a SKU with volume prices', () => {
  const atBreak: ServerCartLine = serverLine({
    id: 5,
    skuId: 91,
    goodsId: 9,
    name: '罐装乌龙茶',
    skuName: '整箱',
    property: { 规格: '整箱' },
    qty: 24,
    audPrice: 5.5,
    cnyPrice: 27,
    status: 4,
    minQty: 1,
    stepQty: 12,
    maxQty: 60,
    priceBreaks: breaks,
    nextBreak: { minQty: 48, missing: 24, audPrice: 5, cnyPrice: 25 },
  });

  it('a member: shows the break reached and the next one, steps by the case and corrects a typed quantity', async () => {
    let lines = [atBreak];
    const { calls } = mockApi({
      ...member,
      [CartPaths.list]: () => ok(cartList(lines, { cnyPrice: '648.00', allCnyPrice: '648.00' })),
      [CartPaths.updateItem]: (body) => {
        const patch = body as { id: number; qty?: number };
        lines = lines.map((l) => (l.id === patch.id ? { ...l, ...patch } : l));
        return ok({ ids: [patch.id] });
      },
    });
    startSession('tok-1');
    renderApp('/cart');
    const group = await screen.findByRole('group', { name: '【澳大利亚仓】罐装乌龙茶 整箱 数量' }, SLOW);
    const line = group.closest('li') as HTMLElement;
    expect(line.querySelector('.cart-line-price')?.textContent).toBe('单价¥27.0024件起价');
    expect(line.textContent).toContain('每箱12件 · 限购60件');
    expect(line.textContent).toContain('再买24件享 ¥25.00');

    fireEvent.click(within(group).getByRole('button', { name: '增加数量' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === CartPaths.updateItem).map((c) => c.body)).toEqual([
        { id: 5, qty: 36 },
      ]),
    );

    typeInto(within(group).getByRole('textbox', { name: '数量' }) as HTMLInputElement, '30');
    expect(toasts()).toContain('每箱12件，已调整为36件');
    // 36 is what the line holds already: nothing more to send.
    await waitFor(() =>
      expect(within(group).getByRole('textbox', { name: '数量' })).toHaveProperty('value', '36'),
    );
    typeInto(within(group).getByRole('textbox', { name: '数量' }) as HTMLInputElement, '50');
    expect(toasts()).toContain('每箱12件，已调整为48件');
    await waitFor(() =>
      expect(calls.filter((c) => c.path === CartPaths.updateItem).map((c) => c.body)).toEqual([
        { id: 5, qty: 36 },
        { id: 5, qty: 48 },
      ]),
    );
  });

  it('does not offer a next break the stock cannot reach', async () => {
    // By stock with 31 left, cases of 6: 30 is the most, short of 48.
    const short = serverLine({
      ...atBreak,
      qty: 30,
      status: 1,
      stock: 31,
      stepQty: 6,
      maxQty: null,
      nextBreak: { minQty: 48, missing: 18, audPrice: 5, cnyPrice: 25 },
    });
    mockApi({ ...member, [CartPaths.list]: ok(cartList([short])) });
    startSession('tok-1');
    renderApp('/cart');
    const group = await screen.findByRole('group', { name: '【澳大利亚仓】罐装乌龙茶 整箱 数量' }, SLOW);
    const line = group.closest('li') as HTMLElement;
    expect(line.textContent).toContain('24件起价');
    expect(line.textContent).not.toContain('再买');
    expect((within(group).getByRole('button', { name: '增加数量' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('a visitor: the line keeps its rule and volume prices, and is priced at the break it reaches', async () => {
    mockApi({ ...shellHandlers, ...rateHandler });
    storeGuestCart({
      data: [
        guestLine({
          skuId: 91,
          goodsId: 9,
          name: '罐装乌龙茶',
          skuName: '整箱',
          property: { 规格: '整箱' },
          qty: 12,
          audPrice: 600,
          cnyPrice: 3000,
          minQty: 1,
          stepQty: 12,
          maxQty: 60,
          priceBreaks: [
            { minQty: 24, audPrice: 550, cnyPrice: 2700 },
            { minQty: 48, audPrice: 500, cnyPrice: 2500 },
          ],
        }),
      ],
      deleteList: [],
    });
    renderApp('/cart');
    const group = await screen.findByRole('group', { name: '【澳大利亚仓】罐装乌龙茶 整箱 数量' }, SLOW);
    const line = group.closest('li') as HTMLElement;
    expect(line.querySelector('.cart-line-price')?.textContent).toBe('单价¥30.00');
    expect(line.textContent).toContain('再买12件享 ¥27.00');

    fireEvent.click(within(group).getByRole('button', { name: '增加数量' }));
    expect(storedGuestCart().data[0]?.qty).toBe(24);
    await waitFor(() =>
      expect(line.querySelector('.cart-line-price')?.textContent).toBe('单价¥27.0024件起价'),
    );
    expect(line.textContent).toContain('再买24件享 ¥25.00');
    expect(line.querySelector('.cart-line-total')?.textContent).toBe('小计¥648.00');

    typeInto(within(group).getByRole('textbox', { name: '数量' }) as HTMLInputElement, '40');
    expect(toasts()).toContain('每箱12件，已调整为36件');
    expect(storedGuestCart().data[0]?.qty).toBe(36);

    // The rule survives a reload of the stored cart: − stops at one case.
    guestCart.reload();
    typeInto(within(group).getByRole('textbox', { name: '数量' }) as HTMLInputElement, '5');
    expect(toasts()).toContain('12件起订，已调整为12件');
    await waitFor(() =>
      expect((within(group).getByRole('button', { name: '减少数量' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    expect(storedGuestCart().data[0]).toMatchObject({ qty: 12, stepQty: 12, maxQty: 60 });
  });
});

describe('a product whose volume prices count all its SKUs (mix and match)', () => {
  // Two colours of one pair of socks: ¥50.00 each, ¥40.00 from 12 pieces of the product, ¥35.00 from 24.
  const sockBreaks = [
    { minQty: 12, audPrice: 8, cnyPrice: 40 },
    { minQty: 24, audPrice: 7, cnyPrice: 35 },
  ];
  const colour = (id: number, value: string) =>
    detailSku({
      id,
      goodsId: 8,
      property: { 颜色: value },
      audPrice: 10,
      cnyPrice: 50,
      status: 4,
      priceBreaks: sockBreaks,
      breaksMixed: true,
    });
  const socks = detail({
    id: 8,
    name: '混批袜子',
    property: [{ Key: '颜色', Values: ['黑', '白'] }],
    skus: [colour(81, '黑'), colour(82, '白')],
  });

  it('a visitor: 6 + 6 pieces of two SKUs reach the 12-piece price together, as the server’s cart counts them', async () => {
    mockApi({ ...shellHandlers, ...rateHandler, [DETAIL]: ok(socks) });
    const { router } = renderApp('/product/8');
    const sheet = await screen.findByRole('group', { name: '批量订购' }, SLOW);
    fireEvent.change(within(sheet).getByRole('textbox', { name: '黑 数量' }), { target: { value: '6' } });
    fireEvent.change(within(sheet).getByRole('textbox', { name: '白 数量' }), { target: { value: '6' } });
    fireEvent.click(within(sheet).getByRole('button', { name: /批量加入购物车/ }));
    await waitFor(() => expect(storedGuestCart().data).toHaveLength(2));
    // The lines say that the product's breaks count its SKUs together.
    expect(storedGuestCart().data.map((l) => [l.skuId, l.qty, l.breaksMixed])).toEqual([
      [81, 6, true],
      [82, 6, true],
    ]);

    await act(() => router.navigate('/cart'));
    const black = await screen.findByRole('group', { name: '【澳大利亚仓】混批袜子 黑 数量' }, SLOW);
    const lineOf = (group: HTMLElement) => group.closest('li') as HTMLElement;
    const white = screen.getByRole('group', { name: '【澳大利亚仓】混批袜子 白 数量' });
    for (const group of [black, white]) {
      expect(lineOf(group).querySelector('.cart-line-price')?.textContent).toBe('单价¥40.0012件起价');
      expect(lineOf(group).textContent).toContain('再买12件享 ¥35.00');
      expect(lineOf(group).querySelector('.cart-line-total')?.textContent).toBe('小计¥240.00');
    }

    // Unselected, the white pair no longer counts for the black, which is back at its single price.
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 【澳大利亚仓】混批袜子 白' }));
    await waitFor(() =>
      expect(lineOf(black).querySelector('.cart-line-price')?.textContent).toBe('单价¥50.00'),
    );
    expect(lineOf(black).textContent).toContain('再买6件享 ¥40.00');
  });
});
