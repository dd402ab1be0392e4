import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePageCurrency } from '@/lib/page-currency';
import { startSession } from '@/lib/session';
import { goods, page, shellHandlers, sku } from './catalogue-fixtures';
import { demoMember, type FetchCall, mockApi, ok, renderApp } from './utils';

const LIST = '/api/goodsService/goods/list/';

function listBodies(calls: FetchCall[]) {
  return calls.filter((c) => c.path === LIST).map((c) => c.body);
}

const scarf = goods({
  id: 1,
  name: '羊毛围巾',
  location: 1,
  skus: [
    sku({ id: 11, name: '停售款', status: -1, audPrice: 1, cnyPrice: 5, property: { 颜色: '黑' } }),
    sku({ id: 12, status: 1, stock: 0, audPrice: 20, cnyPrice: 100, property: { 颜色: '红' } }),
    sku({ id: 13, status: 1, stock: 8, audPrice: 25.5, cnyPrice: 120, property: { 颜色: '蓝' } }),
  ],
});

const shirt = goods({
  id: 2,
  name: '纯棉衬衫',
  location: 2,
  skus: [
    sku({ id: 21, property: { 颜色: '白', 尺码: 'M' }, audPrice: 30, cnyPrice: 150 }),
    sku({ id: 22, property: { 颜色: '白', 尺码: 'L' }, audPrice: 31, cnyPrice: 151 }),
    sku({ id: 23, property: { 颜色: '蓝', 尺码: 'L' }, audPrice: null, cnyPrice: 152 }),
  ],
});

const tea = goods({
  id: 3,
  name: '有机绿茶',
  location: 9,
  skus: [
    sku({ id: 31, property: { 产地: '杭州', 等级: '特级', 重量: '250g' }, cnyPrice: 88, audPrice: null }),
    sku({ id: 32, property: { 产地: '杭州', 等级: '一级', 重量: '500g' }, cnyPrice: 99, audPrice: null }),
  ],
});

function item(name: RegExp) {
  return screen.getByRole('article', { name });
}

/** The SKU option buttons of an expanded product (toggle buttons), without the add-to-cart buttons beside them. */
const skuOptions = (container: HTMLElement) =>
  within(container)
    .getAllByRole('button')
    .filter((b) => b.hasAttribute('aria-pressed'));

describe('product list items (spec §3/§4 Product list item)', () => {
  it('prefixes the location, drops NotForSale SKUs, selects the first purchasable SKU and shows its price and stock', async () => {
    mockApi({ ...shellHandlers, [LIST]: ok(page([scarf, shirt, tea])) });
    renderApp('/products');
    const row = await screen.findByRole('article', { name: '【澳大利亚仓】羊毛围巾' }, { timeout: 45_000 });
    // Headings go down one level at a time: the page's h1, the results' h2, each product's h3.
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    levels.reduce((previous, level) => {
      expect(level - previous).toBeLessThanOrEqual(1);
      return level;
    }, 0);
    expect(screen.getByRole('heading', { level: 2, name: '商品' })).toBeTruthy();
    // The logo is named by what it shows (plus where it leads), so the visible name finds it.
    expect(screen.getByRole('link', { name: '澳中批发商城 首页' }).textContent).toContain('澳中批发商城');
    // 红 has no stock (ByStock, 0): the first purchasable one, 蓝, is selected.
    expect(within(row).getByText('¥120.00')).toBeTruthy();
    expect(within(row).getByText('现货')).toBeTruthy();
    expect(within(row).getByText(/^蓝/)).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '展开 2 个规格' }));
    // The NotForSale SKU is gone; one key → a single row of options.
    const options = within(row).getByRole('group', { name: '颜色' });
    expect(options.getAttribute('data-layout')).toBe('row');
    // Each SKU shows its price, stock status and how many can be taken, with a quantity field.
    expect(skuOptions(options).map((b) => b.textContent)).toEqual([
      '红¥100.00库存不足',
      '蓝¥120.00现货可购 8 件',
    ]);
    expect(within(options).getAllByRole('textbox', { name: /数量$/ })).toHaveLength(2);
    expect((within(options).getByRole('textbox', { name: '红 数量' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(within(row).queryByText('黑')).toBeNull();
    // Choosing 红 shows its price and stock.
    fireEvent.click(within(options).getByRole('button', { name: /^红/ }));
    const buy = row.querySelector('.goods-item-buy') as HTMLElement;
    expect(within(buy).getByText('¥100.00')).toBeTruthy();
    expect(within(buy).getByText('库存不足')).toBeTruthy();
  });

  it('lays two keys out as a matrix and more than two as a flat grid', async () => {
    mockApi({ ...shellHandlers, [LIST]: ok(page([scarf, shirt, tea])) });
    renderApp('/products');
    const shirtRow = await screen.findByRole('article', { name: '【中国仓】纯棉衬衫' });
    fireEvent.click(within(shirtRow).getByRole('button', { name: /展开/ }));
    const matrix = within(shirtRow).getByRole('table');
    expect(matrix.getAttribute('data-layout')).toBe('matrix');
    const headers = within(matrix)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['颜色 \\ 尺码', 'M', 'L']);
    expect(
      within(matrix)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['白', '蓝']);
    // 蓝/M does not exist.
    expect(within(matrix).getByRole('img', { name: '无此规格' })).toBeTruthy();
    fireEvent.click(within(matrix).getByRole('button', { name: '蓝 L' }));
    expect(
      within(shirtRow.querySelector('.goods-item-buy') as HTMLElement).getByText('¥152.00'),
    ).toBeTruthy();

    const teaRow = item(/【混合仓】有机绿茶/);
    fireEvent.click(within(teaRow).getByRole('button', { name: /展开/ }));
    const grid = within(teaRow).getByRole('list', { name: '全部规格' });
    expect(grid.getAttribute('data-layout')).toBe('grid');
    expect(skuOptions(grid)).toHaveLength(2);
    expect(within(grid).getByText('杭州 一级 500g')).toBeTruthy();
  });

  it('shows prices in the page currency, falls back to the other currency with its own symbol, and follows the switch', async () => {
    mockApi({ ...shellHandlers, [LIST]: ok(page([scarf, tea])) });
    renderApp('/products');
    const row = await screen.findByRole('article', { name: /羊毛围巾/ });
    expect(within(row).getByText('¥120.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'AUD' }));
    expect(await within(row).findByText('$25.50')).toBeTruthy();
    // The tea has no AUD price: its CNY price keeps the ¥ symbol.
    expect(within(item(/有机绿茶/)).getByText('¥88.00')).toBeTruthy();
    expect(usePageCurrency.getState().currency).toBe('AUD');
  });

  it('says 没有找到相关商品 when nothing matches', async () => {
    mockApi({ ...shellHandlers, [LIST]: ok(page([])) });
    renderApp('/products?keyword=无此商品');
    expect(await screen.findByRole('heading', { name: '没有找到相关商品' })).toBeTruthy();
  });
});

describe('warehouse chips (spec §3 Warehouses): only warehouses with goods, with their counts', () => {
  const COUNTS = '/api/goodsService/goods/locationCounts/';

  it('offers the warehouses that list goods for the category, keeps the chosen one with its 0', async () => {
    const { calls } = mockApi({
      ...shellHandlers,
      [LIST]: ok(page([])),
      [COUNTS]: ok({
        items: [
          { location: 1, count: 12 },
          { location: 2, count: 3 },
        ],
        totalCount: 15,
      }),
    });
    renderApp('/products/7?location=4&keyword=围巾');
    const chips = await screen.findByRole('navigation', { name: '仓库' });
    await waitFor(() => expect(within(chips).getAllByRole('link')).toHaveLength(4));
    expect(
      within(chips)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['全部仓库 15', '澳大利亚仓 12', '中国仓 3', '美国仓 0']);
    expect(within(chips).queryByRole('link', { name: /韩国仓/ })).toBeNull();
    // The counts are asked for the list's other filters, never its warehouse.
    expect(calls.filter((c) => c.path === COUNTS).map((c) => c.body)).toEqual([
      { websiteId: 1, cateId: 7, keyword: '围巾' },
    ]);
  });

  it('offers every warehouse when the counts cannot be had', async () => {
    mockApi({ ...shellHandlers, [LIST]: ok(page([scarf])) });
    renderApp('/products/7');
    const chips = await screen.findByRole('navigation', { name: '仓库' });
    await waitFor(() => expect(within(chips).getAllByRole('link')).toHaveLength(10));
  });
});

describe('product list filters in the address (spec §4 Product list state)', () => {
  it('sends the filters of the address, 20 a page, location dropped when 0', async () => {
    const { calls } = mockApi({ ...shellHandlers, [LIST]: ok(page([scarf], 45)) });
    renderApp('/products/5?brandId=3&location=0&keyword=围巾&orderByType=Price&orderByTendency=ASC&pageNo=2');
    await screen.findByRole('article', { name: /羊毛围巾/ });
    // The Price sort compares prices in the page currency, so the request carries it.
    expect(listBodies(calls).at(-1)).toEqual({
      websiteId: 1,
      pageNo: 2,
      pageSize: 20,
      cateId: 5,
      brandId: 3,
      keyword: '围巾',
      orderByType: 'Price',
      orderByTendency: 'ASC',
      currency: 'CNY',
    });
  });

  it('changing sort, warehouse and page updates the query and the request', async () => {
    const { calls } = mockApi({ ...shellHandlers, [LIST]: ok(page([scarf], 45)) });
    const { router } = renderApp('/products?keyword=围巾');
    await screen.findByRole('article', { name: /羊毛围巾/ });
    expect(listBodies(calls).at(-1)).toMatchObject({ pageNo: 1, pageSize: 20, orderByType: 'Comprehensive' });

    // The first click on 价格 sorts low to high.
    fireEvent.click(screen.getByRole('link', { name: '价格' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?keyword=%E5%9B%B4%E5%B7%BE&orderByType=Price&orderByTendency=ASC',
      ),
    );
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toMatchObject({ orderByType: 'Price', orderByTendency: 'ASC' }),
    );
    // The active sort again flips the direction, and back.
    fireEvent.click(screen.getByRole('link', { name: '价格（升序）' }));
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toMatchObject({ orderByType: 'Price', orderByTendency: 'DESC' }),
    );
    // Back to low to high: that list was fetched before and comes from the cache.
    fireEvent.click(screen.getByRole('link', { name: '价格（降序）' }));
    await waitFor(() => expect(router.state.location.search).toContain('orderByTendency=ASC'));

    fireEvent.click(screen.getByRole('link', { name: '日本仓' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('location')).toBe('8'));
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ location: 8, keyword: '围巾' }));

    fireEvent.click(await screen.findByTitle('3'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('pageNo')).toBe('3'));
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toMatchObject({ pageNo: 3, location: 8, orderByTendency: 'ASC' }),
    );

    fireEvent.click(screen.getByRole('link', { name: '全部仓库' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('location'));
    // A filter change goes back to page 1; that list (Price ASC, every warehouse) was fetched before and is
    // served from the cache (spec §7 request cache).
    expect(new URLSearchParams(router.state.location.search).get('pageNo')).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: '全部仓库' }).getAttribute('aria-current')).toBe('true'),
    );
    expect(listBodies(calls)).toContainEqual({
      websiteId: 1,
      pageNo: 1,
      pageSize: 20,
      keyword: '围巾',
      orderByType: 'Price',
      orderByTendency: 'ASC',
      currency: 'CNY',
    });
  });

  it('the Price sort follows the page currency; the other sorts do not send it', async () => {
    const { calls } = mockApi({ ...shellHandlers, [LIST]: ok(page([scarf], 45)) });
    renderApp('/products?orderByType=Price&orderByTendency=ASC');
    await screen.findByRole('article', { name: /羊毛围巾/ });
    expect(listBodies(calls).at(-1)).toMatchObject({ orderByType: 'Price', currency: 'CNY' });
    fireEvent.click(screen.getByRole('button', { name: 'AUD' }));
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toMatchObject({ orderByType: 'Price', currency: 'AUD' }),
    );
    fireEvent.click(screen.getByRole('link', { name: '销量' }));
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ orderByType: 'Sales' }));
    expect(listBodies(calls).at(-1)).not.toHaveProperty('currency');
  });

  it('past the last page shows the last page instead of an empty list beside the count', async () => {
    const { calls } = mockApi({
      ...shellHandlers,
      [LIST]: (body) => {
        const { pageNo } = body as { pageNo: number };
        return ok({ ...page(pageNo === 3 ? [scarf] : [], 45), pageNo });
      },
    });
    const { router } = renderApp('/products?pageNo=99');
    expect(await screen.findByRole('article', { name: /羊毛围巾/ }, { timeout: 45_000 })).toBeTruthy();
    expect(router.state.location.search).toBe('?pageNo=3');
    expect(listBodies(calls).map((b) => (b as { pageNo: number }).pageNo)).toEqual([99, 3]);
    expect(screen.queryByRole('heading', { name: '没有找到相关商品' })).toBeNull();
    expect(screen.getByRole('button', { name: '第 3 页' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('product names and the warehouse chip', () => {
  it('shows the warehouse as a chip beside the name, the name keeping its prefix for screen readers', async () => {
    mockApi({ ...shellHandlers, [LIST]: ok(page([scarf])) });
    renderApp('/products');
    const row = await screen.findByRole('article', { name: '【澳大利亚仓】羊毛围巾' }, { timeout: 45_000 });
    const heading = within(row).getByRole('heading', { level: 3 });
    expect(heading.textContent).toBe('【澳大利亚仓】羊毛围巾');
    // The prefix inside the name is for screen readers only; the eye reads the chip.
    expect(heading.querySelector('.visually-hidden')?.textContent).toBe('【澳大利亚仓】');
    expect(row.querySelector('.warehouse-chip')?.textContent).toBe('澳大利亚仓');
  });
});

describe('price list export (spec §7 exportGoodsPrice/)', () => {
  it('is hidden for visitors', async () => {
    mockApi({ ...shellHandlers, [LIST]: ok(page([scarf])) });
    renderApp('/products');
    await screen.findByRole('article', { name: /羊毛围巾/ });
    expect(screen.queryByRole('button', { name: '导出价格表' })).toBeNull();
  });

  it('downloads the xlsx for a member with the filters and the token, under the server file name', async () => {
    const { calls } = mockApi({
      ...shellHandlers,
      '/api/memberService/member/current/': ok(demoMember),
      [LIST]: ok(page([scarf])),
      '/api/goodsService/goods/exportGoodsPrice/': () =>
        new Response(new Blob(['xlsx-bytes']), {
          status: 200,
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition':
              'attachment; filename="GoodsPrice.xlsx"; filename*=UTF-8\'\'GoodsPrice_AUD_20260101_0930.xlsx',
          },
        }),
    });
    const created = vi.fn((_: Blob) => 'blob:price-list');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    startSession('member-token');
    renderApp('/products/4?location=1');
    await screen.findByRole('article', { name: /羊毛围巾/ });
    fireEvent.click(screen.getByRole('radio', { name: 'AUD' }));
    fireEvent.click(screen.getByRole('button', { name: '导出价格表' }));
    await waitFor(() => expect(downloads).toEqual(['GoodsPrice_AUD_20260101_0930.xlsx']));
    const call = calls.find((c) => c.path === '/api/goodsService/goods/exportGoodsPrice/');
    expect(call?.body).toEqual({ currency: 'AUD', cateId: 4, location: 1 });
    expect(call?.headers.Authorization).toBe('Bearer member-token');
    const saved = created.mock.calls[0]?.[0];
    expect(saved).toBeInstanceOf(Blob);
    expect(await (saved as Blob).text()).toBe('xlsx-bytes');
  });

  it('shows the server message when the export is refused', async () => {
    mockApi({
      ...shellHandlers,
      '/api/memberService/member/current/': ok(demoMember),
      [LIST]: ok(page([scarf])),
      '/api/goodsService/goods/exportGoodsPrice/': {
        status: 400,
        body: { success: false, resultCode: -1, message: '没有可导出的商品', data: null },
      },
    });
    startSession('member-token');
    renderApp('/products');
    // The list route is lazy: as slow to arrive as the first one on a busy machine.
    await screen.findByRole('article', { name: /羊毛围巾/ }, { timeout: 45_000 });
    fireEvent.click(screen.getByRole('button', { name: '导出价格表' }));
    expect(await screen.findByText('没有可导出的商品')).toBeTruthy();
  });
});
