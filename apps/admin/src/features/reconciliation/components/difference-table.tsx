import {
  type Currency,
  DIFFERENCE_KIND_LABELS,
  type ReconciliationDifference,
  SETTLE_ACTION_LABELS,
  settleActionOf,
} from '@shop/domain';
import { Button, Card, Empty, Grid, Spin, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatTime } from '@/lib/date';

const money = (amount: string | null, currency: Currency | null) =>
  amount === null ? '—' : `${currency ?? ''} ${amount}`;

function SettleCell({
  row,
  busy,
  onSettle,
}: {
  row: ReconciliationDifference;
  busy: number | undefined;
  onSettle: (difference: ReconciliationDifference) => void;
}) {
  return row.status === 'open' ? (
    <Button
      size="small"
      type={settleActionOf(row.kind) === 'settle_payment' ? 'primary' : 'default'}
      loading={busy === row.id}
      onClick={() => onSettle(row)}
    >
      {SETTLE_ACTION_LABELS[settleActionOf(row.kind)]}
    </Button>
  ) : (
    <span>
      <Tag color="green">已处理</Tag>
      {row.settledBy} {formatTime(row.settledAt)}
      <div className="reconciliation-note">{row.note}</div>
    </span>
  );
}

const kindCell = (row: ReconciliationDifference) => (
  <>
    <Tag color={row.status === 'open' ? 'red' : 'default'}>{row.object === 'refund' ? '退款' : '收款'}</Tag>
    {DIFFERENCE_KIND_LABELS[row.kind]}
  </>
);

const EMPTY = <Empty description="这一天渠道与本店的账目一致，没有差异" />;

/**
 * The day's differences, open first, each with its settle button or how it was settled: a table on a desktop,
 * one card per difference on a phone.
 */
export function DifferenceTable({
  items,
  loading,
  busy,
  onSettle,
}: {
  items: ReconciliationDifference[];
  loading: boolean;
  busy: number | undefined;
  onSettle: (difference: ReconciliationDifference) => void;
}) {
  const screens = Grid.useBreakpoint();
  if (screens.md === false)
    return (
      <Spin spinning={loading}>
        {items.length === 0
          ? EMPTY
          : items.map((row) => (
              <Card key={row.id} size="small" className="reconciliation-card" title={kindCell(row)}>
                <div className="reconciliation-numbers">
                  {row.tradeNo}
                  {row.refundNo ? <div>{row.refundNo}</div> : null}
                </div>
                <div>本店：{money(row.shopAmount, row.shopCurrency)}</div>
                <div>
                  渠道：{money(row.channelAmount, row.channelCurrency)}{' '}
                  {row.channelAt ? formatTime(row.channelAt) : ''}
                </div>
                <div className="reconciliation-card-settle">
                  <SettleCell row={row} busy={busy} onSettle={onSettle} />
                </div>
              </Card>
            ))}
      </Spin>
    );
  const columns: ColumnsType<ReconciliationDifference> = [
    { title: '差异', dataIndex: 'kind', render: (_, row) => kindCell(row) },
    {
      title: '交易号 / 退款单号',
      dataIndex: 'tradeNo',
      render: (tradeNo: string, row) => (
        <span className="reconciliation-numbers">
          {tradeNo}
          {row.refundNo ? <div>{row.refundNo}</div> : null}
        </span>
      ),
    },
    { title: '本店', key: 'shop', render: (_, row) => money(row.shopAmount, row.shopCurrency) },
    { title: '渠道', key: 'channel', render: (_, row) => money(row.channelAmount, row.channelCurrency) },
    { title: '渠道时间', dataIndex: 'channelAt', render: (at: string | null) => formatTime(at) },
    {
      title: '处理',
      key: 'settle',
      render: (_, row) => <SettleCell row={row} busy={busy} onSettle={onSettle} />,
    },
  ];
  return (
    <Table
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={items}
      loading={loading}
      pagination={false}
      scroll={{ x: 760 }}
      locale={{ emptyText: EMPTY }}
    />
  );
}
