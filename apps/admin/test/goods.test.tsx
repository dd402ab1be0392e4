import { AdminGoodsPaths, type AdminGoodsRow, AdminPaths, CataloguePaths } from '@shop/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 15_000 };

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
