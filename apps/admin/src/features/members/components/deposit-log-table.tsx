import { type AdminDepositLogItem, formatPrice, toMinor } from '@shop/domain';
import { type TableColumnsType, Typography } from 'antd';
import { PagedTable, type PageOf } from '@/components/paged-table';
import { formatTime } from '@/lib/date';

const columns: TableColumnsType<AdminDepositLogItem> = [
  { title: '时间', dataIndex: 'createdAt', width: 150, render: (v: string) => formatTime(v) },
  { title: '类型', dataIndex: 'typeLabel', width: 110 },
  {
    title: '金额',
    dataIndex: 'amount',
    width: 120,
    align: 'right',
    render: (v: number, l) => (
      <Typography.Text type={v > 0 ? 'success' : 'danger'}>
        {v > 0 ? '+' : '-'}
        {formatPrice(toMinor(Math.abs(v)), l.currency)}
      </Typography.Text>
    ),
  },
  {
    title: '余额',
    dataIndex: 'balanceAfter',
    width: 120,
    align: 'right',
    render: (v: number, l) => formatPrice(toMinor(v), l.currency),
  },
  { title: '订单', dataIndex: 'orderNo', width: 170, render: (v: string | null) => v ?? '—' },
  { title: '备注', dataIndex: 'note', ellipsis: true, render: (v: string) => v || '—' },
  { title: '操作人', dataIndex: 'operator', width: 110, render: (v: string) => v || '—' },
];

/** One page of a member's deposit log, newest first. */
export function DepositLogTable(page: PageOf<AdminDepositLogItem>) {
  return (
    <PagedTable<AdminDepositLogItem>
      columns={columns}
      rowKey="id"
      scrollX={900}
      emptyText="暂无余额明细"
      size="small"
      {...page}
    />
  );
}
