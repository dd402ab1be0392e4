import type { CreditEntry } from '@shop/domain';
import { Table, type TableColumnsType, Typography } from 'antd';
import { formatTime } from '@/lib/date';
import { ENTRY_KIND_LABELS, money } from './labels';

const columns: TableColumnsType<CreditEntry> = [
  { title: '时间', dataIndex: 'createdAt', width: 140, render: (v: string) => formatTime(v) },
  { title: '币种', dataIndex: 'currency', width: 70 },
  { title: '类型', dataIndex: 'kind', width: 100, render: (v: CreditEntry['kind']) => ENTRY_KIND_LABELS[v] },
  {
    title: '变动',
    dataIndex: 'amount',
    width: 130,
    align: 'right',
    // A limit line carries the new limit; the others the change of used credit (charge +, the rest −).
    render: (v: number, e) =>
      e.kind === 'limit' ? (
        `额度 ${money(v, e.currency)}`
      ) : (
        <Typography.Text type={v > 0 ? 'danger' : 'success'}>
          {v > 0 ? '+' : ''}
          {money(v, e.currency)}
        </Typography.Text>
      ),
  },
  {
    title: '已用',
    dataIndex: 'usedAfter',
    width: 120,
    align: 'right',
    render: (v: number, e) => money(v, e.currency),
  },
  {
    title: '额度',
    dataIndex: 'limitAfter',
    width: 120,
    align: 'right',
    render: (v: number, e) => money(v, e.currency),
  },
  { title: '备注', dataIndex: 'note', ellipsis: true, render: (v: string) => v || '—' },
  { title: '操作人', dataIndex: 'by', width: 100, render: (v: string) => v || '—' },
];

const newestFirst = (entries: readonly CreditEntry[]) =>
  [...entries].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);

/** The newest lines of the company's credit ledger, newest first, as the detail answers them. */
export function CreditEntryTable({ entries }: { entries: CreditEntry[] }) {
  return (
    <Table<CreditEntry>
      rowKey="id"
      columns={columns}
      dataSource={newestFirst(entries)}
      pagination={false}
      size="small"
      scroll={{ x: 900 }}
      locale={{ emptyText: '暂无额度流水' }}
    />
  );
}
