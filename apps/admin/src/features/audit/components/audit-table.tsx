import { type AuditEntry, auditActionLabel, auditObjectLabel } from '@shop/domain';
import { Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { formatTime } from '@/lib/date';
import { tablePagination } from '@/lib/list-controls';
import { AuditDiff } from './audit-diff';

const columns: TableColumnsType<AuditEntry> = [
  { title: '时间', dataIndex: 'createTime', width: 150, render: (value: string) => formatTime(value) },
  { title: '员工', dataIndex: 'actor', width: 130 },
  {
    title: '操作',
    dataIndex: 'action',
    width: 170,
    // The label for people; the code (what the filter and exports match) in the tooltip.
    render: (value: string) => (
      <Tooltip title={value}>
        <Tag data-code={value}>{auditActionLabel(value)}</Tag>
      </Tooltip>
    ),
  },
  {
    title: '对象类型',
    dataIndex: 'objectType',
    width: 120,
    render: (value: string) => (
      <Tooltip title={value}>
        <span data-code={value}>{auditObjectLabel(value)}</span>
      </Tooltip>
    ),
  },
  { title: '对象ID', dataIndex: 'objectId', width: 160 },
  { title: 'IP', dataIndex: 'ip', width: 130, render: (value: string | null) => value ?? '—' },
];

/** One page of the audit log; a row opens to its values before and after. */
export function AuditTable({
  items,
  totalCount,
  pageNo,
  pageSize,
  loading,
  onPage,
}: {
  items: AuditEntry[];
  totalCount: number;
  pageNo: number;
  pageSize: number;
  loading: boolean;
  onPage: (pageNo: number, pageSize: number) => void;
}) {
  return (
    <Table<AuditEntry>
      rowKey="id"
      columns={columns}
      dataSource={items}
      loading={loading}
      size="middle"
      scroll={{ x: 840 }}
      expandable={{ expandedRowRender: (entry) => <AuditDiff entry={entry} /> }}
      pagination={tablePagination({ pageNo, pageSize, totalCount }, onPage)}
    />
  );
}
