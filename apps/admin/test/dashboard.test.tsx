import {
  AdminOrderPaths,
  AdminPaths,
  AdminReportPaths,
  type DashboardCharts,
  type DashboardResponse,
  TICKET_AGE_BUCKETS,
} from '@shop/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type EChartsType, getInstanceByDom } from 'echarts/core';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_DASHBOARD, fail, mockApi, ok, renderConsole, signIn, staffSession } from './utils';

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
      ['库存降到提醒线的商品', '/stock?low=1'],
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
    const failed = (await screen.findByText('工作台加载失败', {}, SLOW)).closest(
      '.ant-result',
    ) as HTMLElement;
    expect(within(failed).getByRole('button', { name: '重试' })).toBeTruthy();
  });
});

/** Every shop day of a range ending 2026-11-24, oldest first, with what `fill` gives the day. */
function everyDay<T>(days: number, fill: (day: string, index: number) => T): ({ day: string } & T)[] {
  const last = Date.UTC(2026, 10, 24);
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(last - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return { day, ...fill(day, i) };
  });
}

function charts(days: 30 | 90, overrides: Partial<DashboardCharts> = {}): DashboardCharts {
  return {
    timeZone: 'Asia/Shanghai',
    days,
    // Two days with sales near the end of the range; every other day has none.
    sales: everyDay(days, (_, i) =>
      i === days - 2
        ? { orders: 2, aud: 0, cny: 150_000 }
        : i === days - 1
          ? { orders: 3, aud: 45_050, cny: 20_000 }
          : { orders: 0, aud: 0, cny: 0 },
    ),
    ordersByStatus: [
      { status: 60, statusName: '已付款', count: 4 },
      { status: 0, statusName: '待付款', count: 2 },
    ],
    topSkus: [
      { skuId: 7, skuCode: 'A2-900', name: 'a2 奶粉 900g', quantity: 12 },
      { skuId: 8, skuCode: 'SW-FISH', name: '<b>Swisse</b> 鱼油', quantity: 5 },
    ],
    newMembers: everyDay(days, (_, i) => ({ count: i === 0 ? 1 : i === days - 1 ? 2 : 0 })),
    ticketsByAge: TICKET_AGE_BUCKETS.map((b, i) => ({
      key: b.key,
      label: b.label,
      count: [3, 1, 0, 2][i] ?? 0,
    })),
    ...overrides,
  };
}

const NOTHING: Partial<DashboardCharts> = {
  sales: everyDay(30, () => ({ orders: 0, aud: 0, cny: 0 })),
  ordersByStatus: [],
  topSkus: [],
  newMembers: everyDay(30, () => ({ count: 0 })),
  ticketsByAge: TICKET_AGE_BUCKETS.map((b) => ({ key: b.key, label: b.label, count: 0 })),
};

/**
 * happy-dom has no canvas and lays nothing out: a 2D context that takes every drawing call and measures text
 * roughly, and a chart's box of 600 × 280, so echarts lays its charts out as in a browser. What the tests read is
 * what the 工作台 gave echarts, not pixels.
 */
function drawOnFakeCanvas() {
  const boxSize = (size: number, real: PropertyDescriptor | undefined) =>
    function (this: HTMLElement) {
      return this.classList.contains('dashboard-chart-canvas') ? size : (real?.get?.call(this) as number);
    };
  const width = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(boxSize(600, width));
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(boxSize(280, height));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    const set: Record<string | symbol, unknown> = { canvas: this };
    const measureText = (text: string) => ({
      width: text.length * 7,
      actualBoundingBoxAscent: 9,
      actualBoundingBoxDescent: 3,
    });
    return new Proxy(set, {
      get: (target, key) =>
        key in target ? target[key] : key === 'measureText' ? measureText : () => undefined,
      set: (target, key, value) => {
        target[key] = value;
        return true;
      },
    }) as unknown as CanvasRenderingContext2D;
  } as unknown as typeof HTMLCanvasElement.prototype.getContext);
}

/** The chart of a panel, by the panel's title, and the echarts instance drawing it. */
async function chartOf(title: string): Promise<{ element: HTMLElement; chart: EChartsType }> {
  const panel = await screen.findByRole('region', { name: title }, SLOW);
  const element = await within(panel).findByRole('img');
  const chart = getInstanceByDom(element);
  if (!chart) throw new Error(`no chart drawn in ${title}`);
  return { element, chart };
}

interface SeriesOption {
  name?: string;
  data: (number | { value: number })[];
}
const seriesOf = (chart: EChartsType) => (chart.getOption() as { series: SeriesOption[] }).series;
const axisOf = (chart: EChartsType, axis: 'xAxis' | 'yAxis') =>
  (chart.getOption() as Record<string, { data?: string[] }[]>)[axis]?.[0]?.data;

describe('工作台 charts', () => {
  it('draws the last 30 shop days: sales in both currencies, status, top SKUs, members and waiting tickets', async () => {
    drawOnFakeCanvas();
    const api = mockApi({
      [AdminPaths.current]: ok(staffSession('owner')),
      [AdminOrderPaths.dashboard]: ok(DASHBOARD),
      [AdminReportPaths.charts]: (body) => ok(charts(body.days === 90 ? 90 : 30)),
    });
    signIn();
    const { router } = renderConsole('/dashboard');
    const sales = await chartOf('每日销售额');
    expect(api.callsTo(AdminReportPaths.charts)[0]?.body).toEqual({ days: 30 });
    expect(screen.getByText(/按北京时间的自然日统计/)).toBeTruthy();
    // Today's numbers and the to-dos stay above the charts.
    expect(screen.getByText('今日（北京时间）')).toBeTruthy();

    // Sales: ¥ and A$ each a series of minor units per day; the words give the totals as money.
    expect(sales.element.getAttribute('aria-label')).toBe(
      '近30天已付款订单 5 笔，人民币 ¥1700.00，澳币 $450.50',
    );
    const [cny, aud] = seriesOf(sales.chart);
    expect(cny?.name).toBe('人民币（¥）');
    expect(aud?.name).toBe('澳币（A$）');
    expect(cny?.data).toHaveLength(30);
    expect(cny?.data.slice(-2)).toEqual([150_000, 20_000]);
    expect(aud?.data.slice(-2)).toEqual([0, 45_050]);
    expect(axisOf(sales.chart, 'xAxis')?.at(-1)).toBe('11-24');
    // The tooltip of a day adds its orders and shows the amounts as money.
    const tooltip = (sales.chart.getOption() as { tooltip: { formatter: (p: unknown) => string }[] })
      .tooltip[0];
    expect(tooltip?.formatter([{ dataIndex: 29 }])).toBe(
      '<b>2026-11-24</b><br/>订单 3 笔<br/>人民币 ¥200.00<br/>澳币 $450.50',
    );

    const status = await chartOf('订单状态');
    expect(axisOf(status.chart, 'yAxis')).toEqual(['已付款', '待付款']);
    expect(seriesOf(status.chart)[0]?.data).toEqual([4, 2]);

    const skus = await chartOf('热销 SKU（前 10）');
    expect(axisOf(skus.chart, 'yAxis')).toEqual(['A2-900\na2 奶粉 900g', 'SW-FISH\n<b>Swisse</b> 鱼油']);
    const skuTooltip = (skus.chart.getOption() as { tooltip: { formatter: (p: unknown) => string }[] })
      .tooltip[0];
    // A name typed by staff is shown, never run as markup.
    expect(skuTooltip?.formatter([{ dataIndex: 1 }])).toContain('&lt;b&gt;Swisse&lt;/b&gt; 鱼油');

    const members = await chartOf('每日新会员');
    expect(members.element.getAttribute('aria-label')).toBe('近30天新注册会员 3 人');
    const tickets = await chartOf('待回复工单（按等待时长）');
    expect(axisOf(tickets.chart, 'xAxis')).toEqual(['4 小时内', '4–24 小时', '1–3 天', '3 天以上']);
    expect(seriesOf(tickets.chart)[0]?.data.map((d) => (typeof d === 'number' ? d : d.value))).toEqual([
      3, 1, 0, 2,
    ]);

    // 近90天: asked for, kept in the address bar, drawn over 90 days.
    fireEvent.click(screen.getByText('近90天'));
    await waitFor(() => expect(seriesOf(sales.chart)[0]?.data).toHaveLength(90));
    expect(api.callsTo(AdminReportPaths.charts).at(-1)?.body).toEqual({ days: 90 });
    expect(router.state.location.search).toBe('?days=90');
    expect(sales.element.getAttribute('aria-label')).toMatch(/^近90天已付款订单 5 笔/);

    // Leaving the 工作台 lets the charts go.
    await act(() => router.navigate('/staff'));
    await waitFor(() => expect(sales.chart.isDisposed()).toBe(true));
    expect(skus.chart.isDisposed()).toBe(true);
  });

  it('says 暂无数据 for each chart with nothing in the range, and names the shop zone', async () => {
    drawOnFakeCanvas();
    mockApi({
      [AdminPaths.current]: ok(staffSession('warehouse', { timeZone: 'Australia/Sydney' })),
      [AdminOrderPaths.dashboard]: ok(EMPTY_DASHBOARD),
      [AdminReportPaths.charts]: ok(charts(30, { ...NOTHING, timeZone: 'Australia/Sydney' })),
    });
    signIn();
    renderConsole('/dashboard');
    expect(await screen.findByText('今日（悉尼时间）', {}, SLOW)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByText('暂无数据', { selector: '.ant-empty-description' })).toHaveLength(5),
    );
    expect(screen.getByText(/按悉尼时间的自然日统计/)).toBeTruthy();
    expect(screen.queryAllByRole('img', { name: /近30天/ })).toHaveLength(0);
  });

  it('shows each chart failed with a retry that draws them, the day counts still shown', async () => {
    drawOnFakeCanvas();
    let answers = 0;
    mockApi({
      [AdminPaths.current]: ok(staffSession('service')),
      [AdminOrderPaths.dashboard]: ok(DASHBOARD),
      [AdminReportPaths.charts]: () => {
        answers += 1;
        return answers === 1 ? fail(500, '服务器繁忙', 500) : ok(charts(30));
      },
    });
    signIn();
    renderConsole('/dashboard');
    await waitFor(() => expect(screen.getAllByText('图表加载失败：服务器繁忙')).toHaveLength(5), SLOW);
    expect(screen.getByText('待办')).toBeTruthy();
    const panel = screen.getByRole('region', { name: '订单状态' });
    fireEvent.click(within(panel).getByRole('button', { name: '重试' }));
    const status = await chartOf('订单状态');
    expect(seriesOf(status.chart)[0]?.data).toEqual([4, 2]);
    expect(screen.queryByText('图表加载失败：服务器繁忙')).toBeNull();
  });
});
