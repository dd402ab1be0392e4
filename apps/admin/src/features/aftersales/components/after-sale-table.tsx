import { type AdminAfterSaleSummary, AFTER_SALE_REASON_LABELS } from '@shop/domain';
import { type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import { PagedTable, type PageOf } from '@/components/paged-table';
import { formatTime } from '@/lib/date';
import { AfterSaleStateTag, AfterSaleTypeTag, money } from './labels';

/**
 * One page of the queue, newest first: the request, its order and member, what is claimed and where it stands.
 * A row opens the after-sale; the number is its link too, for the keyboard and a new tab.
 */
export function AfterSaleTable({
  afterSaleHref,
  onOpen,
  ...page
}: PageOf<AdminAfterSaleSummary> & {
  afterSaleHref: (id: number) => string;
  onOpen: (row: AdminAfterSaleSummary) => void;
}) {
  const columns: TableColumnsType<AdminAfterSaleSummary> = [
    {
      title: '售后单号',
      dataIndex: 'afterSaleNo',
      width: 160,
      render: (no: string, a) => <Link to={afterSaleHref(a.id)}>{no}</Link>,
    },
    { title: '订单号', dataIndex: 'orderNo', width: 160 },
    { title: '会员', dataIndex: 'username', width: 100, ellipsis: true },
    { title: '类型', dataIndex: 'type', width: 90, render: (_, a) => <AfterSaleTypeTag type={a.type} /> },
    { title: '原因', dataIndex: 'reason', width: 110, render: (_, a) => AFTER_SALE_REASON_LABELS[a.reason] },
    {
      title: '商品',
      dataIndex: 'title',
      // The rest of the width: at 1440 px every column shows without scrolling.
      render: (_, a) => (
        <div>
          <Typography.Text ellipsis={{ tooltip: a.title }}>{a.title}</Typography.Text>
          <div className="field-hint">
            {a.lineCount > 1 ? `${a.lineCount} 种商品，` : ''}共 {a.pieces} 件
          </div>
        </div>
      ),
    },
    {
      title: '状态',
      dataIndex: 'state',
      width: 100,
      render: (_, a) => <AfterSaleStateTag state={a.state} />,
    },
    {
      title: '退款金额',
      dataIndex: 'refundAmount',
      width: 110,
      align: 'right',
      render: (_, a) =>
        a.refundAmount === null || a.refundCurrency === null ? '—' : money(a.refundAmount, a.refundCurrency),
    },
    { title: '申请时间', dataIndex: 'createdAt', width: 140, render: (v: string) => formatTime(v) },
  ];
  return (
    <PagedTable<AdminAfterSaleSummary>
      {...page}
      columns={columns}
      rowKey="id"
      scrollX={1120}
      emptyText="暂无售后申请"
      unit="个售后单"
      onRowClick={onOpen}
    />
  );
}
