import {
  type AdminGoodsDetail,
  AdminGoodsPaths,
  type AdminGoodsRow,
  AdminPaths,
  CataloguePaths,
  ResultCode,
  SkuStatus,
} from '@shop/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { matrixFor, type SkuRow } from '@/features/goods/components/goods-form-model';
import { fail, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

function goods(n: number, overrides: Partial<AdminGoodsRow> = {}): AdminGoodsRow {
  return {
    id: n,
    code: `G-${n}`,
    name: `商品 ${n}`,
    nameEn: `Goods ${n}`,
    image: '',
    brandName: '爱他美',
    categoryName: '奶粉',
    location: 1,
    warehouseName: '澳大利亚仓',
    onShelf: true,
    skuCount: 2,
    buyableSkuCount: 2,
    lowestStock: null,
    updateTime: '2026-11-24T03:00:00.000Z',
    ...overrides,
  };
}

describe('商品', () => {
  it('filters from the address bar and puts the ticked goods off the shelf after a confirmation', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('content')),
      [CataloguePaths.catalogList]: ok([]),
      [CataloguePaths.brandList]: ok({ items: [] }),
      [AdminGoodsPaths.list]: ok({
        items: [goods(1), goods(2, { onShelf: false, buyableSkuCount: 0 })],
        totalCount: 2,
      }),
      [AdminGoodsPaths.shelf]: ok({
        changed: 1,
        goods: [{ id: 1, code: 'G-1', name: '商品 1', onShelf: false }],
      }),
    });
    signIn();
    renderConsole('/goods?onShelf=1&stock=low');
    expect(await screen.findByText('商品 2', {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminGoodsPaths.list)[0]?.body).toEqual({
      onShelf: true,
      stock: 'low',
      pageNo: 1,
      pageSize: 20,
    });
    expect(screen.getByText('无货')).toBeTruthy();
    expect(screen.getByRole('button', { name: '批量下架' }).hasAttribute('disabled')).toBe(true);

    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[1] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: '批量下架' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }, SLOW));
    await waitFor(() =>
      expect(api.callsTo(AdminGoodsPaths.shelf)[0]?.body).toEqual({ ids: [1], onShelf: false }),
    );
    expect(await screen.findByText('下架 1 个商品', {}, SLOW)).toBeTruthy();
  });
});

function detail(overrides: Partial<AdminGoodsDetail> = {}): AdminGoodsDetail {
  const prices = (aud: number) => [
    { currency: 'AUD' as const, level: 37, amount: aud },
    { currency: 'AUD' as const, level: 38, amount: aud - 100 },
    { currency: 'CNY' as const, level: 37, amount: aud * 5 },
  ];
  return {
    id: 5,
    code: 'G-5',
    name: '羊毛围巾',
    nameEn: 'Wool scarf',
    brandId: null,
    categoryId: 3,
    categoryPath: [1, 3],
    location: 1,
    onShelf: true,
    content: '<p>暖和</p>',
    images: [
      { path: 'goods/a.jpg', kind: 'good' },
      { path: 'goods/b.jpg', kind: 'good' },
    ],
    attributes: [{ name: '颜色', values: ['红', '蓝'] }],
    skus: [
      {
        id: 51,
        code: 'G-5-R',
        name: '红',
        property: { 颜色: '红' },
        weight: 200,
        status: SkuStatus.ByStock,
        stock: 4,
        sort: 0,
        ordered: true,
        barcode: '4006381333931',
        expectedDate: null,
        prices: prices(2990),
        minQty: 1,
        stepQty: 1,
        maxQty: null,
        breaks: [],
      },
      {
        id: 52,
        code: 'G-5-B',
        name: '蓝',
        property: { 颜色: '蓝' },
        weight: 200,
        status: SkuStatus.InStock,
        stock: 0,
        sort: 1,
        ordered: false,
        barcode: null,
        expectedDate: null,
        prices: prices(3990),
        minQty: 1,
        stepQty: 1,
        maxQty: null,
        breaks: [],
      },
    ],
    breaksMixed: false,
    updateTime: '2026-11-24T03:00:00.000Z',
    ...overrides,
  };
}

const CATEGORIES = [
  { id: 1, name: '服饰', image: '', children: [{ id: 3, name: '围巾', image: '', children: [] }] },
];

function editorApi(save: Parameters<typeof mockApi>[0][string]) {
  return mockApi({
    [AdminPaths.current]: ok(staffSession('content')),
    [CataloguePaths.catalogList]: ok(CATEGORIES),
    [CataloguePaths.brandList]: ok({ items: [] }),
    [AdminGoodsPaths.detail]: ok(detail()),
    [AdminGoodsPaths.save]: save,
  });
}

describe('商品 editor', () => {
  it('loads a good, shows its SKU matrix and pictures, and saves prices in cents with the updateTime it loaded', async () => {
    const api = editorApi((body) =>
      ok({
        ...detail({ updateTime: '2026-11-24T03:05:00.000Z' }),
        retiredSkuCodes: [],
        ...{ name: String(body.name) },
      }),
    );
    signIn();
    renderConsole('/goods/5');
    expect(await screen.findByDisplayValue('羊毛围巾', {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminGoodsPaths.detail)[0]?.body).toEqual({ id: 5 });
    expect(screen.getByDisplayValue('G-5-R')).toBeTruthy();
    expect(screen.getByText('主图')).toBeTruthy();
    expect(screen.getByText('有订单')).toBeTruthy();

    expect(screen.getByLabelText('SKU 1 条码')).toHaveProperty('value', '4006381333931');
    fireEvent.change(screen.getByLabelText('SKU 2 条码'), { target: { value: ' 96385074 ' } });
    const price = screen.getByLabelText('SKU 2 AUD 39 价格');
    fireEvent.change(price, { target: { value: '12.5' } });
    fireEvent.blur(price);
    expect(await screen.findByText('有未保存的修改', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^保\s?存$/ }));
    await waitFor(() => expect(api.callsTo(AdminGoodsPaths.save)).toHaveLength(1), SLOW);
    const body = api.callsTo(AdminGoodsPaths.save)[0]?.body as Record<string, unknown> & {
      skus: { id: number; loadedStock: number; prices: unknown[] }[];
    };
    expect(body).toMatchObject({ id: 5, updateTime: '2026-11-24T03:00:00.000Z', code: 'G-5', categoryId: 3 });
    expect(body.skus[0]).toMatchObject({ id: 51, barcode: '4006381333931' });
    expect(body.skus[1]).toMatchObject({ id: 52, loadedStock: 0, barcode: '96385074' });
    expect(body.skus[1]?.prices).toEqual([
      { currency: 'AUD', level: 37, amount: 3990 },
      { currency: 'AUD', level: 38, amount: 3890 },
      { currency: 'AUD', level: 39, amount: 1250 },
      { currency: 'CNY', level: 37, amount: 19950 },
    ]);
    expect(await screen.findByText('商品已保存', {}, SLOW)).toBeTruthy();
  });

  it('writes one quantity rule to every SKU, edits a SKU’s volume prices and sends both with the mix-and-match switch', async () => {
    const api = editorApi(ok({ ...detail(), retiredSkuCodes: [] }));
    signIn();
    renderConsole('/goods/5');
    expect(await screen.findByDisplayValue('G-5-B', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('全部 SKU：1件起订，按件卖，不限购')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('全部 SKU 起订量'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('全部 SKU 每箱件数'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: '应用到全部 SKU' }));
    expect(await screen.findByText('全部 SKU：12件起订，每箱6件，不限购', {}, SLOW)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('SKU 2 限购数量'), { target: { value: '60' } });
    fireEvent.blur(screen.getByLabelText('SKU 2 限购数量'));
    expect(await screen.findByText('各 SKU 的起订和箱规不同', {}, SLOW)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'SKU 1 阶梯价' }));
    fireEvent.click(await screen.findByRole('button', { name: '添加一档' }, SLOW));
    fireEvent.change(await screen.findByLabelText('第1档 起始数量', {}, SLOW), { target: { value: '24' } });
    fireEvent.change(screen.getByLabelText('第1档 价格'), { target: { value: '27' } });
    fireEvent.blur(screen.getByLabelText('第1档 价格'));
    fireEvent.click(screen.getByRole('button', { name: /^完\s?成$/ }));
    fireEvent.click(screen.getByRole('switch', { name: '阶梯价混批计算' }));

    fireEvent.click(screen.getByRole('button', { name: /^保\s?存$/ }));
    await waitFor(() => expect(api.callsTo(AdminGoodsPaths.save)).toHaveLength(1), SLOW);
    const body = api.callsTo(AdminGoodsPaths.save)[0]?.body as {
      breaksMixed: boolean;
      skus: Record<string, unknown>[];
    };
    expect(body.breaksMixed).toBe(true);
    expect(body.skus[0]).toMatchObject({ minQty: 12, stepQty: 6, maxQty: null });
    expect(body.skus[0]?.breaks).toEqual([{ currency: 'CNY', level: 37, minQty: 24, amount: 2700 }]);
    expect(body.skus[1]).toMatchObject({ minQty: 12, stepQty: 6, maxQty: 60, breaks: [] });
  });

  it('says under each SKU’s stock what its status does with the number, and follows a new status', async () => {
    editorApi(ok(null));
    signIn();
    renderConsole('/goods/5');
    expect(await screen.findByDisplayValue('G-5-B', {}, SLOW)).toBeTruthy();
    // SKU 1 is sold by stock; SKU 2 is 有货, whose number limits nothing.
    const limited = screen.getByText('按此数限购');
    const ignored = screen.getByText('不看此数，不限量');
    expect(limited.getAttribute('title')).toBe('按库存数销售：最多可购买库存数，库存为 0 时不能购买');
    expect(ignored.getAttribute('title')).toBe(
      '「有货」不看库存数，不限购买数量；要按库存数限购，请选「按库存销售」',
    );

    fireEvent.mouseDown(screen.getByLabelText('SKU 2 销售状态'));
    await screen.findByRole('listbox', {}, SLOW);
    const option = (await screen.findAllByTitle('按库存销售', {}, SLOW)).find((e) =>
      e.classList.contains('ant-select-item-option'),
    );
    fireEvent.click(option as HTMLElement);
    await waitFor(() => expect(screen.getAllByText('按此数限购')).toHaveLength(2));
    expect(screen.queryByText('不看此数，不限量')).toBeNull();
  });

  it('sets a 可预订 SKU’s expected arrival day and sends an emptied one as null', async () => {
    const loaded = detail();
    const [red, blue] = loaded.skus;
    if (!red || !blue) throw new Error('fixture');
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('content')),
      [CataloguePaths.catalogList]: ok(CATEGORIES),
      [CataloguePaths.brandList]: ok({ items: [] }),
      [AdminGoodsPaths.detail]: ok(
        detail({ skus: [red, { ...blue, status: SkuStatus.ByBook, expectedDate: '2026-12-20' }] }),
      ),
      [AdminGoodsPaths.save]: ok({ ...detail(), retiredSkuCodes: [] }),
    });
    signIn();
    renderConsole('/goods/5');
    expect(await screen.findByDisplayValue('G-5-B', {}, SLOW)).toBeTruthy();
    // SKU 1 sells from stock: no arrival day to give until it is 可预订.
    const redDay = screen.getByLabelText('SKU 1 预计到货');
    expect(redDay.hasAttribute('disabled')).toBe(true);
    const blueDay = screen.getByLabelText('SKU 2 预计到货');
    expect(blueDay).toHaveProperty('value', '2026-12-20');
    expect(screen.getByText('预订 · 预计 12月20日到货')).toBeTruthy();

    fireEvent.mouseDown(screen.getByLabelText('SKU 1 销售状态'));
    await screen.findByRole('listbox', {}, SLOW);
    const option = (await screen.findAllByTitle('可预订', {}, SLOW)).find((e) =>
      e.classList.contains('ant-select-item-option'),
    );
    fireEvent.click(option as HTMLElement);
    await waitFor(() => expect(screen.getByLabelText('SKU 1 预计到货').hasAttribute('disabled')).toBe(false));
    expect(screen.getByText('预订 · 到货日期待定')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('SKU 1 预计到货'), { target: { value: '2027-01-05' } });
    expect(await screen.findByText('预订 · 预计 1月5日到货', {}, SLOW)).toBeTruthy();
    fireEvent.change(blueDay, { target: { value: '' } });
    expect(await screen.findByText('有未保存的修改', {}, SLOW)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^保\s?存$/ }));
    await waitFor(() => expect(api.callsTo(AdminGoodsPaths.save)).toHaveLength(1), SLOW);
    const body = api.callsTo(AdminGoodsPaths.save)[0]?.body as { skus: Record<string, unknown>[] };
    expect(body.skus[0]).toMatchObject({ id: 51, status: SkuStatus.ByBook, expectedDate: '2027-01-05' });
    expect(body.skus[1]).toMatchObject({ id: 52, status: SkuStatus.ByBook, expectedDate: null });
    expect(await screen.findByText('商品已保存', {}, SLOW)).toBeTruthy();
    // Saved: the form holds what the server answered, nothing left to save.
    await waitFor(() => expect(screen.queryByText('有未保存的修改')).toBeNull());
  });

  it("a stale save shows the server's refusal and offers to reload", async () => {
    const api = editorApi(
      fail(ResultCode.BadRequest, '该商品已被他人修改，请重新加载后再保存（你的修改尚未保存）'),
    );
    signIn();
    renderConsole('/goods/5');
    fireEvent.change(await screen.findByDisplayValue('羊毛围巾', {}, SLOW), { target: { value: '新名字' } });
    fireEvent.click(screen.getByRole('button', { name: /^保\s?存$/ }));
    expect(await screen.findByText(/已被他人修改/, {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(api.callsTo(AdminGoodsPaths.detail)).toHaveLength(2), SLOW);
  });

  it('asks before leaving with changes not saved, and stays when told to', async () => {
    const api = editorApi(ok(null));
    signIn();
    renderConsole('/goods/5');
    fireEvent.change(await screen.findByDisplayValue('羊毛围巾', {}, SLOW), {
      target: { value: '改了没存' },
    });
    fireEvent.click(screen.getAllByRole('link', { name: '商品' }).at(-1) as HTMLElement);
    expect(await screen.findByText('商品的修改还没有保存，离开后将丢失。', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^留\s?下$/ }));
    // Still on the editor with the change: the goods list was never opened.
    expect(screen.getByDisplayValue('改了没存')).toBeTruthy();
    expect(api.callsTo(AdminGoodsPaths.list)).toHaveLength(0);
  });

  it('a new good refuses to save without its name, code, warehouse and category', async () => {
    const api = editorApi(ok(null));
    signIn();
    renderConsole('/goods/new');
    fireEvent.click(await screen.findByRole('button', { name: '创建商品' }, SLOW));
    expect(await screen.findByText('请填写中文名称', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('请填写商品编码', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('请选择仓库', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('请选择分类', {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminGoodsPaths.save)).toHaveLength(0);
  });
});

describe('the SKU matrix', () => {
  const row = (key: string, code: string, property: Record<string, string>): SkuRow => ({
    key,
    code,
    name: '',
    property,
    weight: 0,
    status: SkuStatus.ByStock,
    stock: 7,
    prices: { AUD37: 9.9 },
  });
  it.each([
    {
      case: 'no attribute: one default SKU',
      attributes: [],
      rows: [],
      want: [['', 'G-1']],
    },
    {
      case: 'a new value adds a row and keeps the entered one',
      attributes: [{ name: '颜色', values: ['红', '蓝'] }],
      rows: [row('红', 'R', { 颜色: '红' })],
      want: [
        ['红', 'R'],
        ['蓝', 'G-1'],
      ],
    },
    {
      case: 'a second attribute makes every combination; a half-typed one is left out',
      attributes: [
        { name: '颜色', values: ['红'] },
        { name: '尺码', values: ['S', 'M'] },
        { name: '', values: ['x'] },
      ],
      rows: [],
      want: [
        ['红;$%*S', 'G-1'],
        ['红;$%*M', 'G-2'],
      ],
    },
    {
      case: 'a removed value drops its row',
      attributes: [{ name: '颜色', values: ['蓝'] }],
      rows: [row('红', 'R', { 颜色: '红' }), row('蓝', 'B', { 颜色: '蓝' })],
      want: [['蓝', 'B']],
    },
  ])('$case', ({ attributes, rows, want }) => {
    const matrix = matrixFor(attributes, rows, 'G');
    expect(matrix.map((r) => [r.key, r.code])).toEqual(want);
    for (const r of matrix) if (rows.includes(r)) expect(r.stock).toBe(7);
  });
});
