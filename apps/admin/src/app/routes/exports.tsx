import { shopTimeZoneName } from '@shop/domain';
import { Card, Typography } from 'antd';
import { LoadFailed } from '@/components/load-failed';
import { useDownloadExport } from '@/features/exports/api/download-export';
import { useFollowedExports } from '@/features/exports/api/get-export';
import { useExportList } from '@/features/exports/api/list-exports';
import { useStartExport } from '@/features/exports/api/start-export';
import { ExportForm } from '@/features/exports/components/export-form';
import { ExportList } from '@/features/exports/components/export-list';
import { shopToday } from '@/features/exports/shop-days';
import { useSession } from '../session-context';

/**
 * 财务导出: orders, payments, refunds, deposit movements or recharges over a range of shop days, as xlsx or CSV.
 * An export runs on in the server; its row shows its progress and, when done, its file to download.
 */
export default function ExportsPage() {
  const session = useSession();
  const zoneName = shopTimeZoneName(session.timeZone);
  const list = useExportList();
  const jobs = useFollowedExports(list.data ?? []);
  const start = useStartExport();
  const download = useDownloadExport();
  return (
    <div className="exports-page">
      <Card title="财务导出">
        <ExportForm
          today={shopToday(session.timeZone)}
          zoneName={zoneName}
          pending={start.isPending}
          onStart={(request) => start.mutate(request)}
        />
        <Typography.Paragraph type="secondary" className="export-note">
          导出在服务器上进行，可以离开本页，稍后回来在下方列表下载。
        </Typography.Paragraph>
      </Card>
      <Card title="最近导出" style={{ marginTop: 16 }}>
        {list.isError ? (
          <LoadFailed title="导出记录加载失败" error={list.error} retry={list.refetch} />
        ) : (
          <ExportList
            jobs={jobs}
            loading={list.isPending}
            downloading={download.isPending ? download.variables?.id : undefined}
            onDownload={(job) => download.mutate(job)}
          />
        )}
      </Card>
    </div>
  );
}
