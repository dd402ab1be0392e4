import {
  AdminPaths,
  AdminReconciliationPaths,
  type ReconciliationDifference,
  type ReconciliationRun,
} from '@shop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

const PROVIDERS = ok({
  items: [
    { provider: 'wechatpay', yesterday: '2026-11-27', timeZone: 'Asia/Shanghai' },
    { provider: 'sandbox', yesterday: '2026-11-27', timeZone: 'UTC' },
  ],
});

function run(overrides: Partial<ReconciliationRun> = {}): ReconciliationRun {
  return {
    id: 7,
    provider: 'wechatpay',
    day: '2026-11-27',
    status: 'done',
    trigger: 'console',
    actor: 'caiwu',
    statementLines: 3,
    matched: 2,
    differences: 1,
    error: '',
    startedAt: '2026-11-28T02:10:00.000Z',
    finishedAt: '2026-11-28T02:10:03.000Z',
    ...overrides,
  };
}

const pending: ReconciliationDifference = {
  id: 31,
  kind: 'paid_shop_pending',
  object: 'payment',
  tradeNo: 'P20261127120000123401',
  refundNo: '',
  shopAmount: '94.00',
  shopCurrency: 'CNY',
  channelAmount: '94.00',
  channelCurrency: 'CNY',
  channelRef: '4200001234',
  channelAt: '2026-11-27T04:00:00.000Z',
  status: 'open',
  note: '',
  settledBy: '',
  settledAt: null,
};

describe('对账', () => {
  it('starts a run of the chosen channel’s yesterday, shows its difference and settles it with a note', async () => {
    let settled = false;
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('finance')),
      [AdminReconciliationPaths.providers]: PROVIDERS,
      [AdminReconciliationPaths.runs]: ok({ items: [], total: 0 }),
      [AdminReconciliationPaths.start]: ok({ run: run({ status: 'running' }), differences: [] }),
      [AdminReconciliationPaths.run]: () =>
        ok({
          run: run(),
          differences: [
            settled
              ? {
                  ...pending,
                  status: 'settled',
                  note: '通知丢失，补单',
                  settledBy: 'caiwu',
                  settledAt: '2026-11-28T02:11:00.000Z',
                }
              : pending,
          ],
        }),
      [AdminReconciliationPaths.settle]: () => {
        settled = true;
        return ok({ ...pending, status: 'settled', note: '通知丢失，补单' });
      },
    });
    signIn();
    const { router } = renderConsole('/reconciliation');
    await screen.findByText('还没有对账记录', {}, SLOW);
    fireEvent.click(await screen.findByRole('button', { name: '开始对账' }));
    await waitFor(() =>
      expect(api.callsTo(AdminReconciliationPaths.start)[0]?.body).toEqual({
        provider: 'wechatpay',
        day: '2026-11-27',
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?run=7'));
    const row = (await screen.findByText('P20261127120000123401', {}, SLOW)).closest('tr') as HTMLElement;
    expect(within(row).getByText('渠道已收款，本店待支付')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '补单入账' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/补单入账（与迟到的支付通知相同）/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '补单入账' }));
    expect(await within(dialog).findByText('请填写处理说明')).toBeTruthy();
    expect(api.callsTo(AdminReconciliationPaths.settle)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/处理说明/), { target: { value: '通知丢失，补单' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '补单入账' }));
    await waitFor(() =>
      expect(api.callsTo(AdminReconciliationPaths.settle)[0]?.body).toEqual({
        id: 31,
        note: '通知丢失，补单',
      }),
    );
    expect(await screen.findByText('已处理', { selector: '.ant-tag' }, SLOW)).toBeTruthy();
  });

  it('says so when a day has no differences, and shows why a run failed', async () => {
    mockApi({
      [AdminPaths.current]: ok(staffSession('owner')),
      [AdminReconciliationPaths.providers]: PROVIDERS,
      [AdminReconciliationPaths.runs]: ok({
        items: [
          run({ id: 8, differences: 0 }),
          run({ id: 9, status: 'failed', error: '获取渠道对账单失败：SHA1' }),
        ],
        total: 2,
      }),
      [AdminReconciliationPaths.run]: (body) =>
        ok(
          body.id === 9
            ? { run: run({ id: 9, status: 'failed', error: '获取渠道对账单失败：SHA1' }), differences: [] }
            : { run: run({ id: 8, differences: 0 }), differences: [] },
        ),
    });
    signIn();
    renderConsole('/reconciliation?run=8');
    expect(await screen.findByText('这一天渠道与本店的账目一致，没有差异', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: '查看' })[1] as HTMLElement);
    expect(await screen.findByText('获取渠道对账单失败：SHA1', {}, SLOW)).toBeTruthy();
  });
});
