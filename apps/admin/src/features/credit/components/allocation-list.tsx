import { type AdminAccountInvoice, type Currency, formatPrice, toMinor } from '@shop/domain';
import { Alert, Button, Input, Space, Table, type TableColumnsType, Typography } from 'antd';
import { type Allocatable, type AllocationCheck, type AllocationInputs, byDueDate } from '../allocation';

/** An unpaid invoice in the allocation list: what it owes in minor units, beside its numbers and days. */
export interface AllocationRow extends Allocatable {
  invoiceNo: string;
  orderNo: string;
  overdue: boolean;
}

/** The unpaid invoices of a currency, oldest due first, as the list shows them. */
export function allocationRows(
  invoices: readonly AdminAccountInvoice[],
  currency: Currency,
): AllocationRow[] {
  return byDueDate(
    invoices
      .filter((i) => i.currency === currency && i.owed > 0)
      .map((i) => ({
        id: i.id,
        invoiceNo: i.invoiceNo,
        orderNo: i.orderNo,
        dueOn: i.dueOn,
        issuedOn: i.issuedOn,
        owed: toMinor(i.owed),
        overdue: i.state === 'overdue',
      })),
  );
}

/**
 * The company's unpaid invoices in the payment's currency with an amount to allocate to each (prefilled oldest due
 * first), and what stays unallocated. Problems show beside their invoice and under the list.
 */
export function AllocationList({
  rows,
  currency,
  amount,
  inputs,
  check,
  loading,
  failed,
  truncated,
  emptyText,
  onChange,
  onPrefill,
}: {
  rows: AllocationRow[];
  currency: Currency;
  /** The money to allocate, minor units; null until a valid amount is typed. */
  amount: number | null;
  inputs: AllocationInputs;
  check: AllocationCheck;
  loading: boolean;
  /** The unpaid invoices did not load. */
  failed: Error | null;
  /** The company has more unpaid invoices than one request lists. */
  truncated: boolean;
  /** What the list says when the currency has no unpaid invoice. */
  emptyText: string;
  onChange: (next: AllocationInputs) => void;
  onPrefill: () => void;
}) {
  const columns: TableColumnsType<AllocationRow> = [
    { title: '账单号', dataIndex: 'invoiceNo', width: 160 },
    { title: '订单号', dataIndex: 'orderNo', width: 160 },
    {
      title: '到期日',
      dataIndex: 'dueOn',
      width: 110,
      render: (v: string, r) =>
        r.overdue ? <Typography.Text type="danger">{v}（逾期）</Typography.Text> : v,
    },
    {
      title: '未付',
      dataIndex: 'owed',
      width: 110,
      align: 'right',
      render: (v: number) => formatPrice(v, currency),
    },
    {
      title: '本次分配（元）',
      width: 170,
      render: (_, r) => {
        const problem = check.rowProblems[r.id];
        return (
          <>
            <Input
              aria-label={`分配金额 ${r.invoiceNo}`}
              inputMode="decimal"
              placeholder="0.00"
              status={problem ? 'error' : undefined}
              value={inputs[r.id] ?? ''}
              onChange={(e) => onChange({ ...inputs, [r.id]: e.target.value })}
            />
            {problem ? <Typography.Text type="danger">{problem}</Typography.Text> : null}
          </>
        );
      },
    },
  ];
  return (
    <div className="allocation-list">
      <div className="section-head">
        <Typography.Text strong>分配到未付账单</Typography.Text>
        <Space>
          <Button size="small" onClick={onPrefill} disabled={amount === null || rows.length === 0}>
            按到期日分配
          </Button>
          <Button size="small" onClick={() => onChange({})} disabled={rows.length === 0}>
            清空
          </Button>
        </Space>
      </div>
      {failed ? (
        <Alert type="error" showIcon className="form-alert" title={`未付账单加载失败：${failed.message}`} />
      ) : null}
      {truncated ? (
        <Alert
          type="warning"
          showIcon
          className="form-alert"
          title="未付账单较多，这里只列出了其中一部分；其余账单可在收款后用「分配」继续分配。"
        />
      ) : null}
      <Table<AllocationRow>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        size="small"
        scroll={{ x: 710 }}
        locale={{ emptyText }}
      />
      <Typography.Paragraph className="allocation-summary" data-testid="allocation-summary">
        {check.overAmount ? (
          <Typography.Text type="danger">{check.overAmount}</Typography.Text>
        ) : (
          <>
            已分配 <Typography.Text strong>{formatPrice(check.total, currency)}</Typography.Text>，未分配{' '}
            <Typography.Text strong type={check.remainder > 0 ? 'warning' : undefined}>
              {formatPrice(Math.max(0, check.remainder), currency)}
            </Typography.Text>
            {check.remainder > 0 ? '（留在该笔收款上，可稍后分配）' : null}
          </>
        )}
      </Typography.Paragraph>
    </div>
  );
}
