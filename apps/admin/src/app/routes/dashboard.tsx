import { Card, Skeleton } from 'antd';
import { LoadFailed } from '@/components/load-failed';
import { useDashboard } from '@/features/dashboard/api/get-dashboard';
import { DashboardView } from '@/features/dashboard/components/dashboard-view';
import { useSession } from '../session-context';

/** 工作台: the console's first page for every role. */
export default function DashboardPage() {
  const session = useSession();
  const dashboard = useDashboard();
  if (dashboard.isError)
    return (
      <Card title="工作台">
        <LoadFailed title="工作台加载失败" error={dashboard.error} retry={dashboard.refetch} />
      </Card>
    );
  if (!dashboard.data)
    return (
      <Card title="工作台">
        <Skeleton active />
      </Card>
    );
  return <DashboardView data={dashboard.data} permissions={session.permissions} />;
}
