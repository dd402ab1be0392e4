import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

describe('product detail (spec §3 Product detail)', () => {
  it('starts on the first purchasable SKU, chooses SKUs by attribute values and disables impossible ones', async () => {
    const { calls } = mockApi({ ...shellHandlers, [DETAIL]: ok(scarf) });
    renderApp('/product/7');
    expect(
      await screen.findByRole('heading', { name: '【澳大利亚仓】羊毛围巾' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(calls.find((c) => c.path === DETAIL)?.body).toEqual({ id: 7, websiteId: 1 });
    expect(screen.getByRole('link', { name: '澳羊' }).getAttribute('href')).toBe('/brand/3');

    // 红/S has no stock (ByStock 0): 红/M is selected, CNY first then AUD.
    expect(option('颜色', '红').getAttribute('aria-pressed')).toBe('true');
    expect(option('尺码', 'M').getAttribute('aria-pressed')).toBe('true');
    expect(within(priceBox()).getByText('¥55.00')).toBeTruthy();
    expect(within(priceBox()).getByText('$11.00')).toBeTruthy();
    expect(screen.getByText('1.25 kg')).toBeTruthy();
    expect(screen.getByText('现货')).toBeTruthy();

    // 绿 only exists as NotForSale: disabled. 蓝 exists with M: enabled.
    expect((option('颜色', '绿') as HTMLButtonElement).disabled).toBe(true);
    expect((option('颜色', '蓝') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(option('颜色', '蓝'));
    expect(within(priceBox()).getByText('¥60.00')).toBeTruthy();
    expect(within(priceBox()).queryByText(/\$/)).toBeNull();
    // 蓝 has no S.
    expect((option('尺码', 'S') as HTMLButtonElement).disabled).toBe(true);

    // Clearing the size lets the shopper reach 红/S.
    fireEvent.click(option('尺码', 'M'));
    expect(within(priceBox()).getByText('请选择尺码')).toBeTruthy();
    fireEvent.click(option('颜色', '红'));
    fireEvent.click(option('尺码', 'S'));
    expect(within(priceBox()).getByText('¥50.00')).toBeTruthy();
    expect(screen.getByText('库存不足')).toBeTruthy();

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
    await screen.findByRole('heading', { name: /羊毛围巾/ }, { timeout: 15_000 });
    expect(calls.find((c) => c.path === DETAIL)?.body).toEqual({ skuId: 73, websiteId: 1 });
    expect(option('颜色', '蓝').getAttribute('aria-pressed')).toBe('true');
  });

  it('says 商品已下架 for a product off the shelf and disables buying', async () => {
    mockApi({ ...shellHandlers, [DETAIL]: ok({ ...scarf, onFlag: false }) });
    renderApp('/product/7');
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveProperty(
      'textContent',
      '商品已下架',
    );
    expect((screen.getByRole('textbox', { name: '购买数量' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('shows 商品不存在 for an unknown product', async () => {
    mockApi({ ...shellHandlers, [DETAIL]: { status: 404, body: fail(404, '商品不存在') } });
    renderApp('/product/999');
    expect(await screen.findByRole('heading', { name: '商品不存在' }, { timeout: 15_000 })).toBeTruthy();
  });
});
