import type { AccountPayment } from '@shop/domain';
import { Button, type TableColumnsType, Typography } from 'antd';
import { PagedTable, type PageOf } from '@/components/paged-table';
import { money, PAYMENT_METHOD_LABELS } from './labels';

/**
 * One page of the payments a company's account received and where each went. `onAllocate` (credit.manage) offers
 * 分配 on a payment with money left unallocated.
 */
export function PaymentTable({
  onAllocate,
  ...page
}: PageOf<AccountPayment> & { onAllocate: ((payment: AccountPayment) => void) | null }) {
  const columns: TableColumnsType<AccountPayment> = [
    { title: '到账日期', dataIndex: 'receivedOn', width: 110 },
    {
      title: '方式',
      dataIndex: 'method',
      width: 90,
      render: (v: AccountPayment['method']) => PAYMENT_METHOD_LABELS[v],
    },
    { title: '银行流水号', dataIndex: 'reference', width: 150, render: (v: string) => v || '—' },
    {
      title: '金额',
      dataIndex: 'amount',
      width: 110,
      align: 'right',
      render: (v: number, p) => money(v, p.currency),
    },
    {
      title: '已分配',
      dataIndex: 'allocated',
      width: 110,
      align: 'right',
      render: (v: number, p) => money(v, p.currency),
    },
    {
      title: '未分配',
      dataIndex: 'unallocated',
      width: 110,
      align: 'right',
      render: (v: number, p) =>
        v > 0 ? (
          <Typography.Text type="warning">{money(v, p.currency)}</Typography.Text>
        ) : (
          money(v, p.currency)
        ),
    },
    {
      title: '分配到',
      dataIndex: 'allocations',
      width: 220,
      render: (list: AccountPayment['allocations'], p) =>
        list.length === 0
          ? '—'
          : list.map((a) => (
              <div key={a.invoiceId}>
                {a.invoiceNo} {money(a.amount, p.currency)}
              </div>
            )),
    },
    { title: '备注', dataIndex: 'note', ellipsis: true, render: (v: string) => v || '—' },
    { title: '登记人', dataIndex: 'by', width: 100, render: (v: string) => v || '—' },
    ...(onAllocate
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 80,
            fixed: 'right' as const,
            render: (_: unknown, p: AccountPayment) =>
              p.unallocated > 0 ? (
                <Button type="link" size="small" onClick={() => onAllocate(p)}>
                  分配
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <PagedTable<AccountPayment>
      columns={columns}
      rowKey="id"
      scrollX={onAllocate ? 1280 : 1200}
      emptyText="暂无收款记录"
      unit="笔"
      size="small"
      {...page}
    />
  );
}
