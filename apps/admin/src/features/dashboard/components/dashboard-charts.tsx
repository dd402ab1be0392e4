import { CHART_DAY_CHOICES, type DashboardCharts as Charts } from '@shop/domain';
import { Button, Card, Col, Empty, Row, Segmented, Skeleton, Spin, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import type { ChartDays } from '../api/get-dashboard-charts';
import { Chart } from './chart';
import {
  type ChartView,
  newMembersChart,
  salesChart,
  statusChart,
  ticketsChart,
  topSkusChart,
} from './chart-options';
import './dashboard-charts.css';

/** The charts' answer as the 工作台 holds it: the last one drawn, or why there is none. */
export interface ChartsState {
  data: Charts | undefined;
  error: Error | null;
  /** The range was switched and its charts are on their way (the last range's still show). */
  switching: boolean;
  retry: () => unknown;
}

type Panel = {
  key: string;
  title: string;
  wide?: boolean;
  /** Keeps its full height on a phone (ten two-line names). */
  tall?: boolean;
  view: (charts: Charts, range: string) => ChartView;
};

const PANELS: readonly Panel[] = [
  { key: 'sales', title: '每日销售额', wide: true, view: (c, range) => salesChart(c.sales, range) },
  { key: 'status', title: '订单状态', view: (c, range) => statusChart(c.ordersByStatus, range) },
  { key: 'skus', title: '热销 SKU（前 10）', tall: true, view: (c, range) => topSkusChart(c.topSkus, range) },
  { key: 'members', title: '每日新会员', view: (c, range) => newMembersChart(c.newMembers, range) },
  { key: 'tickets', title: '待回复工单（按等待时长）', view: (c) => ticketsChart(c.ticketsByAge) },
];

const rangeName = (days: number) => `近${days}天`;

/** One chart's place: loading, failed with a retry, empty, or the chart with its summary for screen readers. */
function ChartPanel({
  title,
  tall = false,
  view,
  state,
}: {
  title: string;
  tall?: boolean | undefined;
  view: ChartView | undefined;
  state: ChartsState;
}) {
  let body: ReactNode;
  if (!view && state.error)
    body = (
      <div className="dashboard-chart-state" role="alert">
        <Typography.Text type="danger">图表加载失败：{state.error.message}</Typography.Text>
        <Button size="small" onClick={() => void state.retry()}>
          重试
        </Button>
      </div>
    );
  else if (!view) body = <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  else if (view.empty)
    body = (
      <div className="dashboard-chart-state">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
      </div>
    );
  else body = <Chart option={view.option} label={view.summary} />;
  return (
    <section className="dashboard-chart" aria-label={title}>
      <Typography.Title level={5} className="dashboard-chart-title">
        {title}
      </Typography.Title>
      <div className={tall ? 'dashboard-chart-body dashboard-chart-body-tall' : 'dashboard-chart-body'}>
        {body}
      </div>
    </section>
  );
}

/**
 * The 工作台's charts over the last 30 or 90 shop days: takings per day in both currencies, orders by status, the
 * best-selling SKUs, new members, and the tickets waiting by age. One per row on a phone, two on a desk.
 */
export function DashboardCharts({
  days,
  onDays,
  zoneName,
  state,
}: {
  days: ChartDays;
  onDays: (days: ChartDays) => void;
  /** The shop's zone the days are counted in ('北京时间'). */
  zoneName: string;
  state: ChartsState;
}) {
  const { data } = state;
  const views = useMemo(
    () => (data ? PANELS.map((panel) => panel.view(data, rangeName(data.days))) : undefined),
    [data],
  );
  return (
    <Card
      title="经营图表"
      className="dashboard-charts"
      extra={
        <Segmented<ChartDays>
          aria-label="统计天数"
          options={CHART_DAY_CHOICES.map((d) => ({ value: d, label: rangeName(d) }))}
          value={days}
          onChange={onDays}
        />
      }
    >
      <Typography.Paragraph type="secondary" className="dashboard-charts-caption">
        按{zoneName}的自然日统计；销售额为已付款订单（不含已取消），金额按订单币种分列。
      </Typography.Paragraph>
      <Spin spinning={state.switching} description="正在加载…">
        <Row gutter={[24, 24]}>
          {PANELS.map((panel, i) => (
            <Col key={panel.key} xs={24} lg={panel.wide ? 24 : 12}>
              <ChartPanel title={panel.title} tall={panel.tall} view={views?.[i]} state={state} />
            </Col>
          ))}
        </Row>
      </Spin>
    </Card>
  );
}
