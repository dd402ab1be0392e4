import { AdminPaths, type AuditEntry } from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderConsole, signIn, staffAccount, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

function entry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    staffId: 1,
    actor: 'boss',
    action: 'staff.create',
    objectType: 'staff',
    objectId: String(id + 1),
    before: null,
    after: { username: `user${id}`, role: 'warehouse' },
    ip: '127.0.0.1',
    createTime: '2026-11-24T03:00:00.000Z',
    ...overrides,
  };
}

const OWNER_STAFF = { items: [staffAccount({ lastLoginTime: null })] };

function auditApi(total = 45) {
  return mockApi({
    [AdminPaths.current]: ok(staffSession('owner')),
    [AdminPaths.staffList]: ok(OWNER_STAFF),
    [AdminPaths.auditList]: (body) => {
      const pageNo = Number(body.pageNo ?? 1);
      const pageSize = Number(body.pageSize ?? 20);
      const first = (pageNo - 1) * pageSize;
      const items = Array.from({ length: Math.max(0, Math.min(pageSize, total - first)) }, (_, i) =>
        entry(first + i + 1, {
          ...(first + i === 0
            ? {
                action: 'staff.update',
                before: { name: '客服', role: 'service' },
                after: { name: '客服小王', role: 'service' },
              }
            : {}),
        }),
      );
      return ok({ items, totalCount: total });
    },
  });
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Opens a filter's list and picks the option with this text. */
async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  // The list is long and drawn a screenful at a time: search for the option as staff would.
  fireEvent.change(screen.getByLabelText(label), { target: { value: option } });
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option[title]')].find(
      (o) => o.title === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  }, SLOW);
  fireEvent.click(item.querySelector('.ant-select-item-option-content') ?? item);
  await waitFor(
    () =>
      expect(
        screen.getAllByTitle(option).some((e) => e.closest('.ant-select-content, .ant-select-selector')),
      ).toBe(true),
    SLOW,
  );
}

describe('操作日志', () => {
  it('lists a page, filters by action, object and days, and goes to the next page with the same filters', {
    timeout: 120_000,
  }, async () => {
    const api = auditApi();
    signIn();
    const { router } = renderConsole('/audit');
    await screen.findByText('共 45 条', {}, SLOW);
    expect(api.callsTo(AdminPaths.auditList)[0]?.body).toEqual({ pageNo: 1, pageSize: 20 });

    await pick('操作', '新增员工');
    await pick('对象类型', '员工');
    type('对象ID', '12');
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(
      () =>
        expect(api.callsTo(AdminPaths.auditList).at(-1)?.body).toEqual({
          action: 'staff.create',
          objectType: 'staff',
          objectId: '12',
          pageNo: 1,
          pageSize: 20,
        }),
      SLOW,
    );
    expect(router.state.location.search).toContain('action=staff.create');

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(
      () =>
        expect(api.callsTo(AdminPaths.auditList).at(-1)?.body).toMatchObject({
          action: 'staff.create',
          pageNo: 2,
        }),
      SLOW,
    );

    // Reset: back to the unfiltered first page (its answer is still fresh in the cache).
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(router.state.location.search).toBe(''), SLOW);
    await waitFor(() => expect(screen.queryByTitle('新增员工')).toBeNull(), SLOW);
  });

  it('shows each action and object type in Chinese with its code in a tooltip, and offers a whole kind', {
    timeout: 120_000,
  }, async () => {
    mockApi({
      [AdminPaths.current]: ok(staffSession('owner')),
      [AdminPaths.staffList]: ok(OWNER_STAFF),
      [AdminPaths.auditList]: ok({
        items: [
          entry(1, { action: 'promotion.stop', objectType: 'promotion', objectId: '3' }),
          entry(2, { action: 'order.cancelPaid', objectType: 'order', objectId: 'SO1' }),
        ],
        totalCount: 2,
      }),
    });
    signIn();
    renderConsole('/audit');
    const stop = await screen.findByText('停用促销', {}, SLOW);
    expect(screen.getByText('取消已付款订单')).toBeTruthy();
    expect(screen.queryByText('promotion.stop')).toBeNull();
    expect(screen.queryByText('order.cancelPaid')).toBeNull();
    expect(document.querySelector('td [data-code="promotion"]')?.textContent).toBe('促销');
    fireEvent.mouseEnter(stop);
    expect(await screen.findByRole('tooltip', {}, SLOW)).toHaveProperty('textContent', 'promotion.stop');
    expect(screen.queryByPlaceholderText(/staff\.create/)).toBeNull();

    // A whole kind of object is one choice too (audit/list/ takes 'order' for every order action).
    fireEvent.mouseDown(screen.getByLabelText('操作'));
    fireEvent.change(screen.getByLabelText('操作'), { target: { value: '全部订单' } });
    expect(await screen.findByTitle('全部订单操作', {}, SLOW)).toBeTruthy();
  });

  it('reads its filters from the address, staff and days included', async () => {
    const api = auditApi(3);
    signIn();
    renderConsole('/audit?staffId=1&from=2026-11-01&to=2026-11-24&objectType=staff');
    await screen.findByText('共 3 条', {}, SLOW);
    expect(api.callsTo(AdminPaths.auditList)[0]?.body).toEqual({
      staffId: 1,
      objectType: 'staff',
      from: '2026-11-01',
      to: '2026-11-24',
      pageNo: 1,
      pageSize: 20,
    });
    // The staff filter shows the name, the day range its days.
    await screen.findByText('王老板（boss，店主）', {}, SLOW);
    expect((screen.getByPlaceholderText('开始日期') as HTMLInputElement).value).toBe('2026-11-01');
    expect((screen.getByPlaceholderText('结束日期') as HTMLInputElement).value).toBe('2026-11-24');
  });

  it('opens a row to its values before and after, side by side, the changed field marked', async () => {
    auditApi(1);
    signIn();
    renderConsole('/audit');
    const cell = await screen.findByText('修改员工', {}, SLOW);
    const tr = cell.closest('tr') as HTMLElement;
    fireEvent.click(within(tr).getByRole('button', { name: /展开行|Expand row/ }));
    const diff = await waitFor(() => {
      const table = document.querySelector('table.audit-diff');
      if (!table) throw new Error('no diff yet');
      return table as HTMLElement;
    });
    const headers = within(diff)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['字段', '修改前', '修改后']);
    const nameRow = within(diff).getByRole('rowheader', { name: 'name' }).closest('tr') as HTMLElement;
    expect(nameRow.dataset.changed).toBe('true');
    expect(nameRow.textContent).toContain('客服');
    expect(nameRow.textContent).toContain('客服小王');
    const roleRow = within(diff).getByRole('rowheader', { name: 'role' }).closest('tr') as HTMLElement;
    expect(roleRow.dataset.changed).toBeUndefined();
  });
});
