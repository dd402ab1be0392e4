import { type AdminRecharge, formatPrice, toMinor } from '@shop/domain';
import { Button, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { PagedTable, type PageOf } from '@/components/paged-table';
import { formatTime } from '@/lib/date';
import { paths } from '@/lib/paths';

const STATUS_COLORS: Record<AdminRecharge['status'], string> = {
  pending: 'orange',
  credited: 'green',
  rejected: 'red',
  cancelled: 'default',
};

/** One page of recharges; a pending bank transfer opens its review (ApproveDialog) or is rejected. */
export function RechargeTable({
  busy,
  onApprove,
  onReject,
  ...page
}: PageOf<AdminRecharge> & {
  /** The recharge number being approved or rejected, whose buttons wait. */
  busy: string | undefined;
  /** Opens the review of a pending bank transfer. */
  onApprove: (recharge: AdminRecharge) => void;
  onReject: (recharge: AdminRecharge) => void;
}) {
  const columns: TableColumnsType<AdminRecharge> = [
    {
      title: '充值单号',
      dataIndex: 'rechargeNo',
      width: 200,
      render: (value: string) => <Typography.Text copyable>{value}</Typography.Text>,
    },
    {
      title: '会员',
      dataIndex: 'username',
      width: 110,
      render: (value: string, r) => <Link to={`${paths.page('members')}/${r.memberId}`}>{value}</Link>,
    },
    {
      title: '金额',
      dataIndex: 'amount',
      width: 120,
      align: 'right',
      render: (value: number, r) => (
        <>
          <strong>{formatPrice(toMinor(value), r.currency)}</strong>
          {r.creditedAmount !== null && r.creditedAmount !== value && (
            <div>
              <Typography.Text type="warning">
                实到 {formatPrice(toMinor(r.creditedAmount), r.currency)}
              </Typography.Text>
            </div>
          )}
        </>
      ),
    },
    { title: '方式', dataIndex: 'typeLabel', width: 100 },
    {
      title: '付款人 / 流水号',
      dataIndex: 'reference',
      width: 170,
      render: (value: string, r) => (
        <>
          {value || '—'}
          {r.hasSlip && (
            <div>
              <Tag color="blue">有转账凭证</Tag>
            </div>
          )}
        </>
      ),
    },
    { title: '提交时间', dataIndex: 'createdAt', width: 140, render: (value: string) => formatTime(value) },
    {
      title: '状态',
      dataIndex: 'statusLabel',
      width: 90,
      render: (value: string, r) => <Tag color={STATUS_COLORS[r.status]}>{value}</Tag>,
    },
    {
      title: '审核',
      key: 'review',
      width: 180,
      // Always in sight: on a narrow screen the other columns scroll under it.
      fixed: 'right',
      render: (_: unknown, r) =>
        r.status === 'pending' && r.type === 2 ? (
          <Space>
            <Button type="primary" size="small" loading={busy === r.rechargeNo} onClick={() => onApprove(r)}>
              审核入账
            </Button>
            <Button danger size="small" disabled={busy === r.rechargeNo} onClick={() => onReject(r)}>
              驳回
            </Button>
          </Space>
        ) : (
          <Typography.Text type="secondary">
            {r.reviewedBy ? `${r.reviewedBy} · ${formatTime(r.reviewedAt)}` : formatTime(r.reviewedAt)}
            {r.note ? <div>{r.note}</div> : null}
          </Typography.Text>
        ),
    },
  ];
  return (
    <PagedTable<AdminRecharge>
      columns={columns}
      rowKey="rechargeNo"
      scrollX={1110}
      emptyText="暂无充值单"
      {...page}
    />
  );
}
