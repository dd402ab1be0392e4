import {
  type BoughtSku,
  CartPaths,
  CataloguePaths,
  MemberPaths,
  OrderPaths,
  type PackingPack,
  type QuickOrderRow,
} from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toastStore } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { cartList, storedGuestCart } from './cart-fixtures';
import { shellHandlers } from './catalogue-fixtures';
import { demoMember, mockApi, ok, renderApp } from './utils';

/**
 * The buyer's workspace (ADR 018): 快速订货 fills a sheet of the whole shelf and adds every filled row at once,
 * 常购清单 buys chosen rows again in one batch, 装箱单 asks a visitor to log in and lists a member's packs.
 */

const SLOW = { timeout: 45_000 };
const toasts = () => toastStore.getState().toasts.map((t) => t.text);
const member = { ...shellHandlers, [MemberPaths.current]: ok(demoMember) };

function row(
  fields: Partial<QuickOrderRow> & { skuId: number; goodsId: number; name: string },
): QuickOrderRow {
  return {
    skuName: `${fields.name} 规格`,
    code: `SKU-${fields.skuId}`,
    property: {},
    location: 1,
    brandId: 1,
    brandName: '爱他美',
    categoryIds: [1],
    image: '',
    status: 4,
    stock: 20,
    audPrice: 10,
    cnyPrice: 48,
    minQty: 1,
    stepQty: 1,
    maxQty: null,
    priceBreaks: [],
    breaksMixed: false,
    ...fields,
  };
}

const sheet = {
  version: '3',
  level: 37,
  items: [
    row({ skuId: 11, goodsId: 1, name: '婴儿奶粉', property: { 段数: '1段' } }),
    row({ skuId: 12, goodsId: 1, name: '婴儿奶粉', property: { 段数: '2段' }, status: 1, stock: 3 }),
    row({
      skuId: 21,
      goodsId: 2,
      name: '深海鱼油',
      location: 3,
      brandId: 2,
      brandName: 'Blackmores',
      cnyPrice: 99,
    }),
    row({
      skuId: 31,
      goodsId: 3,
      name: '保湿面霜',
      location: 2,
      brandId: 3,
      brandName: '雪花秀',
      status: 0,
      stock: 0,
    }),
  ],
};

const rows = () => screen.getAllByRole('row').filter((r) => r.classList.contains('quick-order-row'));
const qtyField = (label: string) =>
  screen.getByRole('textbox', { name: `${label} 数量` }) as HTMLInputElement;

describe('/user/products 快速订货', () => {
  it('filters the sheet, and adds every filled row of any product to a visitor’s cart at once', async () => {
    mockApi({ ...shellHandlers, [CataloguePaths.quickOrderList]: ok(sheet) });
    renderApp('/user/products');
    await screen.findByRole('textbox', { name: '婴儿奶粉 1段 数量' }, SLOW);
    expect(rows()).toHaveLength(4);
    expect(rows()[2]?.textContent).toContain('新西兰仓');

    fireEvent.change(screen.getByLabelText('仓库'), { target: { value: '3' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('仓库'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('关键词'), { target: { value: 'blackmores' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.change(qtyField('深海鱼油 深海鱼油 规格'), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText('关键词'), { target: { value: '' } });
    await waitFor(() => expect(rows()).toHaveLength(4));

    // More than the stock becomes the stock; an out-of-stock row takes nothing.
    fireEvent.change(qtyField('婴儿奶粉 2段'), { target: { value: '9' } });
    expect(qtyField('婴儿奶粉 2段').value).toBe('3');
    fireEvent.change(qtyField('保湿面霜 保湿面霜 规格'), { target: { value: '2' } });
    expect(qtyField('保湿面霜 保湿面霜 规格').value).toBe('');
    expect(screen.getByText(/已填 2 个规格，共 9 件/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^加入购物车/ }));
    await waitFor(() =>
      expect(storedGuestCart().data.map((l) => [l.skuId, l.qty, l.name, l.location])).toEqual([
        [21, 6, '深海鱼油', 3],
        [12, 3, '婴儿奶粉', 1],
      ]),
    );
    expect(toasts()).toContain('已加入购物车：2 个规格，共 9 件');
    expect(qtyField('婴儿奶粉 2段').value).toBe('');
  });

  it('says each row’s stock as the product page does, and sorts by what can be taken', async () => {
    // In the server's order: what can be bought now first (apps/api/test/user-pages.test.ts).
    const shelf = {
      version: '4',
      level: 37,
      items: [
        row({ skuId: 53, goodsId: 6, name: '麦卢卡蜂蜜', status: 4, stock: 460 }),
        row({ skuId: 54, goodsId: 6, name: '羊奶粉', status: 1, stock: 162 }),
        row({ skuId: 55, goodsId: 7, name: '磷虾油', status: 3, stock: 12 }),
        row({ skuId: 51, goodsId: 5, name: '补水面膜', status: 0, stock: 0 }),
        row({ skuId: 52, goodsId: 5, name: '保湿乳液', status: 1, stock: 0 }),
      ],
    };
    mockApi({ ...shellHandlers, [CataloguePaths.quickOrderList]: ok(shelf) });
    renderApp('/user/products');
    await screen.findByRole('textbox', { name: '麦卢卡蜂蜜 麦卢卡蜂蜜 规格 数量' }, SLOW);
    const stockOf = () =>
      rows().map((r) => [
        r.querySelector('.qo-name a')?.textContent,
        [...(r.querySelector('.qo-stock')?.children ?? [])].map((c) => c.textContent).join(' '),
      ]);
    expect(stockOf()).toEqual([
      ['麦卢卡蜂蜜', '现货 不限量'],
      ['羊奶粉', '现货 可购 162 件'],
      ['磷虾油', '现货 现货 12 件 · 可预订'],
      ['补水面膜', '缺货'],
      ['保湿乳液', '库存不足'],
    ]);

    // By stock, most first: the rows without a limit, then by stock, then what cannot be bought.
    fireEvent.change(screen.getByLabelText('排序'), { target: { value: 'stock' } });
    await waitFor(() =>
      expect(stockOf().map(([name]) => name)).toEqual([
        '麦卢卡蜂蜜',
        '磷虾油',
        '羊奶粉',
        '补水面膜',
        '保湿乳液',
      ]),
    );

    fireEvent.change(qtyField('羊奶粉 羊奶粉 规格'), { target: { value: '99999' } });
    expect(qtyField('羊奶粉 羊奶粉 规格').value).toBe('162');
    expect(toasts()).toContain('库存不足，最多可购买 162 件');
    fireEvent.change(qtyField('补水面膜 补水面膜 规格'), { target: { value: '2' } });
    expect(qtyField('补水面膜 补水面膜 规格').value).toBe('');
    expect(toasts()).toContain('该商品缺货');
  });

  it('sorts by price in the page currency, and Enter or Tab moves down the quantity column', async () => {
    mockApi({ ...shellHandlers, [CataloguePaths.quickOrderList]: ok(sheet) });
    renderApp('/user/products');
    await screen.findByRole('textbox', { name: '婴儿奶粉 1段 数量' }, SLOW);
    fireEvent.change(screen.getByLabelText('排序'), { target: { value: 'price' } });
    await waitFor(() => expect(rows()[0]?.textContent).toContain('婴儿奶粉'));
    expect(rows()[3]?.textContent).toContain('深海鱼油');
    fireEvent.click(screen.getByRole('button', { name: /从低到高/ }));
    await waitFor(() => expect(rows()[0]?.textContent).toContain('深海鱼油'));

    const first = rows()[0]?.querySelector('input') as HTMLInputElement;
    first.focus();
    fireEvent.keyDown(first, { key: 'Enter' });
    expect(document.activeElement?.getAttribute('data-qty-row')).toBe('1');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Tab' });
    expect(document.activeElement?.getAttribute('data-qty-row')).toBe('2');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Enter', shiftKey: true });
    expect(document.activeElement?.getAttribute('data-qty-row')).toBe('1');
  });
});

type Today = NonNullable<BoughtSku['today']>;

function bought(
  fields: Partial<BoughtSku> & { skuId: number | null; name: string },
  today: Partial<Today> = {},
): BoughtSku {
  return {
    skuName: `${fields.name} 规格`,
    timesBought: 2,
    lastQty: 4,
    lastPrice: 45,
    lastCurrency: 'CNY',
    lastOrderedAt: '2026-10-01T02:00:00.000Z',
    today:
      fields.skuId === null
        ? null
        : {
            goodsId: fields.skuId,
            name: fields.name,
            skuName: `${fields.name} 规格`,
            property: {},
            location: 1,
            image: '',
            onFlag: true,
            status: 4,
            stock: 30,
            audPrice: 10,
            cnyPrice: 48,
            minQty: 1,
            stepQty: 1,
            maxQty: null,
            ...today,
          },
    ...fields,
  };
}

describe('/user/order 常购清单', () => {
  it('buys the chosen rows again in one batchAddItems/ call, at their last quantities', async () => {
    const { calls } = mockApi({
      ...member,
      [OrderPaths.boughtSkus]: ok({
        items: [
          bought({ skuId: 11, name: '婴儿奶粉' }),
          bought({ skuId: 21, name: '深海鱼油', lastQty: 2 }),
          bought({ skuId: null, name: '旧商品' }),
        ],
      }),
      [CartPaths.list]: ok(cartList([])),
      [CartPaths.batchAddItems]: ok({ ids: [1, 2] }, '已加入购物车'),
    });
    startSession('tok-1');
    renderApp('/user/order');
    await screen.findByRole('checkbox', { name: '选择 婴儿奶粉 婴儿奶粉 规格' }, SLOW);
    const gone = screen.getByRole('checkbox', { name: '选择 旧商品 旧商品 规格' }) as HTMLInputElement;
    expect(gone.disabled).toBe(true);
    expect(screen.getByText('商品已不存在')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: /全选可购买的商品（2）/ }));
    fireEvent.change(qtyField('深海鱼油 深海鱼油 规格'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: /^加入购物车/ }));
    await waitFor(() => expect(toasts()).toContain('已加入购物车：2 个规格，共 9 件'));
    expect(calls.filter((c) => c.path === CartPaths.batchAddItems).map((c) => c.body)).toEqual([
      [
        { skuId: 11, qty: 4, websiteId: 1 },
        { skuId: 21, qty: 5, websiteId: 1 },
      ],
    ]);
  });

  it('follows each SKU’s rule of today: starts at whole cases, corrects a typed quantity and says why', async () => {
    const { calls } = mockApi({
      ...member,
      [OrderPaths.boughtSkus]: ok({
        items: [
          // Bought 30 by the piece; sold in cases of 12 since, at most 48 to one order.
          bought({ skuId: 41, name: '整箱米粉', lastQty: 30 }, { stepQty: 12, maxQty: 48 }),
          // Cases of 6 from 12, with 10 left in stock: not even the smallest quantity.
          bought(
            { skuId: 42, name: '椰子水', lastQty: 12 },
            { minQty: 12, stepQty: 6, status: 1, stock: 10 },
          ),
          bought({ skuId: 43, name: '矿泉水', lastQty: 3 }),
        ],
      }),
      [CartPaths.list]: ok(cartList([])),
      [CartPaths.batchAddItems]: ok({ ids: [1, 2] }, '已加入购物车'),
    });
    startSession('tok-1');
    renderApp('/user/order');
    const field = (await screen.findByRole(
      'textbox',
      { name: '整箱米粉 整箱米粉 规格 数量' },
      SLOW,
    )) as HTMLInputElement;
    const cased = field.closest('tr') as HTMLElement;
    expect(field.value).toBe('36');
    expect(cased.textContent).toContain('每箱12件 · 限购48件');
    expect(cased.textContent).toContain('每箱12件，已调整为36件');
    const water = qtyField('矿泉水 矿泉水 规格');
    expect(water.value).toBe('3');
    expect(water.closest('tr')?.textContent).not.toContain('每箱');

    const short = screen.getByRole('checkbox', { name: '选择 椰子水 椰子水 规格' }) as HTMLInputElement;
    expect(short.disabled).toBe(true);
    expect(short.closest('tr')?.textContent).toContain('库存仅 10 件，不足12件起订');
    expect(screen.queryByRole('textbox', { name: '椰子水 椰子水 规格 数量' })).toBeNull();

    // Typed against the case pack: corrected when the field is left, in the words of every quantity field.
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: '18' } });
    fireEvent.blur(field);
    expect(field.value).toBe('24');
    expect(toasts()).toContain('每箱12件，已调整为24件');
    expect(cased.textContent).not.toContain('已调整为36件');
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: '100' } });
    fireEvent.blur(field);
    expect(field.value).toBe('48');
    expect(toasts()).toContain('每单最多48件，已调整为48件');

    fireEvent.click(screen.getByRole('checkbox', { name: /全选可购买的商品（2）/ }));
    fireEvent.click(screen.getByRole('button', { name: /^加入购物车/ }));
    await waitFor(() => expect(toasts()).toContain('已加入购物车：2 个规格，共 51 件'));
    expect(calls.filter((c) => c.path === CartPaths.batchAddItems).map((c) => c.body)).toEqual([
      [
        { skuId: 41, qty: 48, websiteId: 1 },
        { skuId: 43, qty: 3, websiteId: 1 },
      ],
    ]);
  });
});

const pack: PackingPack = {
  id: 7,
  orderId: 3,
  orderNo: 'SO202611240001',
  packNo: 1,
  packCount: 2,
  location: 1,
  status: 80,
  courierName: '顺丰速运',
  logisticCode: 'SF1001',
  weight: 1250,
  pieces: 3,
  receiverName: '李四',
  isPickup: false,
  shippedAt: '2026-11-24T02:00:00.000Z',
  orderedAt: '2026-11-23T02:00:00.000Z',
  items: [
    {
      skuId: 11,
      name: '婴儿奶粉',
      skuName: '婴儿奶粉 1段',
      property: { 段数: '1段' },
      qty: 3,
      weight: 400,
      isGift: false,
    },
  ],
};

describe('/user/packing 装箱单', () => {
  it('asks a visitor to log in (the guard leaves the path out)', async () => {
    mockApi({ ...shellHandlers });
    renderApp('/user/packing');
    expect(await screen.findByRole('heading', { name: '请先登录' }, SLOW)).toBeTruthy();
  });

  it('lists a member’s packs with items, weights, courier and tracking number', async () => {
    mockApi({
      ...member,
      [OrderPaths.packingList]: ok({ items: [pack], pageNo: 1, pageSize: 20, totalCount: 1 }),
    });
    startSession('tok-1');
    renderApp('/user/packing');
    const list = await screen.findByText('SF1001', undefined, SLOW);
    const card = list.closest('li') as HTMLElement;
    expect(within(card).getByText('顺丰速运')).toBeTruthy();
    expect(within(card).getByText('1.25 kg')).toBeTruthy();
    expect(within(card).getByText('1.2 kg')).toBeTruthy();
    expect(within(card).getByText(/包裹 1\/\s*2/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '打印' })).toBeTruthy();
  });
});
