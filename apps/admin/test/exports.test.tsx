import { AdminOrderPaths, AdminPaths, AdminReportPaths, type ExportJob, ResultCode } from '@shop/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { rangeProblem } from '@/features/exports/components/export-form';
import { daysInRange, lastMonth, shopToday } from '@/features/exports/shop-days';
import { EMPTY_DASHBOARD, fail, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

const SLOW = { timeout: 45_000 };

function job(id: number, overrides: Partial<ExportJob> = {}): ExportJob {
  return {
    id,
    kind: 'orders',
    kindName: '订单',
    format: 'xlsx',
    from: '2026-09-01',
    to: '2026-09-30',
    state: 'done',
    stateName: '已完成',
    rows: 42,
    total: 42,
    bytes: 10_240,
    fileName: `订单_2026-09-01_2026-09-30.xlsx`,
    error: null,
    staffName: '王老板',
    createdAt: '2026-10-01T01:00:00.000Z',
    finishedAt: '2026-10-01T01:00:05.000Z',
    ...overrides,
  };
}

const OLD = job(1);

/** The shop's clock at 2026-11-24 11:00 in Beijing (only Date is faked: the timers stay real). */
function todayIs20261124() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T03:00:00.000Z'));
}

const menuLabels = () => screen.queryAllByRole('menuitem').map((item) => item.textContent);

describe('财务导出 days', () => {
  it('counts the shop day, last calendar month and a range both ends included', () => {
    // 2026-11-23 23:30 UTC is already the 24th in Beijing and in Sydney.
    const now = new Date('2026-11-23T23:30:00.000Z');
    expect(shopToday('Asia/Shanghai', now)).toBe('2026-11-24');
    expect(shopToday('Australia/Sydney', now)).toBe('2026-11-24');
    expect(shopToday('Asia/Shanghai', new Date('2026-11-23T15:59:00.000Z'))).toBe('2026-11-23');
    expect(lastMonth('2026-11-24')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(lastMonth('2026-01-05')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(lastMonth('2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(daysInRange('2026-01-01', '2026-01-31')).toBe(31);
    expect(daysInRange('2026-03-29', '2026-03-29')).toBe(1);
  });

  it('refuses a range longer than 366 days or with a day missing, in Chinese', () => {
    expect(rangeProblem(null)).toBe('请选择日期范围');
    expect(rangeProblem([dayjs('2026-01-01'), null])).toBe('请选择日期范围');
    expect(rangeProblem([dayjs('2025-01-01'), dayjs('2026-01-01')])).toBeNull(); // 366 days
    expect(rangeProblem([dayjs('2025-01-01'), dayjs('2026-01-02')])).toBe(
      '日期范围最多 366 天，请缩短后再导出',
    );
  });
});

describe('财务导出', () => {
  it('offers last month by default and sends nothing without a range', async () => {
    todayIs20261124();
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('finance')),
      [AdminReportPaths.exportList]: ok({ list: [OLD] }),
    });
    signIn();
    renderConsole('/exports');
    const from = (await screen.findByPlaceholderText('开始日期', {}, SLOW)) as HTMLInputElement;
    expect(from.value).toBe('2026-10-01');
    expect((screen.getByPlaceholderText('结束日期') as HTMLInputElement).value).toBe('2026-10-31');
    expect(screen.getByText('按北京时间的自然日，含首尾两天，最多 366 天')).toBeTruthy();
    expect(menuLabels()).toContain('财务导出');

    const clear = document.querySelector('.export-range .ant-picker-clear') as HTMLElement;
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(from.value).toBe(''));
    fireEvent.click(screen.getByRole('button', { name: '开始导出' }));
    expect(await screen.findByText('请选择日期范围')).toBeTruthy();
    expect(api.callsTo(AdminReportPaths.exportStart)).toHaveLength(0);
  });

  it('starts an export, shows its progress each second until done, then downloads its file', async () => {
    todayIs20261124();
    const started = job(2, {
      format: 'csv',
      from: '2026-10-01',
      to: '2026-10-31',
      state: 'running',
      stateName: '导出中',
      rows: 0,
      total: 300,
      bytes: 0,
      fileName: '订单_2026-10-01_2026-10-31.csv',
      staffName: '李四',
      createdAt: '2026-11-24T03:00:00.000Z',
      finishedAt: null,
    });
    const progress = [
      { ...started, rows: 120, bytes: 4096 },
      { ...started, state: 'done' as const, stateName: '已完成', rows: 300, bytes: 20_480 },
    ];
    let asked = 0;
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('finance')),
      [AdminReportPaths.exportList]: ok({ list: [OLD] }),
      [AdminReportPaths.exportStart]: ok(started),
      [AdminReportPaths.exportDetail]: () => {
        const answer = progress[Math.min(asked, progress.length - 1)];
        asked += 1;
        return ok(answer);
      },
      [AdminReportPaths.exportFile]: {
        file: () =>
          new Response('订单号,状态\nSO1,已付款\n', {
            status: 200,
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              // As the server names it: the Chinese replaced in the plain name, kept in filename*.
              'Content-Disposition': `attachment; filename="__2026-10-01_2026-10-31.csv"; filename*=UTF-8''${encodeURIComponent('订单_2026-10-01_2026-10-31.csv')}`,
            },
          }),
      },
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    signIn();
    renderConsole('/exports');
    await screen.findByText('2026-09-01 至 2026-09-30', {}, SLOW);
    fireEvent.click(screen.getByText('CSV'));
    fireEvent.click(screen.getByRole('button', { name: '开始导出' }));

    await waitFor(() =>
      expect(api.callsTo(AdminReportPaths.exportStart)[0]?.body).toEqual({
        kind: 'orders',
        format: 'csv',
        from: '2026-10-01',
        to: '2026-10-31',
      }),
    );
    // The new export on top, running; then its rows and size as they grow; then done with its file.
    expect(await screen.findByText('2026-10-01 至 2026-10-31')).toBeTruthy();
    const ranges = screen.getAllByText(/^2026-\d\d-01 至/).map((el) => el.textContent);
    expect(ranges).toEqual(['2026-10-01 至 2026-10-31', '2026-09-01 至 2026-09-30']);
    expect(await screen.findByText(/120 \/ 300 行 · 4\.0 KB/, {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '订单导出进度' })).toBeTruthy();
    expect(await screen.findByText(/300 行 · 20\.0 KB/, {}, SLOW)).toBeTruthy();
    expect(api.callsTo(AdminReportPaths.exportDetail)[0]?.body).toEqual({ id: 2 });
    expect(screen.queryByRole('progressbar')).toBeNull();

    // Done: nobody asks again.
    const asks = api.callsTo(AdminReportPaths.exportDetail).length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(api.callsTo(AdminReportPaths.exportDetail)).toHaveLength(asks);

    const card = screen.getByText('2026-10-01 至 2026-10-31').closest('.ant-card, tr') as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: /下载/ }));
    await waitFor(() => expect(saved).toEqual(['订单_2026-10-01_2026-10-31.csv']));
    expect(api.callsTo(AdminReportPaths.exportFile)[0]?.body).toEqual({ id: 2 });
  });

  it('shows why an export failed, and what the server says when one cannot start', async () => {
    todayIs20261124();
    const failed = job(3, {
      kind: 'refunds',
      kindName: '退款',
      state: 'failed',
      stateName: '失败',
      rows: 10,
      total: 80,
      error: '导出中断：数据库繁忙，请重新导出',
    });
    mockApi({
      [AdminPaths.current]: ok(staffSession('owner')),
      [AdminReportPaths.exportList]: ok({ list: [failed, OLD] }),
      [AdminReportPaths.exportStart]: fail(ResultCode.BadRequest, '同类导出正在进行，请稍后再试'),
    });
    signIn();
    renderConsole('/exports');
    expect(await screen.findByText('导出中断：数据库繁忙，请重新导出', {}, SLOW)).toBeTruthy();
    const card = screen.getByText('导出中断：数据库繁忙，请重新导出').closest('.ant-card, tr') as HTMLElement;
    expect(within(card).getByText('失败')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /下载/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '开始导出' }));
    expect(await screen.findByText('同类导出正在进行，请稍后再试')).toBeTruthy();
  });

  it('stops asking about a running export when the page is left', async () => {
    const running = job(4, { state: 'running', stateName: '导出中', rows: 5, total: 900, finishedAt: null });
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('finance')),
      [AdminOrderPaths.dashboard]: ok(EMPTY_DASHBOARD),
      [AdminReportPaths.exportList]: ok({ list: [running] }),
      [AdminReportPaths.exportDetail]: ok(running),
    });
    signIn();
    const { router } = renderConsole('/exports');
    expect(await screen.findByText(/5 \/ 900 行/, {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(api.callsTo(AdminReportPaths.exportDetail).length).toBeGreaterThan(1), SLOW);
    await act(() => router.navigate('/dashboard'));
    const asks = api.callsTo(AdminReportPaths.exportDetail).length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(api.callsTo(AdminReportPaths.exportDetail)).toHaveLength(asks);
  });

  it('is in the menu of the owner and finance only, and refused by its address to the others', async () => {
    mockApi({
      [AdminPaths.current]: ok(staffSession('warehouse')),
      [AdminReportPaths.exportList]: ok({ list: [] }),
    });
    signIn();
    renderConsole('/exports');
    expect(await screen.findByText('无权限', {}, SLOW)).toBeTruthy();
    expect(menuLabels()).not.toContain('财务导出');
    expect(menuLabels()).toContain('工作台');
  });
});
