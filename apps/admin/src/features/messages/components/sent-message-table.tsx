import { messageTypeLabel, type SentMessage } from '@shop/domain';
import { type TableColumnsType, Tag, Typography } from 'antd';
import { PagedTable, type PageOf } from '@/components/paged-table';
import { formatTime } from '@/lib/date';

const columns: TableColumnsType<SentMessage> = [
  { title: '时间', dataIndex: 'createTime', width: 140, render: (v: string) => formatTime(v) },
  {
    title: '发送对象',
    dataIndex: 'memberUsername',
    width: 130,
    render: (username: string | null, m) =>
      m.memberId === null ? <Tag color="purple">所有会员</Tag> : username,
  },
  { title: '类型', dataIndex: 'type', width: 100, render: (t: number) => messageTypeLabel(t) },
  {
    title: '标题与内容',
    dataIndex: 'title',
    render: (title: string, m) => (
      <>
        <Typography.Text strong>{title}</Typography.Text>
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
          {m.content}
        </Typography.Paragraph>
      </>
    ),
  },
  { title: '发送人', dataIndex: 'sentBy', width: 110 },
];

/** What staff have sent, newest first. */
export function SentMessageTable(page: PageOf<SentMessage>) {
  return (
    <PagedTable<SentMessage>
      {...page}
      columns={columns}
      rowKey="id"
      scrollX={720}
      emptyText="还没有发送过消息"
    />
  );
}
