import { type AdminNotice, NOTICE_STATUS_LABELS } from '@shop/domain';
import { Button, Popconfirm, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatTime } from '@/lib/date';
import { paths } from '@/lib/paths';
import { CHANNEL_LABELS, noticeKindLabel, STATUS_COLORS } from './notice-labels';

/** When a notice went out: the time alone on the day it was queued, else the day too. */
function sentTime(createdAt: string, sentAt: string): string {
  const sent = formatTime(sentAt);
  return sent.slice(0, 10) === formatTime(createdAt).slice(0, 10) ? sent.slice(11) : sent;
}

/** The provider's answer: two lines, the rest on hover or by expanding it. */
function ProviderAnswer({ text }: { text: string | null }) {
  if (!text) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Typography.Paragraph
      style={{ margin: 0 }}
      ellipsis={{
        rows: 2,
        expandable: 'collapsible',
        symbol: (expanded: boolean) => (expanded ? '收起' : '展开'),
        tooltip: { title: text, placement: 'topLeft' },
      }}
    >
      {text}
    </Typography.Paragraph>
  );
}

/** The outbox's rows loaded so far, newest first; a failed notice is sent again or given up here. */
export function NoticeTable({
  items,
  loading,
  emptyText,
  busy,
  onResend,
  onDiscard,
}: {
  items: AdminNotice[];
  loading: boolean;
  emptyText: string;
  /** The notice being resent or discarded, whose buttons wait. */
  busy: number | undefined;
  onResend: (notice: AdminNotice) => void;
  onDiscard: (notice: AdminNotice) => void;
}) {
  const columns: TableColumnsType<AdminNotice> = [
    {
      title: '时间',
      dataIndex: 'createdAt',
      width: 140,
      render: (value: string, n) => (
        <>
          {formatTime(value)}
          {n.sentAt && (
            <div>
              <Typography.Text type="secondary">发出 {sentTime(value, n.sentAt)}</Typography.Text>
            </div>
          )}
        </>
      ),
    },
    {
      title: '状态',
      // Next to the time, so a phone sees it without scrolling.
      dataIndex: 'status',
      width: 90,
      render: (status: AdminNotice['status']) => (
        <Tag color={STATUS_COLORS[status]}>{NOTICE_STATUS_LABELS[status]}</Tag>
      ),
    },
    { title: '类型', dataIndex: 'kind', width: 100, render: (kind: string) => noticeKindLabel(kind) },
    {
      title: '渠道',
      dataIndex: 'channel',
      width: 60,
      render: (channel: AdminNotice['channel']) => CHANNEL_LABELS[channel],
    },
    {
      title: '收件人',
      dataIndex: 'recipient',
      width: 160,
      render: (value: string, n) => (
        <>
          {value}
          {n.memberId !== null && (
            <div>
              <Link to={`${paths.page('members')}/${n.memberId}`}>会员 #{n.memberId}</Link>
            </div>
          )}
        </>
      ),
    },
    { title: '尝试次数', dataIndex: 'attempts', width: 80, align: 'right' },
    {
      title: '服务商',
      dataIndex: 'provider',
      width: 120,
      render: (provider: string | null, n) => (
        <>
          {provider ?? '—'}
          {n.providerMessageId && (
            <div>
              <Typography.Text type="secondary" copyable style={{ fontSize: 12 }}>
                {n.providerMessageId}
              </Typography.Text>
            </div>
          )}
        </>
      ),
    },
    {
      title: '最后应答',
      dataIndex: 'lastError',
      // The rest of the width: the answer is what a failed row is read for.
      render: (text: string | null) => <ProviderAnswer text={text} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      // Always in sight: on a narrow screen the other columns scroll under it.
      fixed: 'right',
      render: (_: unknown, n) =>
        n.status === 'failed' ? (
          <Space size={4}>
            <Button type="link" size="small" loading={busy === n.id} onClick={() => onResend(n)}>
              重发
            </Button>
            <Popconfirm
              title="放弃这条通知？"
              description={`发给 ${n.recipient} 的${noticeKindLabel(n.kind)}不会再发送，记录留在“已放弃”中。`}
              okText="放弃"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => onDiscard(n)}
            >
              <Button type="link" size="small" danger disabled={busy === n.id}>
                放弃
              </Button>
            </Popconfirm>
          </Space>
        ) : null,
    },
  ];
  return (
    <Table<AdminNotice>
      rowKey="id"
      columns={columns}
      dataSource={items}
      loading={loading}
      size="middle"
      scroll={{ x: 1060 }}
      locale={{ emptyText }}
      pagination={false}
    />
  );
}
