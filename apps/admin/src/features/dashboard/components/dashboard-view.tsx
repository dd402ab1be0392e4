import { type DashboardResponse, formatPrice, OrderStatus, Permission } from '@shop/domain';
import { Badge, Card, Col, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router';

/** A to-do: how many wait, and the filtered list that holds them (none yet for goods: console part 2). */
interface Todo {
  key: keyof DashboardResponse['todo'];
  label: string;
  to?: string;
  permission: Permission;
}

export const TODOS: readonly Todo[] = [
  {
    key: 'paidToPush',
    label: '已付款待推送的订单',
    to: `/orders?status=${OrderStatus.Paid}`,
    permission: Permission.orderFulfil,
  },
  {
    key: 'packsToShip',
    label: '待发货的包裹',
    to: `/orders?status=${OrderStatus.AwaitingDispatch}`,
    permission: Permission.orderFulfil,
  },
  {
    key: 'ticketsWaiting',
    label: '待客服回复的工单',
    // The queue opens with the tickets waiting for the shop first, then the new ones: the two this counts.
    to: '/tickets',
    permission: Permission.ticketHandle,
  },
  { key: 'rechargesWaiting', label: '待审核的充值', to: '/recharges', permission: Permission.rechargeReview },
  {
    key: 'lowStock',
    label: '库存降到提醒线的商品',
    to: '/stock?low=1',
    permission: Permission.stockAdjust,
  },
];

function Sales({ title, sales }: { title: string; sales: DashboardResponse['today'] }) {
  return (
    <Card title={title}>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Statistic title="订单数" value={sales.orders} />
        </Col>
        <Col xs={12} sm={8}>
          <Statistic title="已付款（澳币）" value={formatPrice(sales.aud, 'AUD')} />
        </Col>
        <Col xs={12} sm={8}>
          <Statistic title="已付款（人民币）" value={formatPrice(sales.cny, 'CNY')} />
        </Col>
      </Row>
    </Card>
  );
}

/**
 * 工作台: today's and this week's orders and takings per currency (days on the shop's clock, named by `zoneName`),
 * and the to-dos this role may open.
 */
export function DashboardView({
  data,
  permissions,
  zoneName,
}: {
  data: DashboardResponse;
  permissions: readonly string[];
  /** The shop's zone as staff read it ('北京时间'). */
  zoneName: string;
}) {
  const todos = TODOS.filter((todo) => permissions.includes(todo.permission));
  return (
    // No side gutter on a phone: the page has no side padding there, and the gutter's margins would overflow it.
    <Row gutter={[{ xs: 0, md: 16 }, 16]}>
      <Col xs={24} xl={12}>
        <Sales title={`今日（${zoneName}）`} sales={data.today} />
      </Col>
      <Col xs={24} xl={12}>
        <Sales title="本周（周一起）" sales={data.week} />
      </Col>
      <Col span={24}>
        <Card title="待办">
          {todos.length === 0 ? (
            <Typography.Text type="secondary">当前角色没有待办事项</Typography.Text>
          ) : (
            <ul className="todo-list">
              {todos.map((todo) => (
                <li key={todo.key}>
                  <span>
                    <Badge
                      count={data.todo[todo.key]}
                      showZero
                      overflowCount={999}
                      color={data.todo[todo.key] > 0 ? 'red' : 'gray'}
                    />
                    {todo.to ? (
                      <Link to={todo.to} className="todo-label">
                        {todo.label}
                      </Link>
                    ) : (
                      <span className="todo-label">{todo.label}</span>
                    )}
                  </span>
                  {todo.to && <Link to={todo.to}>去处理</Link>}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </Col>
    </Row>
  );
}
