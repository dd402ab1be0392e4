import type { AdminFapiao } from '@shop/domain';
import { Button, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { PagedTable, type PageOf } from '@/components/paged-table';
import { formatTime } from '@/lib/date';
import { paths } from '@/lib/paths';

/** One page of fapiao requests: a pending one is issued (IssueModal), an issued one's PDF downloads. */
export function FapiaoTable({
  onIssue,
  onDownload,
  downloading,
  ...page
}: PageOf<AdminFapiao> & {
  onIssue: (row: AdminFapiao) => void;
  onDownload: (row: AdminFapiao) => void;
  /** The request whose PDF is downloading. */
  downloading: number | undefined;
}) {
  const columns: TableColumnsType<AdminFapiao> = [
    {
      title: '订单号',
      dataIndex: 'orderNo',
      width: 190,
      render: (value: string) => <Typography.Text copyable>{value}</Typography.Text>,
    },
    {
      title: '会员',
      dataIndex: 'username',
      width: 110,
      render: (value: string, r) => <Link to={`${paths.page('members')}/${r.memberId}`}>{value}</Link>,
    },
    {
      title: '类型',
      dataIndex: 'kindLabel',
      width: 130,
      render: (value: string, r) => <Tag color={r.kind === 'special' ? 'purple' : 'blue'}>{value}</Tag>,
    },
    {
      title: '抬头 / 税号',
      dataIndex: 'title',
      width: 240,
      render: (value: string, r) => (
        <>
          <div>{value}</div>
          <Typography.Text type="secondary" copyable>
            {r.taxNo}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '金额',
      dataIndex: 'amount',
      width: 110,
      align: 'right',
      render: (v: number) => `¥${v.toFixed(2)}`,
    },
    { title: '申请时间', dataIndex: 'createdAt', width: 140, render: (v: string) => formatTime(v) },
    {
      title: '状态',
      dataIndex: 'statusLabel',
      width: 90,
      render: (value: string, r) => <Tag color={r.status === 'pending' ? 'orange' : 'green'}>{value}</Tag>,
    },
    {
      title: '开票',
      key: 'issue',
      width: 200,
      fixed: 'right',
      render: (_: unknown, r) =>
        r.status === 'pending' ? (
          <Button type="primary" size="small" onClick={() => onIssue(r)}>
            上传已开发票
          </Button>
        ) : (
          <Space orientation="vertical" size={0}>
            <Button size="small" loading={downloading === r.id} onClick={() => onDownload(r)}>
              下载 {r.fapiaoNo}
            </Button>
            <Typography.Text type="secondary">
              {r.issuedBy} · {formatTime(r.issuedAt)}
            </Typography.Text>
          </Space>
        ),
    },
  ];
  return (
    <PagedTable<AdminFapiao>
      columns={columns}
      rowKey="id"
      scrollX={1210}
      emptyText="暂无发票申请"
      {...page}
    />
  );
}
