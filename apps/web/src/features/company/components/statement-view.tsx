import {
  ACCOUNT_INVOICE_STATE_LABELS,
  type AccountInvoice,
  type CompanyRole,
  CURRENCIES,
  CURRENCY_LABELS,
  type Currency,
  type StatementListResponse,
} from '@shop/domain';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Pager } from '@/components/pager';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { StateTabs } from '@/components/state-tabs';
import { formatMajorPrice } from '@/lib/money';
import { notify } from '@/lib/notify';
import { listQuery, positiveIntParam } from '@/lib/params';
import { paths } from '@/lib/paths';
import { useExportStatement } from '../api/export-statement';
import { useStatement } from '../api/get-statement';
import { usePayInvoiceByDeposit } from '../api/pay-invoice-by-deposit';
import {
  STATEMENT_STATE_TABS,
  type StatementState,
  statementCurrencyParam,
  statementStateParam,
} from './statement-state';
import '../statement.css';

const PayInvoiceDialog = lazy(() => import('./pay-invoice-dialog'));

const PAGE_SIZE = 20;

/** The member's deposit balances in major units, as the route reads them from the member. */
export interface DepositBalances {
  cnyDeposit: number;
  audDeposit: number;
}

export interface StatementViewProps {
  role: CompanyRole;
  /** The signed-in member's balances (an admin settles invoices from them); undefined while they load. */
  balances: DepositBalances | undefined;
  /** An invoice was settled from the deposit: the route refreshes the balances and the payment methods. */
  onBalanceChanged: () => void;
}

/**
 * 对账单 (/member/company/statement, issue #38): the company's credit per currency and what it owes, a notice while an
 * overdue invoice blocks paying on account, and its invoices by state and currency, one page at a time (the filters
 * and page live in the address), downloadable as PDF or Excel. An admin settles an unpaid invoice from their deposit.
 */
export function StatementView({ role, balances, onBalanceChanged }: StatementViewProps) {
  const [params, setParams] = useSearchParams();
  const state = statementStateParam(params.get('state'));
  const currency = statementCurrencyParam(params.get('currency'));
  const pageNo = positiveIntParam(params.get('pageNo')) ?? 1;
  const filters = { state, ...(currency ? { currency } : {}) };
  const statement = useStatement({ pageNo, pageSize: PAGE_SIZE, ...filters });
  const download = useExportStatement();
  const isAdmin = role === 'admin';
  const [paying, setPaying] = useState<AccountInvoice | null>(null);
  const pay = usePayInvoiceByDeposit(onBalanceChanged);

  const go = (next: { state: StatementState; currency: Currency | undefined; pageNo?: number }) =>
    setParams(
      listQuery(
        { state: next.state === 'all' ? undefined : next.state, currency: next.currency },
        next.pageNo,
      ),
    );

  const data = statement.data;
  const downloading = download.isPending ? download.variables.format : null;

  return (
    <div className="panel-stack statement-page">
      {data?.blocked && (
        <p className="statement-blocked" role="alert">
          有逾期账单，账期支付已暂停，请尽快付款
        </p>
      )}
      {data ? (
        <CreditSummary credit={data.credit} totals={data.totals} />
      ) : (
        statement.isPending && <Skeleton lines={3} />
      )}

      <section className="panel statement-invoices" aria-labelledby="statement-invoices-title">
        <div className="company-panel-head">
          <h2 className="panel-title" id="statement-invoices-title">
            账单
          </h2>
          <div className="statement-downloads">
            {(['pdf', 'xlsx'] as const).map((format) => (
              <button
                key={format}
                type="button"
                className="btn"
                aria-busy={downloading === format}
                disabled={downloading !== null || !data || data.totalCount === 0}
                onClick={() => void download.mutateAsync({ format, ...filters }).catch(() => undefined)}
              >
                {format === 'pdf' ? '下载 PDF' : '下载 Excel'}
              </button>
            ))}
          </div>
        </div>
        <div className="statement-filters">
          <StateTabs
            label="账单状态"
            tabs={STATEMENT_STATE_TABS}
            value={state}
            onChange={(tab) => go({ state: tab, currency })}
          />
          <div className="segmented" role="radiogroup" aria-label="币种">
            {[undefined, ...CURRENCIES].map((c) => (
              <label key={c ?? 'all'} className="segmented-option">
                <input
                  type="radio"
                  name="statement-currency"
                  value={c ?? ''}
                  checked={currency === c}
                  onChange={() => go({ state, currency: c })}
                />
                <span>{c ? CURRENCY_LABELS[c] : '全部币种'}</span>
              </label>
            ))}
          </div>
        </div>
        <QueryView
          query={statement}
          loading={<Skeleton lines={6} title={false} />}
          isEmpty={(answer) => answer.items.length === 0}
          empty={
            <EmptyState
              title="暂无账单"
              description={
                state === 'all' && !currency
                  ? '订单使用账期支付后，账单会显示在这里。'
                  : '没有符合筛选条件的账单。'
              }
            />
          }
        >
          {(answer) => (
            <>
              <div aria-busy={statement.isFetching}>
                <InvoiceTable items={answer.items} isAdmin={isAdmin} onPay={setPaying} />
              </div>
              <Pager
                pageNo={pageNo}
                pageSize={PAGE_SIZE}
                totalCount={answer.totalCount}
                onChange={(page) => go({ state, currency, pageNo: page })}
                compact
              />
            </>
          )}
        </QueryView>
      </section>

      {paying && (
        <Suspense fallback={<div className="modal-loading" role="status" aria-label="加载中" />}>
          <PayInvoiceDialog
            invoice={paying}
            balance={balances && (paying.currency === 'AUD' ? balances.audDeposit : balances.cnyDeposit)}
            busy={pay.isPending}
            onClose={() => setPaying(null)}
            onPay={(amount) =>
              pay.mutate(
                { invoiceId: paying.id, amount, paidBefore: paying.paid },
                {
                  onSuccess: ({ invoice }) => {
                    const paid = formatMajorPrice(amount, invoice.currency);
                    notify.success(
                      invoice.owed > 0
                        ? `已还款 ${paid}，账单 ${invoice.invoiceNo} 尚欠 ${formatMajorPrice(invoice.owed, invoice.currency)}`
                        : `已还款 ${paid}，账单 ${invoice.invoiceNo} 已结清`,
                    );
                    setPaying(null);
                  },
                },
              )
            }
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The company's credit in each currency it has credit or owes in: the limit, used and available, the terms, and what
 * it owes (of which overdue). Without any, a line saying paying on account is not open.
 */
function CreditSummary({ credit, totals }: Pick<StatementListResponse, 'credit' | 'totals'>) {
  const currencies = CURRENCIES.filter(
    (c) => credit.some((line) => line.currency === c) || totals.some((line) => line.currency === c),
  );
  if (currencies.length === 0)
    return (
      <section className="panel" aria-label="账期额度">
        <p className="muted statement-no-credit">贵公司尚未开通账期支付。如需开通，请联系客服。</p>
      </section>
    );
  return (
    <div className="statement-credits">
      {currencies.map((c) => {
        const line = credit.find((entry) => entry.currency === c);
        const total = totals.find((entry) => entry.currency === c);
        const money = (amount: number) => formatMajorPrice(amount, c);
        const titleId = `statement-credit-${c}`;
        return (
          <section key={c} className="panel statement-credit" aria-labelledby={titleId}>
            <h2 className="panel-title" id={titleId}>
              {CURRENCY_LABELS[c]}账期
            </h2>
            <dl className="company-facts statement-credit-facts">
              {line && (
                <>
                  <dt>额度</dt>
                  <dd>{money(line.limit)}</dd>
                  <dt>已用</dt>
                  <dd>{money(line.used)}</dd>
                  <dt>可用</dt>
                  <dd className="statement-available">{money(line.available)}</dd>
                  <dt>账期</dt>
                  <dd>{line.termsDays} 天</dd>
                </>
              )}
              <dt>未付合计</dt>
              <dd>{money(total?.owed ?? 0)}</dd>
              <dt>其中逾期</dt>
              <dd className={total && total.overdue > 0 ? 'statement-overdue' : undefined}>
                {money(total?.overdue ?? 0)}
              </dd>
            </dl>
          </section>
        );
      })}
    </div>
  );
}

/**
 * The invoices: a table on a wide screen (scrolling sideways when the column is narrow); on a phone each row reads
 * as a card (statement.css). An admin's unpaid rows have 余额还款.
 */
function InvoiceTable({
  items,
  isAdmin,
  onPay,
}: {
  items: readonly AccountInvoice[];
  isAdmin: boolean;
  onPay: (invoice: AccountInvoice) => void;
}) {
  return (
    <div className="record-scroll">
      <table className="record-table card-table">
        <thead>
          <tr>
            <th scope="col">账单号</th>
            <th scope="col">订单号</th>
            <th scope="col">下单人</th>
            <th scope="col" className="num">
              金额
            </th>
            <th scope="col" className="num">
              已付
            </th>
            <th scope="col" className="num">
              未付
            </th>
            <th scope="col">到期日</th>
            <th scope="col">状态</th>
            {isAdmin && <th scope="col">操作</th>}
          </tr>
        </thead>
        <tbody>
          {items.map((invoice) => {
            const money = (amount: number) => formatMajorPrice(amount, invoice.currency);
            return (
              <tr key={invoice.id} data-testid="statement-row">
                <td data-label="账单号">{invoice.invoiceNo}</td>
                <td data-label="订单号">
                  <Link to={paths.order(invoice.orderId)}>{invoice.orderNo}</Link>
                </td>
                <td data-label="下单人">{invoice.buyer}</td>
                <td data-label="金额" className="num">
                  {money(invoice.amount)}
                </td>
                <td data-label="已付" className="num">
                  {money(invoice.paid)}
                </td>
                <td data-label="未付" className="num statement-owed">
                  {money(invoice.owed)}
                </td>
                <td data-label="到期日">{invoice.dueOn}</td>
                <td data-label="状态">
                  <span className={`statement-state statement-state-${invoice.state}`}>
                    {ACCOUNT_INVOICE_STATE_LABELS[invoice.state]}
                  </span>
                </td>
                {isAdmin && (
                  <td data-label="操作">
                    {invoice.owed > 0 ? (
                      <button type="button" className="btn statement-pay" onClick={() => onPay(invoice)}>
                        余额还款
                      </button>
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
