import { CURRENCY_LABELS, Currency, DEPOSIT_LOG_PAGE_SIZE } from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Pager } from '@/components/pager';
import { type QueryState, QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { formatMajorPrice } from '@/lib/money';
import { positiveIntParam } from '@/lib/params';
import { paths } from '@/lib/paths';
import { useDepositLog } from '../api/get-deposit-log';
import { paymentKeys } from '../api/keys';
import { type Balances, tradeNoParam } from '../payment-format';
import { DepositLogTable } from './deposit-log-table';
import { RechargeReturnNotice } from './recharge-return-notice';
import '../payment.css';

/** The balances as the route reads them: the member. */
export type BalancesState = QueryState<Balances>;

/** Both deposit balances, large, with 充值 (spec §3 'User': cnyDeposit, audDeposit); '—' while they load. */
export function BalanceCards({ balances }: { balances: BalancesState }) {
  return (
    <QueryView query={balances} loading={<BalanceAmounts balances={undefined} />}>
      {(data) => <BalanceAmounts balances={data} />}
    </QueryView>
  );
}

function BalanceAmounts({ balances }: { balances: Balances | undefined }) {
  return (
    <section className="deposit-balances" aria-label="账户余额">
      <div className="panel deposit-balance">
        <span className="muted">{CURRENCY_LABELS.CNY}余额</span>
        <strong className="deposit-balance-amount" data-testid="balance-cny">
          {balances ? formatMajorPrice(balances.cnyDeposit, Currency.CNY) : '—'}
        </strong>
      </div>
      <div className="panel deposit-balance">
        <span className="muted">{CURRENCY_LABELS.AUD}余额</span>
        <strong className="deposit-balance-amount" data-testid="balance-aud">
          {balances ? formatMajorPrice(balances.audDeposit, Currency.AUD) : '—'}
        </strong>
      </div>
      <Link to={paths.member.recharge()} className="btn btn-primary deposit-recharge">
        充值
      </Link>
    </section>
  );
}

/**
 * /member/deposit (spec §2, §3 'Deposit log'): the balances, and the log one page at a time (15 a page,
 * spec §9). Also the return address of an online recharge (spec §2): with ?tradeNo= it waits for the result
 * and then asks the balances and the log again (`onBalanceChanged` refreshes the member).
 */
export function DepositView({
  balances,
  onBalanceChanged,
}: {
  balances: BalancesState;
  onBalanceChanged: () => void;
}) {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const pageNo = positiveIntParam(params.get('pageNo')) ?? 1;
  const tradeNo = tradeNoParam(params.get('tradeNo'));
  const log = useDepositLog({ pageNo, pageSize: DEPOSIT_LOG_PAGE_SIZE });

  return (
    <div className="deposit-page">
      {tradeNo && (
        <RechargeReturnNotice
          tradeNo={tradeNo}
          onSettled={() => {
            void queryClient.invalidateQueries({ queryKey: paymentKeys.depositLogs() });
            void queryClient.invalidateQueries({ queryKey: paymentKeys.recharges() });
            onBalanceChanged();
          }}
          onDismiss={() => setParams({}, { replace: true })}
        />
      )}
      <BalanceCards balances={balances} />
      <section className="panel deposit-log-section" aria-labelledby="deposit-log-title">
        <h2 id="deposit-log-title">收支记录</h2>
        <QueryView
          query={log}
          loading={<Skeleton lines={6} />}
          isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState title="暂无余额明细" description="充值、订单付款和退款都会记录在这里。" />}
        >
          {(data) => (
            <>
              <div aria-busy={log.isFetching}>
                <DepositLogTable items={data.items} />
              </div>
              <Pager
                pageNo={pageNo}
                pageSize={DEPOSIT_LOG_PAGE_SIZE}
                totalCount={data.totalCount}
                onChange={(page) => setParams(page > 1 ? { pageNo: String(page) } : {})}
              />
            </>
          )}
        </QueryView>
      </section>
    </div>
  );
}
