import {
  type AdminMemberOrder,
  type AdminMemberTicket,
  formatPrice,
  Permission,
  toMinor,
} from '@shop/domain';
import { Alert, Button, Card, Descriptions, Result, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { useMember } from '@/features/members/api/get-member';
import { useDepositLog } from '@/features/members/api/list-deposit-log';
import { DepositDialog } from '@/features/members/components/deposit-dialog';
import { DepositLogTable } from '@/features/members/components/deposit-log-table';
import { LevelDialog } from '@/features/members/components/level-dialog';
import { ResetPasswordDialog } from '@/features/members/components/reset-password-dialog';
import { formatTime } from '@/lib/date';
import { paths } from '@/lib/paths';
import { PageLoading } from '../page-loading';
import { useCan } from '../session-context';

const orderColumns: TableColumnsType<AdminMemberOrder> = [
  {
    title: '订单号',
    dataIndex: 'orderNo',
    render: (v: string, o) => <Link to={`${paths.page('orders')}/${o.id}`}>{v}</Link>,
  },
  { title: '状态', dataIndex: 'statusLabel', width: 110, render: (v: string) => <Tag>{v}</Tag> },
  {
    title: '金额',
    dataIndex: 'totalAmount',
    width: 120,
    align: 'right',
    render: (v: number, o) => formatPrice(toMinor(v), o.currency),
  },
  { title: '下单时间', dataIndex: 'createTime', width: 150, render: (v: string) => formatTime(v) },
];

const ticketColumns: TableColumnsType<AdminMemberTicket> = [
  {
    title: '工单',
    dataIndex: 'title',
    ellipsis: true,
    render: (v: string, t) => <Link to={`${paths.page('tickets')}/${t.id}`}>{`#${t.id} ${v}`}</Link>,
  },
  { title: '状态', dataIndex: 'statusLabel', width: 110, render: (v: string) => <Tag>{v}</Tag> },
  { title: '更新时间', dataIndex: 'updateTime', width: 150, render: (v: string) => formatTime(v) },
];

const LOG_PAGE_SIZE = 20;

/** 会员详情: who the member is, their balances and log, latest orders and tickets, and the staff's actions. */
export default function MemberDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const member = useMember(valid ? id : 0);
  const [log, setLog] = useState({ pageNo: 1, pageSize: LOG_PAGE_SIZE });
  const deposit = useDepositLog({ memberId: valid ? id : 0, ...log });
  const canLevel = useCan(Permission.memberLevel);
  const canDeposit = useCan(Permission.depositAdjust);
  const canResetPassword = useCan(Permission.memberPassword);
  const [dialog, setDialog] = useState<'level' | 'deposit' | 'password'>();

  if (!valid)
    return (
      <Result status="404" title="会员不存在" extra={<Link to={paths.page('members')}>返回会员列表</Link>} />
    );
  if (member.isError) return <LoadFailed title="会员加载失败" error={member.error} retry={member.refetch} />;
  if (!member.data) return <PageLoading />;
  const { member: m, orders, orderCount, tickets, ticketCount, mustChangePassword } = member.data;

  return (
    <Space orientation="vertical" size="middle" className="full-width">
      <Card
        title={
          <Space>
            <Link to={paths.page('members')}>会员</Link>
            <span>/</span>
            <span>{m.username}</span>
            {mustChangePassword ? <Tag color="orange">待改密</Tag> : null}
          </Space>
        }
        extra={
          <Space wrap>
            {canResetPassword ? <Button onClick={() => setDialog('password')}>重置密码</Button> : null}
            {canLevel ? <Button onClick={() => setDialog('level')}>调整等级</Button> : null}
            {canDeposit ? (
              <Button type="primary" onClick={() => setDialog('deposit')}>
                余额入账
              </Button>
            ) : null}
          </Space>
        }
      >
        {mustChangePassword ? (
          <Alert
            type="warning"
            showIcon
            className="form-alert"
            title="密码已被重置，会员下次登录须修改密码。"
          />
        ) : null}
        <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label="用户名">{m.username}</Descriptions.Item>
          <Descriptions.Item label="姓名">{m.name || '—'}</Descriptions.Item>
          <Descriptions.Item label="等级">{m.level}</Descriptions.Item>
          <Descriptions.Item label="电话">{m.mobile || '—'}</Descriptions.Item>
          <Descriptions.Item label="邮箱">{m.email || '—'}</Descriptions.Item>
          <Descriptions.Item label="微信">{m.wechat || '—'}</Descriptions.Item>
          <Descriptions.Item label="公司">{m.company || '—'}</Descriptions.Item>
          <Descriptions.Item label="注册时间">{formatTime(m.createTime)}</Descriptions.Item>
          <Descriptions.Item label="最近登录">{formatTime(m.lastLoginTime)}</Descriptions.Item>
          <Descriptions.Item label="人民币余额">
            {formatPrice(toMinor(m.cnyDeposit), 'CNY')}
          </Descriptions.Item>
          <Descriptions.Item label="澳币余额">{formatPrice(toMinor(m.audDeposit), 'AUD')}</Descriptions.Item>
        </Descriptions>
      </Card>
      <div className="member-columns">
        <Card title={`最近订单（共 ${orderCount} 个）`} size="small">
          <Table<AdminMemberOrder>
            rowKey="id"
            columns={orderColumns}
            dataSource={orders}
            pagination={false}
            size="small"
            scroll={{ x: 520 }}
            locale={{ emptyText: '暂无订单' }}
          />
        </Card>
        <Card title={`最近工单（共 ${ticketCount} 个）`} size="small">
          <Table<AdminMemberTicket>
            rowKey="id"
            columns={ticketColumns}
            dataSource={tickets}
            pagination={false}
            size="small"
            scroll={{ x: 420 }}
            locale={{ emptyText: '暂无工单' }}
          />
        </Card>
      </div>
      <Card title="余额明细" size="small">
        {deposit.isError ? (
          <LoadFailed title="余额明细加载失败" error={deposit.error} retry={deposit.refetch} />
        ) : (
          <DepositLogTable
            items={deposit.data?.items ?? []}
            totalCount={deposit.data?.totalCount ?? 0}
            pageNo={log.pageNo}
            pageSize={log.pageSize}
            loading={deposit.isFetching}
            onPage={(pageNo, pageSize) =>
              setLog({ pageNo: pageSize === log.pageSize ? pageNo : 1, pageSize })
            }
          />
        )}
      </Card>
      <LevelDialog member={dialog === 'level' ? m : undefined} onClose={() => setDialog(undefined)} />
      <DepositDialog member={dialog === 'deposit' ? m : undefined} onClose={() => setDialog(undefined)} />
      <ResetPasswordDialog
        member={dialog === 'password' ? m : undefined}
        onClose={() => setDialog(undefined)}
      />
    </Space>
  );
}
