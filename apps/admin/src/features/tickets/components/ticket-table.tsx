import { type AdminTicketRow, supportTicketTypeLabel, ticketOwnerGroupLabel } from '@shop/domain';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { PagedTable, type PageOf } from '@/components/paged-table';
import { formatTime } from '@/lib/date';
import { PriorityTag, TicketStatusTag } from './ticket-labels';

export interface TicketTableProps extends PageOf<AdminTicketRow> {
  /** The address of a ticket's thread. */
  ticketHref: (id: number) => string;
}

/** The queue: what waits for the shop first, the longest waiting first (the server's order). */
export function TicketTable({ ticketHref, ...page }: TicketTableProps) {
  const columns: TableColumnsType<AdminTicketRow> = [
    {
      title: '编号',
      dataIndex: 'id',
      width: 80,
      render: (id: number) => <Link to={ticketHref(id)}>#{id}</Link>,
    },
    {
      title: '标题',
      dataIndex: 'title',
      ellipsis: true,
      render: (title: string, row) => <Link to={ticketHref(row.id)}>{title}</Link>,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 110,
      render: (_, row) => <TicketStatusTag status={row.status} />,
    },
    { title: '类型', dataIndex: 'type', width: 100, render: (type: number) => supportTicketTypeLabel(type) },
    {
      title: '优先级',
      dataIndex: 'priority',
      width: 80,
      render: (p: number) => <PriorityTag priority={p} />,
    },
    { title: '负责组', dataIndex: 'department', width: 80, render: (g: string) => ticketOwnerGroupLabel(g) },
    { title: '会员', dataIndex: 'memberUsername', width: 130, ellipsis: true },
    { title: '订单', dataIndex: 'orderNo', width: 170, render: (no: string | null) => no ?? '—' },
    { title: '回复', dataIndex: 'replyCount', width: 64, align: 'right' },
    { title: '最后更新', dataIndex: 'updatedAt', width: 150, render: (v: string) => formatTime(v) },
  ];
  return (
    <PagedTable<AdminTicketRow>
      {...page}
      columns={columns}
      rowKey="id"
      scrollX={1100}
      emptyText="暂无工单"
      unit="个工单"
    />
  );
}
