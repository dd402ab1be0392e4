import {
  CURRENCY_LABELS,
  type Currency,
  currencySymbol,
  type DashboardCharts,
  formatPrice,
} from '@shop/domain';
import type { ChartOption } from './echarts';

/** One chart as the 工作台 shows it: what echarts draws, the same in words, and whether there is anything. */
export interface ChartView {
  option: ChartOption;
  /** For screen readers (the canvas says nothing): the chart's totals in one sentence. */
  summary: string;
  empty: boolean;
}

const COLORS = { cny: '#d4380d', aud: '#1677ff', orders: '#1677ff', members: '#13a8a8' } as const;
/** Waiting longer reads warmer: green, gold, orange, red (TICKET_AGE_BUCKETS' order). */
const TICKET_AGE_COLORS = ['#52c41a', '#faad14', '#fa8c16', '#f5222d'];

const GRID = {
  left: 8,
  right: 16,
  top: 16,
  bottom: 8,
  outerBoundsMode: 'same',
  outerBoundsContain: 'axisLabel',
} as const;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Tooltips are HTML: names typed by staff (a SKU's) are escaped into them. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** The series name of a currency in the sales chart: its Chinese name and its sign (人民币（¥）, 澳币（A$）). */
const currencySeries = (currency: Currency) =>
  `${CURRENCY_LABELS[currency]}（${currency === 'AUD' ? 'A$' : currencySymbol(currency)}）`;

const compact = new Intl.NumberFormat('zh-CN', { notation: 'compact', maximumFractionDigits: 1 });
/** An axis tick in whole units, short ('¥1.2万'): the tooltip gives the exact amount. */
const axisMoney = (currency: Currency) => (minor: number) =>
  `${currencySymbol(currency)}${compact.format(minor / 100)}`;

/** 'MM-dd' of a 'yyyy-MM-dd' shop day, for the day axis. */
const shortDay = (day: string) => day.slice(5);

/** The data index of the axis a tooltip is shown for. */
function pointedIndex(params: unknown): number {
  const first = (Array.isArray(params) ? params[0] : params) as { dataIndex?: number } | undefined;
  return first?.dataIndex ?? 0;
}

/** Orders paid per day and their takings, ¥ on the left axis and A$ on the right; the tooltip adds the orders. */
export function salesChart(sales: DashboardCharts['sales'], rangeName: string): ChartView {
  let orders = 0;
  let cny = 0;
  let aud = 0;
  for (const day of sales) {
    orders += day.orders;
    cny += day.cny;
    aud += day.aud;
  }
  const cnyName = currencySeries('CNY');
  const audName = currencySeries('AUD');
  return {
    empty: orders === 0 && cny === 0 && aud === 0,
    summary: `${rangeName}已付款订单 ${orders} 笔，人民币 ${formatPrice(cny, 'CNY')}，澳币 ${formatPrice(aud, 'AUD')}`,
    option: {
      color: [COLORS.cny, COLORS.aud],
      legend: { top: 0, data: [cnyName, audName] },
      grid: { ...GRID, top: 40 },
      tooltip: {
        trigger: 'axis',
        formatter: (params) => {
          const day = sales[pointedIndex(params)];
          if (!day) return '';
          return [
            `<b>${day.day}</b>`,
            `订单 ${day.orders} 笔`,
            `人民币 ${formatPrice(day.cny, 'CNY')}`,
            `澳币 ${formatPrice(day.aud, 'AUD')}`,
          ].join('<br/>');
        },
      },
      xAxis: { type: 'category', boundaryGap: false, data: sales.map((d) => shortDay(d.day)) },
      // Ticks a whole unit apart at least, so a currency with no sales reads ¥0, ¥1 rather than ¥0 six times.
      yAxis: [
        { type: 'value', minInterval: 100, axisLabel: { formatter: axisMoney('CNY') } },
        {
          type: 'value',
          minInterval: 100,
          axisLabel: { formatter: axisMoney('AUD') },
          splitLine: { show: false },
        },
      ],
      series: [
        {
          name: cnyName,
          type: 'line',
          yAxisIndex: 0,
          showSymbol: false,
          data: sales.map((d) => d.cny),
        },
        {
          name: audName,
          type: 'line',
          yAxisIndex: 1,
          showSymbol: false,
          data: sales.map((d) => d.aud),
        },
      ],
    },
  };
}

/** A horizontal bar per name, the largest on top. */
function horizontalBars(
  names: string[],
  values: number[],
  {
    color,
    unit,
    tooltip,
    twoLines = false,
  }: { color: string; unit: string; tooltip: (index: number) => string; twoLines?: boolean },
): ChartOption {
  return {
    color: [color],
    // Room on the right for the count at each bar's end.
    grid: { ...GRID, right: 40 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, formatter: (p) => tooltip(pointedIndex(p)) },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: {
      type: 'category',
      inverse: true,
      data: names,
      axisLabel: twoLines
        ? { width: 160, overflow: 'truncate', fontSize: 11, lineHeight: 13 }
        : { width: 150, overflow: 'truncate' },
    },
    series: [
      { type: 'bar', name: unit, data: values, barMaxWidth: 24, label: { show: true, position: 'right' } },
    ],
  };
}

/** Orders made in the range per status, largest first. */
export function statusChart(statuses: DashboardCharts['ordersByStatus'], rangeName: string): ChartView {
  const shown = statuses.filter((s) => s.count > 0);
  return {
    empty: shown.length === 0,
    summary: `${rangeName}下单按状态：${shown.map((s) => `${s.statusName} ${s.count} 笔`).join('，')}`,
    option: horizontalBars(
      shown.map((s) => s.statusName),
      shown.map((s) => s.count),
      {
        color: COLORS.orders,
        unit: '订单',
        tooltip: (i) => {
          const s = shown[i];
          return s ? `${escapeHtml(s.statusName)}<br/>订单 ${s.count} 笔` : '';
        },
      },
    ),
  };
}

/** The ten SKUs sold most, by pieces, each named by its code and its product. */
export function topSkusChart(skus: DashboardCharts['topSkus'], rangeName: string): ChartView {
  return {
    empty: skus.length === 0,
    summary: `${rangeName}销量前 ${skus.length} 的 SKU：${skus.map((s) => `${s.skuCode} ${s.name} ${s.quantity} 件`).join('，')}`,
    option: horizontalBars(
      // The code on the first line, the product under it.
      skus.map((s) => `${s.skuCode}\n${s.name}`),
      skus.map((s) => s.quantity),
      {
        color: COLORS.cny,
        unit: '件数',
        twoLines: true,
        tooltip: (i) => {
          const s = skus[i];
          return s
            ? `<b>${escapeHtml(s.skuCode)}</b><br/>${escapeHtml(s.name)}<br/>售出 ${s.quantity} 件`
            : '';
        },
      },
    ),
  };
}

/** Members who registered on each day. */
export function newMembersChart(days: DashboardCharts['newMembers'], rangeName: string): ChartView {
  let total = 0;
  for (const day of days) total += day.count;
  return {
    empty: total === 0,
    summary: `${rangeName}新注册会员 ${total} 人`,
    option: {
      color: [COLORS.members],
      grid: GRID,
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (params) => {
          const day = days[pointedIndex(params)];
          return day ? `<b>${day.day}</b><br/>新会员 ${day.count} 人` : '';
        },
      },
      xAxis: { type: 'category', data: days.map((d) => shortDay(d.day)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', name: '新会员', data: days.map((d) => d.count), barMaxWidth: 16 }],
    },
  };
}

/** Tickets waiting for the shop, by how long the member has waited (TICKET_AGE_BUCKETS' order). */
export function ticketsChart(buckets: DashboardCharts['ticketsByAge']): ChartView {
  let total = 0;
  for (const bucket of buckets) total += bucket.count;
  return {
    empty: total === 0,
    summary: `等待回复的工单 ${total} 个：${buckets.map((b) => `${b.label} ${b.count} 个`).join('，')}`,
    option: {
      grid: GRID,
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (params) => {
          const bucket = buckets[pointedIndex(params)];
          return bucket ? `已等待 ${escapeHtml(bucket.label)}<br/>工单 ${bucket.count} 个` : '';
        },
      },
      xAxis: { type: 'category', data: buckets.map((b) => b.label) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          type: 'bar',
          name: '工单',
          barMaxWidth: 48,
          label: { show: true, position: 'top' },
          data: buckets.map((b, i) => ({
            value: b.count,
            itemStyle: { color: TICKET_AGE_COLORS[i % TICKET_AGE_COLORS.length] },
          })),
        },
      ],
    },
  };
}
