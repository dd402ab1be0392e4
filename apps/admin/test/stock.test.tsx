import { AdminPaths, AdminStockPaths, type AdminStockRow, LOW_STOCK, SkuStatus } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMPTY_DASHBOARD, findDialog, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

/** A SKU's row; its low-stock line is the shop's unless told, and `low` follows it as the server works it out. */
function row(n: number, overrides: Partial<AdminStockRow> = {}): AdminStockRow {
  const r: AdminStockRow = {
    skuId: n,
    skuCode: `AU-A2-000${n}-01`,
    goodsId: 10 + n,
    goodsName: `a2 奶粉 ${n} 段`,
    skuName: '',
    property: { 规格: '900g' },
    location: 1,
    warehouseName: '澳大利亚仓',
    status: SkuStatus.ByStock,
    statusLabel: '按库存销售',
    stock: 3 * n,
    onShelf: true,
    lowStockAt: null,
    lowStockLine: LOW_STOCK,
    low: false,
    ...overrides,
  };
  const low = r.status === SkuStatus.ByStock && r.stock <= r.lowStockLine;
  return { ...r, low: overrides.low ?? low };
}

function stockApi() {
  return mockApi({
    [AdminPaths.current]: ok(staffSession('warehouse')),
    [AdminStockPaths.list]: (body) =>
      ok(
        body.low
          ? { items: [row(1, { stock: 0 })], totalCount: 1 }
          : { items: [row(1), row(2)], totalCount: 2 },
      ),
    [AdminStockPaths.adjust]: (body) =>
      ok({ skuCode: String(body.skuCode), previous: 3, stock: 15, changed: true }),
    [AdminStockPaths.ledger]: ok({
      items: [
        { id: 1, before: 0, after: 3, reason: '到货', actor: 'wh_zhang', time: '2026-11-24T03:00:00.000Z' },
      ],
      totalCount: 1,
    }),
  });
}

describe('库存', () => {
  it('lists SKUs, shows the low ones from the switch and the address, and a SKU’s ledger', async () => {
    const api = stockApi();
    signIn();
    const { router } = renderConsole('/stock');
    expect(await screen.findByText('a2 奶粉 2 段', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('共 2 个 SKU')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('只看库存不足（按提醒线）'));
    await waitFor(() => expect(router.state.location.search).toBe('?low=1'));
    await waitFor(() => expect(api.callsTo(AdminStockPaths.list).at(-1)?.body).toMatchObject({ low: true }));
    expect(await screen.findByText('共 1 个 SKU', {}, SLOW)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '流水' }));
    expect(await screen.findByText('0 → 3', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('wh_zhang')).toBeTruthy();
    expect(api.callsTo(AdminStockPaths.ledger)[0]?.body).toEqual({
      skuCode: 'AU-A2-0001-01',
      pageNo: 1,
      pageSize: 10,
    });
  });

  it('says under each number what the SKU’s status does with it, and warns before adjusting one it ignores', async () => {
    mockApi({
      [AdminPaths.current]: ok(staffSession('warehouse')),
      [AdminStockPaths.list]: ok({
        items: [row(1), row(2, { status: SkuStatus.InStock, statusLabel: '有货', stock: 600 })],
        totalCount: 2,
      }),
    });
    signIn();
    renderConsole('/stock');
    expect(await screen.findByText('不看此数，不限量', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('按此数限购')).toBeTruthy();

    const [limited, ignored] = screen.getAllByRole('button', { name: '调整库存' });
    fireEvent.click(ignored as HTMLElement);
    const dialog = await findDialog('调整库存：AU-A2-0002-01');
    expect(
      within(dialog).getByText('「有货」不看库存数，不限购买数量；要按库存数限购，请选「按库存销售」'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s?消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    fireEvent.click(limited as HTMLElement);
    const plain = await findDialog('调整库存：AU-A2-0001-01');
    expect(within(plain).queryByRole('alert')).toBeNull();
  });

  it('adjusts with a reason, refusing too much taken away before sending, with one request id per dialog', async () => {
    const api = stockApi();
    signIn();
    renderConsole('/stock');
    fireEvent.click((await screen.findAllByRole('button', { name: '调整库存' }, SLOW))[0] as HTMLElement);
    const dialog = await findDialog('调整库存：AU-A2-0001-01');
    fireEvent.click(within(dialog).getByText('减少'));
    const amount = within(dialog).getByLabelText('数量');
    fireEvent.change(amount, { target: { value: '5' } });
    fireEvent.blur(amount);
    fireEvent.click(within(dialog).getByRole('button', { name: '确认调整' }));
    expect(await within(dialog).findByText('当前库存 3，不能减少 5', {}, SLOW)).toBeTruthy();
    expect(await within(dialog).findByText('请填写调整原因', {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminStockPaths.adjust)).toHaveLength(0);

    fireEvent.click(within(dialog).getByText('增加'));
    fireEvent.change(amount, { target: { value: '12' } });
    fireEvent.blur(amount);
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: ' 到货 ' } });
    expect(await within(dialog).findByText('15', {}, SLOW)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认调整' }));
    await waitFor(() => expect(api.callsTo(AdminStockPaths.adjust)).toHaveLength(1), SLOW);
    const sent = api.callsTo(AdminStockPaths.adjust)[0]?.body ?? {};
    expect(sent).toMatchObject({ skuCode: 'AU-A2-0001-01', mode: 'add', amount: 12, reason: '到货' });
    expect(String(sent.requestId)).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('AU-A2-0001-01 库存：3 → 15', {}, SLOW)).toBeTruthy();
  });

  it('links the 工作台’s low-stock to-do to the low SKUs', async () => {
    mockApi({
      [AdminPaths.current]: ok(staffSession('warehouse')),
      '/api/adminService/dashboard/': ok({
        ...EMPTY_DASHBOARD,
        todo: { ...EMPTY_DASHBOARD.todo, lowStock: 3 },
      }),
    });
    signIn();
    renderConsole('/dashboard');
    const link = await screen.findByRole('link', { name: /库存降到提醒线的商品/ }, SLOW);
    expect(link.getAttribute('href')).toBe('/stock?low=1');
  });
});
