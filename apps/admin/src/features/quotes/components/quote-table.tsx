import type { AdminQuoteSummary } from '@shop/domain';
import { Space, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import { PagedTable, type PageOf } from '@/components/paged-table';
import { formatTime } from '@/lib/date';
import { paths } from '@/lib/paths';
import { AwaitingTag, money, QuoteStateTag } from './labels';

/** One page of quotes, newest first: who asked, its state, its total once priced, and its order once accepted. */
export function QuoteTable(page: PageOf<AdminQuoteSummary>) {
  const columns: TableColumnsType<AdminQuoteSummary> = [
    {
      title: '询价单号',
      dataIndex: 'quoteNo',
      width: 170,
      render: (no: string, q) => <Link to={paths.quote(q.id)}>{no}</Link>,
    },
    {
      title: '状态',
      dataIndex: 'state',
      width: 150,
      render: (_, q) => (
        <Space size={4} wrap>
          <QuoteStateTag state={q.state} />
          {q.awaitingStaff ? <AwaitingTag /> : null}
        </Space>
      ),
    },
    { title: '会员', dataIndex: 'requester', width: 130, ellipsis: true },
    {
      title: '公司',
      dataIndex: 'companyName',
      width: 180,
      ellipsis: true,
      render: (v: string | null) => v ?? '—',
    },
    { title: '商品数', dataIndex: 'lineCount', width: 80, align: 'right' },
    {
      title: '合计',
      dataIndex: 'total',
      width: 120,
      align: 'right',
      render: (v: number | null, q) =>
        v === null ? <Typography.Text type="secondary">待报价</Typography.Text> : money(v, q.currency),
    },
    { title: '有效期至', dataIndex: 'validUntil', width: 110, render: (v: string | null) => v ?? '—' },
    { title: '提交时间', dataIndex: 'createdAt', width: 150, render: (v: string) => formatTime(v) },
    {
      title: '订单',
      dataIndex: 'orderNo',
      width: 170,
      render: (v: string | null) => (v ? <Link to={paths.order(v)}>{v}</Link> : '—'),
    },
  ];
  return (
    <PagedTable<AdminQuoteSummary>
      {...page}
      columns={columns}
      rowKey="id"
      scrollX={1260}
      emptyText="暂无询价"
      unit="个询价"
    />
  );
}
