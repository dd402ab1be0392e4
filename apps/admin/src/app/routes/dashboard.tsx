import { CHART_DAY_CHOICES, shopTimeZoneName } from '@shop/domain';
import { Card, Skeleton } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { useDashboard } from '@/features/dashboard/api/get-dashboard';
import { type ChartDays, useDashboardCharts } from '@/features/dashboard/api/get-dashboard-charts';
import { DashboardView } from '@/features/dashboard/components/dashboard-view';
import { useSession } from '../session-context';

/** The charts' range from the address bar (?days=90), the last 30 days unless told. */
function useChartDays(): [ChartDays, (days: ChartDays) => void] {
  const [params, setParams] = useSearchParams();
  const days = CHART_DAY_CHOICES.find((d) => String(d) === params.get('days')) ?? CHART_DAY_CHOICES[0];
  const choose = (next: ChartDays) =>
    setParams(
      next === CHART_DAY_CHOICES[0] ? new URLSearchParams() : new URLSearchParams({ days: String(next) }),
    );
  return [days, choose];
}

/**
 * The charts and their library (echarts) load as a chunk of their own once the page is up, so today's numbers and
 * the to-dos, every role's first view, do not wait for them.
 */
const DashboardCharts = lazy(() =>
  import('@/features/dashboard/components/dashboard-charts').then((m) => ({ default: m.DashboardCharts })),
);

/** 工作台: the console's first page for every role: today's numbers and to-dos, then the charts. */
export default function DashboardPage() {
  const session = useSession();
  const zoneName = shopTimeZoneName(session.timeZone);
  const dashboard = useDashboard();
  const [days, setDays] = useChartDays();
  const charts = useDashboardCharts(days);
  let overview: ReactNode;
  if (dashboard.isError)
    overview = (
      <Card title="工作台">
        <LoadFailed title="工作台加载失败" error={dashboard.error} retry={dashboard.refetch} />
      </Card>
    );
  else if (!dashboard.data)
    overview = (
      <Card title="工作台">
        <Skeleton active />
      </Card>
    );
  else
    overview = <DashboardView data={dashboard.data} permissions={session.permissions} zoneName={zoneName} />;
  return (
    <>
      {overview}
      <Suspense
        fallback={
          <Card title="经营图表" style={{ marginTop: 16 }}>
            <Skeleton active />
          </Card>
        }
      >
        <DashboardCharts
          days={days}
          onDays={setDays}
          zoneName={zoneName}
          state={{
            data: charts.data,
            error: charts.error,
            switching: charts.isPlaceholderData,
            retry: charts.refetch,
          }}
        />
      </Suspense>
    </>
  );
}
