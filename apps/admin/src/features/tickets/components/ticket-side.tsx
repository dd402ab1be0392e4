import {
  type AdminTicketDetailResponse,
  type Currency,
  formatPrice,
  MEMBER_LEVEL_LABELS,
  orderStatusLabel,
  packLabel,
  type TicketOrderBrief,
} from '@shop/domain';
import { Card, Descriptions, Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { formatTime } from '@/lib/date';

/** The orders page (another part of the console) shows an order at /orders/:id. */
const orderHref = (id: number) => `/orders/${id}`;

const columns: TableColumnsType<TicketOrderBrief> = [
  {
    title: '订单号',
    dataIndex: 'orderNo',
    render: (no: string, o) => <Link to={orderHref(o.id)}>{no}</Link>,
  },
  { title: '状态', dataIndex: 'status', width: 80, render: (s: number) => orderStatusLabel(s) },
  {
    title: '金额',
    dataIndex: 'totalAmount',
    width: 100,
    align: 'right',
    render: (amount: number, o) => formatPrice(amount, o.currency as Currency),
  },
];

/** Beside the thread: the member and their latest orders, the ticket's own order first. */
export function TicketSide({ data }: { data: AdminTicketDetailResponse }) {
  const { member, order, recentOrders } = data;
  return (
    <>
      <Card size="small" title="会员" style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label="用户名">{member.username}</Descriptions.Item>
          <Descriptions.Item label="姓名">{member.name || '—'}</Descriptions.Item>
          <Descriptions.Item label="等级">
            {MEMBER_LEVEL_LABELS[member.level] ?? member.level}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {order && (
        <Card size="small" title="工单关联订单" style={{ marginBottom: 16 }}>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="订单号">
              <Link to={orderHref(order.id)}>{order.orderNo}</Link>
            </Descriptions.Item>
            {data.ticket.packIndex !== null && (
              <Descriptions.Item label="包裹">{packLabel(data.ticket.packIndex)}</Descriptions.Item>
            )}
            <Descriptions.Item label="状态">{orderStatusLabel(order.status)}</Descriptions.Item>
            <Descriptions.Item label="下单时间">{formatTime(order.createTime)}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      <Card size="small" title="最近订单">
        <Table<TicketOrderBrief>
          rowKey="id"
          size="small"
          pagination={false}
          columns={columns}
          dataSource={recentOrders}
          locale={{ emptyText: '该会员暂无订单' }}
        />
      </Card>
    </>
  );
}
