import {
  CartPaths,
  CataloguePaths,
  guestLinesAtBreaks,
  MemberPaths,
  type PastePreviewItem,
  ResultCode,
  SkuStatus,
} from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lineLimit } from '@/features/cart/paste-order';
import { toastStore } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { cartList, pasteLine, storedGuestCart } from './cart-fixtures';
import { shellHandlers } from './catalogue-fixtures';
import { demoMember, type FetchCall, fail, mockApi, ok, renderApp } from './utils';

/**
 * 粘贴订货 (issue #37 'Order by paste or spreadsheet'): paste → preview → fix → add all in one batch, on the
 * quick-order page and in the cart, for a member (one batchAddItems/) and a visitor (the local cart).
 */

const SLOW = { timeout: 45_000 };
const toasts = () => toastStore.getState().toasts.map((t) => t.text);
const emptySheet = { version: '1', level: 37, items: [] };
const member = {
  ...shellHandlers,
  [MemberPaths.current]: ok(demoMember),
  [CataloguePaths.quickOrderList]: ok(emptySheet),
};
const visitor = { ...shellHandlers, [CataloguePaths.quickOrderList]: ok(emptySheet) };

/** The shop's SKUs as the preview matches them: a 12-pack of milk powder (a break from 36), two single items. */
const CASE = {
  skuId: 1,
  skuCode: 'AU-CASE-01',
  name: '爱他美奶粉 1段',
  goodsId: 10,
  goodsName: '爱他美奶粉',
  location: 1,
  property: { 段数: '1段' },
  image: 'goods/10.jpg',
  skuStatus: 4,
  stock: 500,
  minQty: 12,
  stepQty: 12,
  audPrice: 40,
  cnyPrice: 200,
  singleAudPrice: 40,
  singleCnyPrice: 200,
  priceBreaks: [{ minQty: 36, audPrice: null, cnyPrice: 180 }],
};
const ONE = {
  skuId: 2,
  skuCode: 'AU-ONE-02',
  name: '鱼油',
  goodsId: 20,
  goodsName: '鱼油',
  location: 3,
  image: 'goods/20.jpg',
  skuStatus: 1,
  stock: 50,
  audPrice: 10,
  cnyPrice: 48,
};
const THREE = {
  ...ONE,
  skuId: 3,
  skuCode: 'AU-ONE-03',
  name: '面霜',
  goodsId: 30,
  goodsName: '面霜',
  cnyPrice: 99,
};
const SKUS = [CASE, ONE, THREE];

/** The server's preview of one `code qty` line (what parseLines/ answers for the codes above). */
function previewOf(line: number, code: string, qty: number): PastePreviewItem {
  const sku = SKUS.find((s) => s.skuCode === code);
  if (code === 'AU-OFF-04')
    return pasteLine({
      line,
      skuCode: code,
      skuId: 4,
      name: '下架商品',
      status: 'notForSale',
      message: '商品已下架',
    });
  if (!sku)
    return pasteLine({
      line,
      skuCode: code,
      status: 'unknown',
      message: `未找到编码 ${code}，是否为：AU-ONE-03`,
      suggestions: ['AU-ONE-03'],
    });
  const step = sku.skuCode === 'AU-CASE-01' ? 12 : 1;
  const allowed = Math.max(step, Math.round(qty / step) * step);
  // The 12-pack costs less from 36 pieces on.
  const cnyPrice = sku.skuCode === 'AU-CASE-01' && allowed >= 36 ? 180 : sku.cnyPrice;
  return pasteLine({
    line,
    ...sku,
    cnyPrice,
    qty: allowed,
    status: allowed === qty ? 'ok' : 'adjusted',
    message: allowed === qty ? '' : `每箱12件，已调整为${allowed}件`,
  });
}

/** parseLines/ over the lines of a JSON paste: each 'code<TAB>qty' line previewed. */
function parseLines(body: unknown) {
  const text = (body as { text: string }).text;
  const items = text.split('\n').map((raw, i) => {
    const [code = '', qty = '0'] = raw.split(/\t| /);
    return previewOf(i + 1, code, Number(qty));
  });
  return ok({ items });
}

const PASTE = ['AU-CASE-01\t18', 'AU-ONE-02\t5', 'AU-CASE-01\t12', 'AU-BAD-99\t3', 'AU-OFF-04\t1'].join('\n');

async function pasteAndPreview(text = PASTE) {
  fireEvent.click(await screen.findByText('粘贴订货', {}, SLOW));
  fireEvent.change(screen.getByRole('textbox', { name: /每行一个商品编码/ }), {
    target: { value: text },
  });
  fireEvent.click(screen.getByRole('button', { name: '预览' }));
  return screen.findByRole('table', {}, SLOW);
}

const lineOf = (n: number) => {
  const row = screen
    .getAllByRole('row')
    .find((r) => r.querySelector('.paste-col-line')?.textContent === String(n));
  if (!row) throw new Error(`no preview line ${n}`);
  return row;
};

/** Fixes the preview as a buyer would: a quantity off the case pack, a dropped line, a suggested code. */
async function fixThePreview() {
  const table = await pasteAndPreview();
  expect(within(table).getAllByRole('row')).toHaveLength(6);
  expect(lineOf(1).textContent).toContain('已调整');
  expect(lineOf(1).textContent).toContain('每箱12件，已调整为24件');
  expect(lineOf(4).textContent).toContain('未找到');
  expect(lineOf(5).textContent).toContain('不可售');
  expect(lineOf(2).textContent).toContain('¥48.00');

  // 30 of a 12-pack: corrected to 36 at once with the rule's words, then priced at the break 36 reaches.
  const qty = within(lineOf(3)).getByRole('textbox', { name: '第3行数量' });
  fireEvent.focus(qty);
  fireEvent.change(qty, { target: { value: '30' } });
  fireEvent.blur(qty);
  expect((qty as HTMLInputElement).value).toBe('36');
  expect(lineOf(3).textContent).toContain('每箱12件，已调整为36件');
  await waitFor(() => expect(lineOf(3).textContent).toContain('¥180.00'));

  // + steps by the case.
  fireEvent.click(within(lineOf(1)).getByRole('button', { name: '增加数量' }));
  expect((within(lineOf(1)).getByRole('textbox') as HTMLInputElement).value).toBe('36');
  fireEvent.click(within(lineOf(1)).getByRole('button', { name: '减少数量' }));
  expect((within(lineOf(1)).getByRole('textbox') as HTMLInputElement).value).toBe('24');

  fireEvent.click(screen.getByRole('button', { name: '移除第5行' }));
  expect(screen.queryByRole('button', { name: '移除第5行' })).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: '第4行改为 AU-ONE-03' }));
  await waitFor(() => expect(lineOf(4).textContent).toContain('面霜'));
  expect(lineOf(4).textContent).toContain('可加入');
  expect((within(lineOf(4)).getByRole('textbox') as HTMLInputElement).value).toBe('3');
  await waitFor(() => expect(addAll().hasAttribute('disabled')).toBe(false));
}

const addAll = () => screen.getByRole('button', { name: /^全部加入购物车/ });
const parseCalls = (calls: FetchCall[]) => calls.filter((c) => c.path === CartPaths.parseLines);

describe('粘贴订货 (issue #37)', () => {
  it('a member previews, fixes the lines and adds them all in one batchAddItems call, same SKUs merged', async () => {
    const { calls } = mockApi({
      ...member,
      [CartPaths.list]: ok(cartList([])),
      [CartPaths.parseLines]: parseLines,
      [CartPaths.batchAddItems]: ok({ ids: [1, 2, 3] }),
    });
    startSession('tok-1');
    renderApp('/user/products');
    await fixThePreview();
    // Nothing went to the cart while previewing and fixing.
    expect(calls.some((c) => c.path === CartPaths.batchAddItems)).toBe(false);
    expect(parseCalls(calls)[0]?.body).toEqual({ text: PASTE, websiteId: 1 });

    expect(addAll().textContent).toBe('全部加入购物车（3 个规格，共 68 件）');
    fireEvent.click(addAll());
    await waitFor(() => expect(toasts()).toContain('已加入购物车：3 个规格，共 68 件'));
    const batches = calls.filter((c) => c.path === CartPaths.batchAddItems);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.body).toEqual([
      { skuId: 1, qty: 60, websiteId: 1 },
      { skuId: 2, qty: 5, websiteId: 1 },
      { skuId: 3, qty: 3, websiteId: 1 },
    ]);
    expect(screen.queryByRole('table')).toBeNull();
    const added = screen.getByRole('link', { name: '去购物车结算' }).closest('p');
    expect(added?.textContent).toBe('已加入购物车：3 个规格，共 68 件，去购物车结算');
    expect(storedGuestCart()).toBeNull();
  });

  it('a visitor’s lines go into the local cart, merged, with their product and warehouse', async () => {
    const { calls } = mockApi({ ...visitor, [CartPaths.parseLines]: parseLines });
    renderApp('/user/products');
    await fixThePreview();
    fireEvent.click(addAll());
    await waitFor(() =>
      expect(storedGuestCart().data.map((l) => [l.skuId, l.qty, l.name, l.location, l.cnyPrice])).toEqual([
        [1, 60, '爱他美奶粉', 1, 20000],
        [2, 5, '鱼油', 3, 4800],
        [3, 3, '面霜', 3, 9900],
      ]),
    );
    // The case pack's line keeps its rule and its volume price, so the local cart steps by the case and charges
    // ¥180 a piece from 36 on, as the server's cart will; the others are sold by the piece, without breaks.
    const [cased, ...single] = storedGuestCart().data;
    expect(cased).toMatchObject({
      minQty: 12,
      stepQty: 12,
      maxQty: null,
      priceBreaks: [{ minQty: 36, audPrice: null, cnyPrice: 18000 }],
    });
    for (const line of single) expect(line).not.toHaveProperty('priceBreaks');
    expect(guestLinesAtBreaks(storedGuestCart().data).map((l) => l.cnyPrice)).toEqual([18000, 4800, 9900]);
    expect(toasts()).toContain('已加入购物车：3 个规格，共 68 件');
    expect(calls.some((c) => c.path === CartPaths.batchAddItems)).toBe(false);
  });

  it('a refused batch adds nothing, says the server’s reason and keeps the preview', async () => {
    const { calls } = mockApi({
      ...member,
      [CartPaths.list]: ok(cartList([])),
      [CartPaths.parseLines]: parseLines,
      [CartPaths.batchAddItems]: fail(ResultCode.ParamsError, '爱他美奶粉 1段：库存不足，最多可购买 48 件', {
        skuId: 1,
      }),
    });
    startSession('tok-1');
    renderApp('/cart');
    await pasteAndPreview();
    fireEvent.click(addAll());
    expect(
      (await screen.findByText('未加入购物车：爱他美奶粉 1段：库存不足，最多可购买 48 件')).getAttribute(
        'role',
      ),
    ).toBe('alert');
    expect(calls.filter((c) => c.path === CartPaths.batchAddItems)).toHaveLength(1);
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(6);
    expect(addAll().hasAttribute('disabled')).toBe(false);
  });

  it('a visitor’s batch over a SKU’s stock with what the cart holds is refused whole', async () => {
    mockApi({
      ...visitor,
      [CartPaths.parseLines]: () =>
        ok({
          items: [previewOf(1, 'AU-ONE-02', 30), previewOf(2, 'AU-ONE-02', 30), previewOf(3, 'AU-ONE-03', 1)],
        }),
    });
    renderApp('/user/products');
    await pasteAndPreview('AU-ONE-02 30\nAU-ONE-02 30\nAU-ONE-03 1');
    fireEvent.click(addAll());
    expect(await screen.findByText('未加入购物车：AU-ONE-02：库存不足，最多可购买 50 件')).toBeTruthy();
    expect(storedGuestCart()).toBeNull();
  });

  it('uploads an order file as multipart, and says a file’s problem before sending it', async () => {
    const { calls } = mockApi({
      ...visitor,
      [CartPaths.parseLines]: ok({ items: [previewOf(2, 'AU-ONE-02', 5)] }),
    });
    renderApp('/user/products');
    fireEvent.click(await screen.findByText('粘贴订货', {}, SLOW));
    expect(screen.getByText(/最大 1MB、最多 1000 行/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '下载模板' }).getAttribute('href')).toBe(
      '/order-paste-template.csv',
    );
    const input = screen.getByLabelText('上传订货单文件');

    fireEvent.change(input, { target: { files: [new File(['x'], 'order.xls')] } });
    expect(screen.getByRole('alert').textContent).toContain('不支持旧版 Excel（.xls）文件');
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(1_000_001)], 'big.csv')] } });
    expect(screen.getByRole('alert').textContent).toContain('文件不能超过1MB');
    expect(parseCalls(calls)).toHaveLength(0);

    fireEvent.change(input, { target: { files: [new File(['商品编码,数量\nAU-ONE-02,5'], 'order.csv')] } });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('AU-ONE-02')).toBeTruthy();
    const [call] = parseCalls(calls);
    expect(call?.body).toBeInstanceOf(FormData);
    expect(((call?.body as FormData | undefined)?.get('file') as File | null)?.name).toBe('order.csv');
    expect(call?.headers['Content-Type']).toBeUndefined();
    expect(screen.getByText(/文件“order.csv”：共 1 行/)).toBeTruthy();
  });

  it('shows the server’s refusal of a paste beside the box', async () => {
    mockApi({
      ...visitor,
      [CartPaths.parseLines]: fail(ResultCode.ParamsError, '最多1000行，这次有1200行，请分批粘贴'),
    });
    renderApp('/user/products');
    await screen.findByText('粘贴订货', {}, SLOW);
    fireEvent.click(screen.getByText('粘贴订货'));
    fireEvent.click(screen.getByRole('button', { name: '预览' }));
    expect(screen.getByRole('alert').textContent).toBe('请粘贴商品编码和数量，每行一个');
    fireEvent.change(screen.getByRole('textbox', { name: /每行一个商品编码/ }), {
      target: { value: 'AU-ONE-02 1' },
    });
    fireEvent.click(screen.getByRole('button', { name: '预览' }));
    expect((await screen.findByText('最多1000行，这次有1200行，请分批粘贴')).getAttribute('role')).toBe(
      'alert',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('more than 200 kinds: says the cart’s limit and adds the first 200, keeping the rest', async () => {
    const items = Array.from({ length: 203 }, (_, i) =>
      pasteLine({ ...ONE, line: i + 1, skuId: 100 + i, skuCode: `AU-${100 + i}`, qty: 1 }),
    );
    const { calls } = mockApi({
      ...member,
      [CartPaths.list]: ok(cartList([])),
      [CartPaths.parseLines]: ok({ items }),
      [CartPaths.batchAddItems]: ok({ ids: [1] }),
    });
    startSession('tok-1');
    renderApp('/user/products');
    await pasteAndPreview(items.map((i) => `${i.skuCode} 1`).join('\n'));
    expect(screen.getByText(/购物车最多可放 200 种商品，这次有 203 种/)).toBeTruthy();
    expect(addAll().hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '先加入前 200 种（共 200 件）' }));
    await waitFor(() => expect(calls.filter((c) => c.path === CartPaths.batchAddItems)).toHaveLength(1));
    expect(calls.find((c) => c.path === CartPaths.batchAddItems)?.body).toHaveLength(200);
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4));
    expect(addAll().textContent).toBe('全部加入购物车（3 个规格，共 3 件）');
  });
});

describe('the most a pasted line may hold', () => {
  it('is the stock in whole cases within the rule’s maximum, by the domain’s one rule', () => {
    const caseLine = (fields: Partial<PastePreviewItem>) =>
      pasteLine({
        line: 1,
        skuCode: 'W-CASE-1',
        skuId: 1,
        skuStatus: SkuStatus.ByStock,
        stepQty: 6,
        minQty: 12,
        ...fields,
      });
    // 31 in stock, 6 a case: 30, not 31.
    expect(lineLimit(caseLine({ stock: 31 }))).toBe(30);
    // A maximum of 40 is 36 in whole cases.
    expect(lineLimit(caseLine({ stock: 500, maxQty: 40 }))).toBe(36);
    // Less than the smallest quantity in stock: none.
    expect(lineLimit(caseLine({ stock: 10 }))).toBe(0);
  });
});
