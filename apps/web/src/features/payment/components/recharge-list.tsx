import { DepositLogType, type Recharge } from '@shop/domain';
import { useState } from 'react';
import { useConfirm } from '@/components/confirm-dialog';
import { Pager } from '@/components/pager';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { formatDateTime } from '@/lib/date';
import { formatMajorPrice } from '@/lib/money';
import { notify } from '@/lib/notify';
import { useCancelBankTransfer } from '../api/cancel-bank-transfer';
import { useRechargeList } from '../api/get-recharge-list';
import { RechargeSlip } from './recharge-slip';

const RECHARGE_PAGE_SIZE = 10;

/** A bank transfer the operator has not reviewed yet can be withdrawn by the member. */
const canWithdraw = (r: Recharge) => r.type === DepositLogType.BankTransferRecharge && r.status === 'pending';

/**
 * The member's recharges with their review status (待确认, 已到账, 已驳回, 已取消); a pending bank transfer has
 * 撤销, asked for confirmation first. The server decides against a concurrent approval: an approved one is not
 * withdrawn, and the shared handler says so.
 */
export function RechargeList() {
  const [pageNo, setPageNo] = useState(1);
  const list = useRechargeList({ pageNo, pageSize: RECHARGE_PAGE_SIZE });
  const withdraw = useCancelBankTransfer();
  const { confirm, dialog } = useConfirm();
  const askWithdraw = (r: Recharge) =>
    confirm({
      title: '撤销转账充值',
      content: `确认撤销充值单 ${r.rechargeNo}（${formatMajorPrice(r.amount, r.currency)}）？撤销后该笔登记不再审核入账。`,
      okText: '确认撤销',
      danger: true,
      onConfirm: () =>
        withdraw.mutateAsync({ rechargeNo: r.rechargeNo }).then(() => notify.success('已撤销')),
    });
  return (
    <section className="panel recharge-history" aria-labelledby="recharge-history-title">
      <h2 id="recharge-history-title">充值记录</h2>
      <QueryView
        query={list}
        loading={<Skeleton lines={3} title={false} />}
        isEmpty={(data) => data.items.length === 0}
        empty="暂无充值记录"
      >
        {(data) => (
          <>
            <ul className="recharge-list" aria-busy={list.isFetching}>
              {data.items.map((r) => (
                <li key={r.rechargeNo} className="recharge-item" aria-label={`充值单 ${r.rechargeNo}`}>
                  <div className="recharge-item-head">
                    <strong>{r.typeLabel}</strong>
                    <span className={`recharge-status recharge-status-${r.status}`}>{r.statusLabel}</span>
                  </div>
                  <div className="recharge-item-body">
                    <strong className="price">{formatMajorPrice(r.amount, r.currency)}</strong>
                    {r.creditedAmount !== null && r.creditedAmount !== r.amount && (
                      <strong className="recharge-credited">
                        实际到账 {formatMajorPrice(r.creditedAmount, r.currency)}
                      </strong>
                    )}
                    <span className="muted">
                      {r.rechargeNo} · {formatDateTime(r.createdAt)}
                    </span>
                    {r.reference && <span className="muted">付款人/流水号：{r.reference}</span>}
                    {r.note && <span className="muted">备注：{r.note}</span>}
                  </div>
                  {r.type === DepositLogType.BankTransferRecharge && (
                    <RechargeSlip
                      rechargeNo={r.rechargeNo}
                      hasSlip={r.hasSlip}
                      canUpload={r.status === 'pending'}
                    />
                  )}
                  {canWithdraw(r) && (
                    <div className="recharge-item-actions">
                      <button
                        type="button"
                        className="btn"
                        disabled={withdraw.isPending}
                        onClick={() => askWithdraw(r)}
                      >
                        撤销<span className="visually-hidden"> {r.rechargeNo}</span>
                      </button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
            <Pager
              pageNo={pageNo}
              pageSize={RECHARGE_PAGE_SIZE}
              totalCount={data.totalCount}
              onChange={setPageNo}
            />
          </>
        )}
      </QueryView>
      {dialog}
    </section>
  );
}
