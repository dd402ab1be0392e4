import { AdminOrderPaths, AdminPaths, type DashboardResponse } from '@shop/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

const DASHBOARD: DashboardResponse = {
  today: { orders: 3, aud: 12_345, cny: 67_800 },
  week: { orders: 21, aud: 98_000, cny: 1_234_500 },
  todo: { paidToPush: 4, packsToShip: 2, ticketsWaiting: 5, rechargesWaiting: 1, lowStock: 7 },
};

function todoLinks() {
  const card = screen.getByText('待办').closest('.ant-card') as HTMLElement;
  return within(card)
    .getAllByRole('link')
    .filter((a) => a.textContent !== '去处理')
    .map((a) => [a.textContent, a.getAttribute('href')]);
}

describe('工作台', () => {
  it('is where the console opens, with today and this week per currency', async () => {
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('owner')),
      [AdminOrderPaths.dashboard]: ok(DASHBOARD),
    });
    signIn();
    const { router } = renderConsole('/');
    expect(await screen.findByText('今日（北京时间）', {}, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.callsTo(AdminOrderPaths.dashboard)[0]?.body).toEqual({});
    expect(screen.getByText('$123.45')).toBeTruthy();
    expect(screen.getByText('¥678.00')).toBeTruthy();
    expect(screen.getByText('¥12345.00')).toBeTruthy();
    // The owner may open every to-do; each links to its filtered list (below /admin in the browser).
    expect(todoLinks()).toEqual([
      ['已付款待推送的订单', '/orders?status=60'],
      ['待发货的包裹', '/orders?status=78'],
      ['待客服回复的工单', '/tickets'],
      ['待审核的充值', '/recharges'],
      ['库存不多于 5 件的商品', '/stock?low=1'],
    ]);
  });

  it('shows each role only the to-dos it may open', async () => {
    mockApi({
      [AdminPaths.current]: ok(staffSession('service')),
      [AdminOrderPaths.dashboard]: ok(DASHBOARD),
    });
    signIn();
    renderConsole('/dashboard');
    await screen.findByText('待办', {}, SLOW);
    expect(todoLinks().map(([label]) => label)).toEqual(['待客服回复的工单']);
  });

  it('says so when the counts do not load, with a retry', async () => {
    mockApi({
      [AdminPaths.current]: ok(staffSession('warehouse')),
      [AdminOrderPaths.dashboard]: {
        status: 500,
        body: { success: false, resultCode: 500, message: '服务器繁忙', data: null },
      },
    });
    signIn();
    renderConsole('/dashboard');
    expect(await screen.findByText('工作台加载失败', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
