import {
  CartPaths,
  InvoicePaths,
  MemberPaths,
  OrderPaths,
  type SavedListDetail,
  type SavedListLine,
  SavedListPaths,
  type SavedListSummary,
} from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { cartList, serverLine } from './cart-fixtures';
import { shellHandlers } from './catalogue-fixtures';
import { orderDetail } from './checkout-fixtures';
import { demoMember, fail, mockApi, ok, renderApp } from './utils';

/**
 * Saved lists (常购清单 '我的清单', issue #37 part 4): the list cards beside the bought SKUs, a list's detail edited
 * within each SKU's rule and put into the cart, and 存为清单 in the cart and on an order's page.
 */

const SLOW = { timeout: 45_000 };
const toasts = () => toastStore.getState().toasts.map((t) => t.text);
const member = {
  ...shellHandlers,
  [MemberPaths.current]: ok(demoMember),
  [CartPaths.list]: ok(cartList([])),
  [OrderPaths.boughtSkus]: ok({ items: [] }),
};

function summary(fields: Partial<SavedListSummary> & { id: number; name: string }): SavedListSummary {
  return {
    lineCount: 2,
    createdAt: '2026-11-20T02:00:00.000Z',
    updatedAt: '2026-11-28T02:30:00.000Z',
    ...fields,
  };
}

function line(fields: Partial<SavedListLine> & { skuId: number; name: string }): SavedListLine {
  return {
    code: `SKU-${fields.skuId}`,
    goodsId: fields.skuId * 10,
    skuName: '',
    property: { 规格: '标准' },
    image: '',
    location: 1,
    qty: 1,
    minQty: 1,
    stepQty: 1,
    maxQty: null,
    status: 4,
    stock: 100,
    onFlag: true,
    audPrice: 10,
    cnyPrice: 48,
    problem: null,
    ...fields,
  };
}

const weekly: SavedListDetail = {
  ...summary({ id: 5, name: '每周补货', lineCount: 3 }),
  lines: [
    line({
      skuId: 11,
      name: '整箱米粉',
      property: { 规格: '6罐/箱' },
      qty: 12,
      minQty: 12,
      stepQty: 6,
      maxQty: 60,
    }),
    line({ skuId: 21, name: '深海鱼油', qty: 2 }),
    line({ skuId: 31, name: '旧款面霜', qty: 1, onFlag: false, problem: '商品已下架' }),
  ],
};

describe('/user/order 我的清单', () => {
  it('shows the lists as cards beside the bought SKUs, and an empty list with what to do', async () => {
    mockApi({
      ...member,
      [SavedListPaths.list]: ok({
        items: [
          summary({ id: 5, name: '每周补货', lineCount: 3 }),
          summary({ id: 6, name: '办公用品', lineCount: 1 }),
        ],
        limit: 50,
      }),
    });
    startSession('tok-1');
    renderApp('/user/order');
    const card = await screen.findByRole('link', { name: /每周补货/ }, SLOW);
    expect(card.textContent).toContain('3 种商品');
    expect(card.getAttribute('href')).toBe('/user/order?list=5');
    expect(screen.getByRole('link', { name: /办公用品/ })).toBeTruthy();
    expect(screen.getByText('已有 2 个清单，最多 50 个')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '买过的商品' })).toBeTruthy();
  });

  it('says how to make a list when there is none', async () => {
    mockApi({ ...member, [SavedListPaths.list]: ok({ items: [], limit: 50 }) });
    startSession('tok-1');
    renderApp('/user/order');
    expect(await screen.findByText(/还没有清单/, {}, SLOW)).toBeTruthy();
  });

  it('edits quantities within each SKU’s rule and removes a line, saved together', async () => {
    const { calls } = mockApi({
      ...member,
      [SavedListPaths.detail]: ok(weekly),
      [SavedListPaths.update]: (body: unknown) => {
        const items = (body as { items: { skuId: number; qty: number }[] }).items;
        return ok(
          {
            ...weekly,
            updatedAt: '2026-11-29T02:30:00.000Z',
            lineCount: items.length,
            lines: items.map((i) => ({
              ...(weekly.lines.find((l) => l.skuId === i.skuId) as SavedListLine),
              qty: i.qty,
            })),
          },
          '清单已更新',
        );
      },
    });
    startSession('tok-1');
    renderApp('/user/order?list=5');
    const field = (await screen.findByRole(
      'textbox',
      { name: '整箱米粉 6罐/箱 数量' },
      SLOW,
    )) as HTMLInputElement;
    expect(screen.getByText('商品已下架')).toBeTruthy();
    // 20 of a 6-pack is not whole cases: it becomes 18, and the buyer is told why.
    fireEvent.change(field, { target: { value: '20' } });
    fireEvent.blur(field);
    expect(field.value).toBe('18');
    expect(toasts()).toContain('每箱6件，已调整为18件');
    fireEvent.click(screen.getByRole('button', { name: '从清单删除 旧款面霜 标准' }));
    expect(screen.queryByText('旧款面霜')).toBeNull();
    // 加入购物车 waits for the edits to be saved.
    expect((screen.getByRole('button', { name: '加入购物车' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(toasts()).toContain('清单已更新'));
    expect(calls.find((c) => c.path === SavedListPaths.update)?.body).toEqual({
      id: 5,
      items: [
        { skuId: 11, qty: 18 },
        { skuId: 21, qty: 2 },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: '保存修改' })).toBeNull());
  });

  it('adds a SKU by its code, and shows the server’s refusal of an unknown code', async () => {
    const { calls } = mockApi({
      ...member,
      [SavedListPaths.detail]: ok(weekly),
      [SavedListPaths.update]: (body: unknown) =>
        (body as { add: { code: string }[] }).add[0]?.code === 'NOPE'
          ? fail(-1, '商品编码不存在：NOPE')
          : ok(
              { ...weekly, lines: [...weekly.lines, line({ skuId: 41, name: '保湿面霜', qty: 3 })] },
              '清单已更新',
            ),
    });
    startSession('tok-1');
    renderApp('/user/order?list=5');
    const code = await screen.findByRole('textbox', { name: '商品编码' }, SLOW);
    fireEvent.change(code, { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    await waitFor(() => expect(toasts()).toContain('商品编码不存在：NOPE'));
    fireEvent.change(code, { target: { value: 'sku-41' } });
    fireEvent.change(screen.getByRole('textbox', { name: '添加数量' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    await screen.findByText('保湿面霜');
    expect(calls.filter((c) => c.path === SavedListPaths.update).map((c) => c.body)).toEqual([
      { id: 5, add: [{ code: 'NOPE', qty: 1 }] },
      { id: 5, add: [{ code: 'sku-41', qty: 3 }] },
    ]);
  });

  it('puts the list into the cart and names what cannot be bought; exports it; deletes it after asking', async () => {
    const { calls } = mockApi({
      ...member,
      [SavedListPaths.detail]: ok(weekly),
      [SavedListPaths.list]: ok({ items: [], limit: 50 }),
      [SavedListPaths.addToCart]: ok(
        { ids: [1, 2], unavailable: [{ skuId: 31, name: '旧款面霜', reason: '商品已下架' }] },
        '已加入购物车；以下商品暂时无法购买：旧款面霜（商品已下架）',
      ),
      [SavedListPaths.remove]: ok(null, '清单已删除'),
      [SavedListPaths.export]: () =>
        new Response(new Blob(['xlsx-bytes']), {
          status: 200,
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': 'attachment; filename="SavedList_20261130_0930.xlsx"',
          },
        }),
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:list'), revokeObjectURL: vi.fn() }),
    );
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    startSession('tok-1');
    renderApp('/user/order?list=5');
    fireEvent.click(await screen.findByRole('button', { name: '加入购物车' }, SLOW));
    await waitFor(() =>
      expect(toasts()).toContain('已加入购物车；以下商品暂时无法购买：旧款面霜（商品已下架）'),
    );
    expect(calls.find((c) => c.path === SavedListPaths.addToCart)?.body).toEqual({ id: 5 });
    // The cart is read again.
    await waitFor(() => expect(calls.filter((c) => c.path === CartPaths.list).length).toBeGreaterThan(1));

    fireEvent.click(screen.getByRole('button', { name: '导出 Excel' }));
    await waitFor(() => expect(downloads).toEqual(['SavedList_20261130_0930.xlsx']));

    fireEvent.click(screen.getByRole('button', { name: '删除清单' }));
    expect(calls.some((c) => c.path === SavedListPaths.remove)).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '确定删除' }));
    await waitFor(() => expect(toasts()).toContain('清单已删除'));
    expect(calls.find((c) => c.path === SavedListPaths.remove)?.body).toEqual({ id: 5 });
    expect(await screen.findByText(/还没有清单/)).toBeTruthy();
  });

  it('renames the list, keeping the field open when the name is taken', async () => {
    const { calls } = mockApi({
      ...member,
      [SavedListPaths.detail]: ok(weekly),
      [SavedListPaths.update]: (body: unknown) =>
        (body as { listName: string }).listName === '办公用品'
          ? fail(-1, '已有名为“办公用品”的清单，请换一个名称')
          : ok({ ...weekly, name: (body as { listName: string }).listName }, '清单已更新'),
    });
    startSession('tok-1');
    renderApp('/user/order?list=5');
    fireEvent.click(await screen.findByRole('button', { name: '重命名' }, SLOW));
    const name = screen.getByRole('textbox', { name: '清单名称' });
    fireEvent.change(name, { target: { value: '办公用品' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(toasts()).toContain('已有名为“办公用品”的清单，请换一个名称'));
    fireEvent.change(screen.getByRole('textbox', { name: '清单名称' }), { target: { value: ' 每月补货 ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('heading', { name: '每月补货' })).toBeTruthy();
    expect(calls.filter((c) => c.path === SavedListPaths.update).map((c) => c.body)).toEqual([
      { id: 5, listName: '办公用品' },
      { id: 5, listName: '每月补货' },
    ]);
  });

  it('says a list that is not the member’s (or gone) is not there', async () => {
    mockApi({ ...member, [SavedListPaths.detail]: { status: 404, body: fail(400, '清单不存在') } });
    startSession('tok-1');
    renderApp('/user/order?list=99');
    expect(await screen.findByText('清单不存在或已删除', {}, SLOW)).toBeTruthy();
  });
});

describe('存为清单', () => {
  it('saves the cart’s selected lines as a named list from the cart', async () => {
    const { calls } = mockApi({
      ...member,
      [CartPaths.list]: ok(
        cartList([
          serverLine({ id: 1, skuId: 72, qty: 2, selected: true }),
          serverLine({ id: 2, skuId: 73, qty: 5, selected: false }),
        ]),
      ),
      [SavedListPaths.save]: ok({ ...weekly, id: 8, name: '周一补货' }, '清单已保存'),
    });
    startSession('tok-1');
    renderApp('/cart');
    fireEvent.click(await screen.findByRole('button', { name: '存为清单' }, SLOW));
    const form = screen.getByRole('form', { name: '存为清单' });
    fireEvent.click(within(form).getByRole('radio', { name: '选中的商品（1）' }));
    fireEvent.change(within(form).getByRole('textbox', { name: '清单名称' }), { target: { value: '' } });
    expect(within(form).getByRole('alert').textContent).toBe('请填写清单名称');
    fireEvent.change(within(form).getByRole('textbox', { name: '清单名称' }), {
      target: { value: '周一补货' },
    });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(toasts()).toContain('清单已保存'));
    expect(calls.find((c) => c.path === SavedListPaths.save)?.body).toEqual({
      listName: '周一补货',
      items: [{ skuId: 72, qty: 2 }],
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: '存为清单' })).toBeNull());
  });

  it('is not offered to a visitor, whose cart is on this device only', async () => {
    mockApi({ ...shellHandlers });
    renderApp('/cart');
    await screen.findByRole('heading', { name: '购物车' }, SLOW);
    expect(screen.queryByRole('button', { name: '存为清单' })).toBeNull();
  });

  it('saves an order’s goods as a list from the order’s page', async () => {
    const { calls } = mockApi({
      ...member,
      [OrderPaths.detail]: ok(orderDetail({ id: 12, status: 60, currency: 'AUD' })),
      [OrderPaths.attachments]: ok([]),
      [InvoicePaths.documents]: ok({
        orderId: 12,
        currency: 'AUD',
        taxInvoiceAvailable: false,
        invoiceNo: null,
        adjustmentNotes: [],
        refundToAdjust: false,
        fapiaoAvailable: false,
        fapiao: null,
      }),
      [SavedListPaths.fromOrder]: ok(
        { ...weekly, id: 9, name: '订单' },
        '清单已保存；1种商品的数量已按现在的起订量或每箱件数调整',
      ),
    });
    startSession('tok-1');
    renderApp('/order/12');
    fireEvent.click(await screen.findByRole('button', { name: '存为清单' }, SLOW));
    const form = screen.getByRole('form', { name: '存为清单' });
    const name = within(form).getByRole('textbox', { name: '清单名称' }) as HTMLInputElement;
    expect(name.value).toMatch(/^订单 /);
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(toasts()).toContain('清单已保存；1种商品的数量已按现在的起订量或每箱件数调整'),
    );
    expect(calls.find((c) => c.path === SavedListPaths.fromOrder)?.body).toEqual({
      orderId: 12,
      listName: name.value,
    });
  });
});
