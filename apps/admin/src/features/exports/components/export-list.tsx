import { DownloadOutlined } from '@ant-design/icons';
import type { ExportJob } from '@shop/domain';
import {
  Button,
  Card,
  Empty,
  Grid,
  Progress,
  Skeleton,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { formatTime } from '@/lib/date';
import './exports.css';

/** A file's size as staff read it: '820 B', '12.4 KB', '3.1 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const STATE_COLORS: Record<ExportJob['state'], string> = {
  running: 'processing',
  done: 'success',
  failed: 'error',
};

/** How far an export is: a bar with rows and size while it runs, the rows written when done, why it failed. */
function ExportState({ job }: { job: ExportJob }) {
  const tag = <Tag color={STATE_COLORS[job.state]}>{job.stateName}</Tag>;
  if (job.state === 'running') {
    const percent = job.total > 0 ? Math.min(99, Math.floor((job.rows * 100) / job.total)) : 0;
    return (
      <div className="export-state">
        <Progress percent={percent} status="active" size="small" aria-label={`${job.kindName}导出进度`} />
        <Typography.Text type="secondary" className="export-state-line">
          {tag}
          {job.rows} / {job.total} 行 · {formatBytes(job.bytes)}
        </Typography.Text>
      </div>
    );
  }
  if (job.state === 'failed')
    return (
      <div className="export-state">
        <Typography.Text className="export-state-line">
          {tag}
          <Typography.Text type="danger">{job.error ?? '导出失败'}</Typography.Text>
        </Typography.Text>
      </div>
    );
  return (
    <div className="export-state">
      <Typography.Text className="export-state-line">
        {tag}
        {job.rows} 行 · {formatBytes(job.bytes)}
      </Typography.Text>
    </div>
  );
}

/** What an export holds: its content and file format. */
const content = (job: ExportJob) => (
  <span>
    {job.kindName} <Tag className="export-format">{job.format === 'csv' ? 'CSV' : 'xlsx'}</Tag>
  </span>
);
const range = (job: ExportJob) => `${job.from} 至 ${job.to}`;

interface ListProps {
  jobs: ExportJob[];
  loading: boolean;
  /** The export whose file is downloading. */
  downloading: number | undefined;
  onDownload: (job: ExportJob) => void;
}

function DownloadButton({
  job,
  downloading,
  onDownload,
}: { job: ExportJob } & Omit<ListProps, 'jobs' | 'loading'>) {
  if (job.state !== 'done') return null;
  return (
    <Button
      size="small"
      type="primary"
      ghost
      icon={<DownloadOutlined />}
      loading={downloading === job.id}
      title={job.fileName}
      onClick={() => onDownload(job)}
    >
      下载
    </Button>
  );
}

const EMPTY = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有导出记录" />;

/** The shop's latest exports, newest first: a table on a desk, a card each on a phone. */
export function ExportList({ jobs, loading, downloading, onDownload }: ListProps) {
  const screens = Grid.useBreakpoint();
  if (screens.md === false) {
    if (jobs.length === 0) return loading ? <Skeleton active paragraph={{ rows: 3 }} /> : EMPTY;
    return (
      <Space orientation="vertical" className="full-width export-cards">
        {jobs.map((job) => (
          <Card
            key={job.id}
            size="small"
            title={content(job)}
            extra={<DownloadButton job={job} downloading={downloading} onDownload={onDownload} />}
          >
            <div>{range(job)}</div>
            <ExportState job={job} />
            <Typography.Text type="secondary">
              {job.staffName} · {formatTime(job.createdAt)}
            </Typography.Text>
          </Card>
        ))}
      </Space>
    );
  }
  const columns: TableColumnsType<ExportJob> = [
    { title: '内容', key: 'content', width: 140, render: (_, job) => content(job) },
    { title: '日期范围', key: 'range', width: 210, render: (_, job) => range(job) },
    { title: '状态', key: 'state', render: (_, job) => <ExportState job={job} /> },
    { title: '导出人', dataIndex: 'staffName', width: 110 },
    { title: '创建时间', dataIndex: 'createdAt', width: 150, render: (at: string) => formatTime(at) },
    {
      title: '操作',
      key: 'download',
      width: 100,
      render: (_, job) => <DownloadButton job={job} downloading={downloading} onDownload={onDownload} />,
    },
  ];
  return (
    <Table<ExportJob>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={jobs}
      loading={loading}
      pagination={false}
      scroll={{ x: 900 }}
      locale={{ emptyText: EMPTY }}
    />
  );
}
