import { ACCOUNT_INVOICE_STATE_LABELS, type AdminAccountInvoice } from '@shop/domain';
import { type TableColumnsType, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { PagedTable, type PageOf } from '@/components/paged-table';
import { formatTime } from '@/lib/date';
import { paths } from '@/lib/paths';
import { INVOICE_STATE_COLORS, money } from './labels';

/**
 * One page of account invoices: what each owes and when it falls due, overdue ones in red. `showCompany` adds the
 * company, linked to its 账期, for the console-wide list.
 */
export function InvoiceTable({
  showCompany = false,
  ...page
}: PageOf<AdminAccountInvoice> & { showCompany?: boolean }) {
  const columns: TableColumnsType<AdminAccountInvoice> = [
    { title: '账单号', dataIndex: 'invoiceNo', width: 170 },
    ...(showCompany
      ? [
          {
            title: '公司',
            dataIndex: 'companyName',
            width: 180,
            render: (v: string, i: AdminAccountInvoice) => (
              <Link to={`${paths.page('companies')}/${i.companyId}`}>{v}</Link>
            ),
          },
        ]
      : []),
    {
      title: '订单号',
      dataIndex: 'orderNo',
      width: 170,
      render: (v: string) => <Link to={`${paths.page('orders')}?order=${encodeURIComponent(v)}`}>{v}</Link>,
    },
    { title: '下单人', dataIndex: 'buyer', width: 110 },
    {
      title: '金额',
      dataIndex: 'amount',
      width: 110,
      align: 'right',
      render: (v: number, i) => money(v, i.currency),
    },
    {
      title: '已付',
      dataIndex: 'paid',
      width: 110,
      align: 'right',
      render: (v: number, i) => money(v, i.currency),
    },
    {
      title: '未付',
      dataIndex: 'owed',
      width: 110,
      align: 'right',
      render: (v: number, i) => (
        <Typography.Text strong={v > 0} type={i.state === 'overdue' ? 'danger' : undefined}>
          {money(v, i.currency)}
        </Typography.Text>
      ),
    },
    {
      title: '状态',
      dataIndex: 'state',
      width: 100,
      render: (v: AdminAccountInvoice['state']) => (
        <Tag color={INVOICE_STATE_COLORS[v]}>{ACCOUNT_INVOICE_STATE_LABELS[v]}</Tag>
      ),
    },
    { title: '开具日', dataIndex: 'issuedOn', width: 110 },
    {
      title: '到期日',
      dataIndex: 'dueOn',
      width: 110,
      render: (v: string, i) =>
        i.state === 'overdue' ? <Typography.Text type="danger">{v}</Typography.Text> : v,
    },
    { title: '结清时间', dataIndex: 'paidAt', width: 140, render: (v: string | null) => formatTime(v) },
  ];
  return (
    <PagedTable<AdminAccountInvoice>
      columns={columns}
      rowKey="id"
      scrollX={showCompany ? 1420 : 1240}
      emptyText="暂无账单"
      unit="张账单"
      size="small"
      {...page}
    />
  );
}
