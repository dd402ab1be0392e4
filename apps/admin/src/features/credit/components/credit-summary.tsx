import { type AdminCreditDetail, CURRENCIES, CURRENCY_LABELS, type Currency } from '@shop/domain';
import { Table, type TableColumnsType, Typography } from 'antd';
import { money } from './labels';

interface Row {
  currency: Currency;
  limit: number | null;
  used: number | null;
  available: number | null;
  termsDays: number | null;
  owed: number;
  overdue: number;
}

/** One row per currency the company has credit or owes in: the credit beside what it owes. */
function rowsOf(detail: AdminCreditDetail): Row[] {
  return CURRENCIES.flatMap((currency): Row[] => {
    const credit = detail.credit.find((c) => c.currency === currency);
    const total = detail.totals.find((t) => t.currency === currency);
    if (!credit && !total) return [];
    return [
      {
        currency,
        limit: credit?.limit ?? null,
        used: credit?.used ?? null,
        available: credit?.available ?? null,
        termsDays: credit?.termsDays ?? null,
        owed: total?.owed ?? 0,
        overdue: total?.overdue ?? 0,
      },
    ];
  });
}

const orDash = (v: number | null, currency: Currency) => (v === null ? '—' : money(v, currency));

const columns: TableColumnsType<Row> = [
  { title: '币种', dataIndex: 'currency', width: 110, render: (v: Currency) => `${CURRENCY_LABELS[v]} ${v}` },
  {
    title: '额度',
    dataIndex: 'limit',
    width: 130,
    align: 'right',
    render: (v: number | null, r) => orDash(v, r.currency),
  },
  {
    title: '已用',
    dataIndex: 'used',
    width: 130,
    align: 'right',
    render: (v: number | null, r) => orDash(v, r.currency),
  },
  {
    title: '可用',
    dataIndex: 'available',
    width: 130,
    align: 'right',
    render: (v: number | null, r) => <Typography.Text strong>{orDash(v, r.currency)}</Typography.Text>,
  },
  {
    title: '账期',
    dataIndex: 'termsDays',
    width: 80,
    render: (v: number | null) => (v === null ? '—' : `${v} 天`),
  },
  {
    title: '未付合计',
    dataIndex: 'owed',
    width: 130,
    align: 'right',
    render: (v: number, r) => money(v, r.currency),
  },
  {
    title: '其中逾期',
    dataIndex: 'overdue',
    width: 130,
    align: 'right',
    render: (v: number, r) =>
      v > 0 ? <Typography.Text type="danger">{money(v, r.currency)}</Typography.Text> : money(v, r.currency),
  },
];

/** The company's credit per currency (limit, used, available, terms) and what it owes, overdue in red. */
export function CreditSummary({ detail }: { detail: AdminCreditDetail }) {
  return (
    <Table<Row>
      rowKey="currency"
      columns={columns}
      dataSource={rowsOf(detail)}
      pagination={false}
      size="small"
      scroll={{ x: 840 }}
      locale={{ emptyText: '尚未开通账期' }}
    />
  );
}
