import { AdminPaths, AdminStockPaths, type AdminStockRow, LOW_STOCK, SkuStatus } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, findDialog, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

/** A SKU's row as the server answers it: the line that applies and `low` follow from its own line and stock. */
function row(n: number, overrides: Partial<AdminStockRow> = {}): AdminStockRow {
  const r = {
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
    stock: 30,
    onShelf: true,
    lowStockAt: null,
    ...overrides,
  };
  const lowStockLine = r.lowStockAt ?? LOW_STOCK;
  return { ...r, lowStockLine, low: r.status === SkuStatus.ByStock && r.stock <= lowStockLine };
}

/**
 * The stock list as the server keeps it: 1 on the shop's line with 3 left, 2 on its own line of 20 with 30 left,
 * 3 on its own line of 20 with 12 left, 4 不可售 with none. A line set through the call shows in the next list.
 */
function shopStock(threshold?: (body: Record<string, unknown>) => ReturnType<typeof fail>) {
  let rows = [
    row(1, { stock: 3 }),
    row(2, { lowStockAt: 20 }),
    row(3, { stock: 12, lowStockAt: 20 }),
    row(4, { stock: 0, status: SkuStatus.NotForSale, statusLabel: '不可售' }),
  ];
  return mockApi({
    [AdminPaths.current]: ok(staffSession('warehouse')),
    [AdminStockPaths.list]: (body) => {
      const items = body.low ? rows.filter((r) => r.low).sort((a, b) => a.stock - b.stock) : rows;
      return ok({ items, totalCount: items.length });
    },
    [AdminStockPaths.threshold]: (body) => {
      if (threshold) return threshold(body);
      const lowStockAt = body.lowStockAt as number | null;
      const updated = rows.find((r) => r.skuCode === body.skuCode) as AdminStockRow;
      const next = row(updated.skuId, { ...updated, lowStockAt });
      rows = rows.map((r) => (r.skuCode === next.skuCode ? next : r));
      return ok(next);
    },
  });
}

/** The table's row of a SKU (its code shows in a dialog's title and a toast too). */
async function rowOf(skuCode: string): Promise<HTMLElement> {
  const code = await screen.findByText(new RegExp(skuCode), { selector: '.ant-table-tbody span' }, SLOW);
  return code.closest('tr') as HTMLElement;
}

/** The cell of a row under a column's title. */
function cell(tableRow: HTMLElement, title: string): HTMLElement {
  const headers = Array.from(document.querySelectorAll('.ant-table-thead th'));
  const index = headers.findIndex((th) => th.textContent === title);
  return tableRow.querySelectorAll('td')[index] as HTMLElement;
}

/** The line a row shows, without the action under it. */
function lineOf(tableRow: HTMLElement): string {
  return (cell(tableRow, '提醒线').textContent ?? '').replace('设置提醒线', '');
}

async function openLine(skuCode: string): Promise<HTMLElement> {
  const tableRow = await rowOf(skuCode);
  fireEvent.click(within(tableRow).getByRole('button', { name: '设置提醒线' }));
  return findDialog(`设置提醒线：${skuCode}`);
}

function typeLine(dialog: HTMLElement, value: string) {
  const input = within(dialog).getByLabelText('提醒线（件）');
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

describe('库存提醒线', () => {
  it('shows each SKU’s line, the shop’s marked 默认, and marks the SKUs at or below theirs', async () => {
    const api = shopStock();
    signIn();
    const { router } = renderConsole('/stock');
    const first = await rowOf('AU-A2-0001-01');
    expect(lineOf(first)).toBe(`${LOW_STOCK}（默认）`);
    expect(within(cell(first, '库存')).getByText('库存不足')).toBeTruthy();
    const second = await rowOf('AU-A2-0002-01');
    expect(lineOf(second)).toBe('20');
    expect(within(cell(second, '库存')).queryByText('库存不足')).toBeNull();
    // 12 left is above the shop's 5 but at or below the SKU's own 20.
    const third = await rowOf('AU-A2-0003-01');
    expect(within(cell(third, '库存')).getByText('库存不足')).toBeTruthy();
    // A SKU not sold by stock is never short, however few it has.
    const fourth = await rowOf('AU-A2-0004-01');
    expect(within(cell(fourth, '库存')).queryByText('库存不足')).toBeNull();

    fireEvent.click(screen.getByLabelText('只看库存不足（按提醒线）'));
    await waitFor(() => expect(router.state.location.search).toBe('?low=1'));
    expect(
      await screen.findByText(
        `只列出按库存销售、库存不多于各自提醒线的 SKU（未单独设置的按默认 ${LOW_STOCK} 件），库存少的在前`,
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(await screen.findByText('共 2 个 SKU', {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminStockPaths.list).at(-1)?.body).toMatchObject({ low: true });
  });

  it('sets a SKU’s own line and shows it in the row', async () => {
    const api = shopStock();
    signIn();
    renderConsole('/stock');
    const dialog = await openLine('AU-A2-0001-01');
    // On the shop's line there is nothing to go back to.
    expect(within(dialog).queryByRole('button', { name: /恢复默认/ })).toBeNull();
    typeLine(dialog, '12');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    await waitFor(() => expect(api.callsTo(AdminStockPaths.threshold)).toHaveLength(1), SLOW);
    expect(api.callsTo(AdminStockPaths.threshold)[0]?.body).toEqual({
      skuCode: 'AU-A2-0001-01',
      lowStockAt: 12,
    });
    expect(await screen.findByText('AU-A2-0001-01 提醒线已设为 12 件', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    await waitFor(async () => expect(lineOf(await rowOf('AU-A2-0001-01'))).toBe('12'));
  });

  it('goes back to the shop’s line with 恢复默认, sending null', async () => {
    const api = shopStock();
    signIn();
    renderConsole('/stock');
    const dialog = await openLine('AU-A2-0003-01');
    expect((within(dialog).getByLabelText('提醒线（件）') as HTMLInputElement).value).toBe('20');
    fireEvent.click(within(dialog).getByRole('button', { name: /恢复默认/ }));
    await waitFor(() => expect(api.callsTo(AdminStockPaths.threshold)).toHaveLength(1), SLOW);
    expect(api.callsTo(AdminStockPaths.threshold)[0]?.body).toEqual({
      skuCode: 'AU-A2-0003-01',
      lowStockAt: null,
    });
    expect(
      await screen.findByText(`AU-A2-0003-01 已恢复默认提醒线（${LOW_STOCK} 件）`, {}, SLOW),
    ).toBeTruthy();
    await waitFor(async () => {
      const third = await rowOf('AU-A2-0003-01');
      expect(lineOf(third)).toBe(`${LOW_STOCK}（默认）`);
      // 12 left is above the shop's line: no longer short.
      expect(within(cell(third, '库存')).queryByText('库存不足')).toBeNull();
    });
  });

  it('refuses a line that is not a whole number of pieces from 0 to 99999 before sending', async () => {
    const api = shopStock();
    signIn();
    renderConsole('/stock');
    const dialog = await openLine('AU-A2-0001-01');
    const save = within(dialog).getByRole('button', { name: /保\s?存/ });
    fireEvent.click(save);
    expect(await within(dialog).findByText('请输入提醒数量', {}, SLOW)).toBeTruthy();
    typeLine(dialog, '1.5');
    fireEvent.click(save);
    expect(await within(dialog).findByText('提醒数量须为整数', {}, SLOW)).toBeTruthy();
    typeLine(dialog, '-1');
    fireEvent.click(save);
    expect(await within(dialog).findByText('提醒数量不能小于0', {}, SLOW)).toBeTruthy();
    typeLine(dialog, '100000');
    fireEvent.click(save);
    expect(await within(dialog).findByText('提醒数量最多 99999', {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminStockPaths.threshold)).toHaveLength(0);

    typeLine(dialog, '0');
    fireEvent.click(save);
    await waitFor(() => expect(api.callsTo(AdminStockPaths.threshold)).toHaveLength(1), SLOW);
    expect(api.callsTo(AdminStockPaths.threshold)[0]?.body).toEqual({
      skuCode: 'AU-A2-0001-01',
      lowStockAt: 0,
    });
  });

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    const api = shopStock(() => fail(400, '该 SKU 已删除，不能设置提醒线'));
    signIn();
    renderConsole('/stock');
    const dialog = await openLine('AU-A2-0002-01');
    typeLine(dialog, '8');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    const alert = await within(dialog).findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('该 SKU 已删除，不能设置提醒线');
    expect(api.callsTo(AdminStockPaths.threshold)).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(lineOf(await rowOf('AU-A2-0002-01'))).toBe('20');
  });
});
