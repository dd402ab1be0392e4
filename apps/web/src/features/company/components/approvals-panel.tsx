import {
  APPROVAL_HOLD_HOURS,
  APPROVAL_STATUS_LABELS,
  type CompanyRole,
  type OrderApproval,
} from '@shop/domain';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '@/components/confirm-dialog';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { formatDateTime } from '@/lib/date';
import { formatMajorPrice } from '@/lib/money';
import { paths } from '@/lib/paths';
import { useApprovals, useApproveOrder, useRejectOrder } from '../api/approvals';
import { approvalReasonText } from '../approval-text';

const PAGE_SIZE = 20;

/**
 * 订单审批 (issue #38): for an admin, the company's buyers' orders over their limits, each approved or rejected
 * with a reason; for a buyer, their own; for a viewer, the company's to read. Waiting ones first in the server's
 * order (newest first), each with when its hold lapses.
 */
export function ApprovalsPanel({
  role,
  onOrdersChanged,
}: {
  role: CompanyRole;
  onOrdersChanged: () => void;
}) {
  const isAdmin = role === 'admin';
  const [pendingOnly, setPendingOnly] = useState(isAdmin);
  const [pageNo, setPageNo] = useState(1);
  const approvals = useApprovals(
    { status: pendingOnly ? 'pending' : 'all', pageNo, pageSize: PAGE_SIZE },
    { paging: true },
  );
  const approve = useApproveOrder(onOrdersChanged);
  const reject = useRejectOrder(onOrdersChanged);
  const { confirm, dialog } = useConfirm();
  const reason = useRef('');
  const busy = approve.isPending || reject.isPending;

  const askReject = (approval: OrderApproval) => {
    reason.current = '';
    confirm({
      title: '拒绝订单',
      content: <RejectReason orderNo={approval.orderNo} onChange={(text) => (reason.current = text)} />,
      okText: '确定拒绝',
      danger: true,
      onConfirm: () => reject.mutateAsync({ orderId: approval.orderId, reason: reason.current }),
    });
  };

  return (
    <section className="panel" aria-labelledby="company-approvals-title">
      <div className="company-panel-head">
        <h2 className="panel-title" id="company-approvals-title">
          {role === 'buyer' ? '我的订单审批' : '订单审批'}
        </h2>
        <label className="company-filter">
          <input
            type="checkbox"
            checked={pendingOnly}
            onChange={(event) => {
              setPendingOnly(event.target.checked);
              setPageNo(1);
            }}
          />
          只看待审批
        </label>
      </div>
      <p className="muted company-approvals-hint">
        采购员的订单超出其单笔或月度额度时需管理员审批，库存保留 {APPROVAL_HOLD_HOURS} 小时，逾期自动取消。
      </p>
      <QueryView
        query={approvals}
        loading={<Skeleton lines={3} />}
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="muted">{pendingOnly ? '没有待审批的订单。' : '还没有需要审批的订单。'}</p>}
      >
        {({ items, totalCount }) => (
          <>
            <ul className="company-list" aria-label="订单审批">
              {items.map((approval) => (
                <li key={approval.orderId} className="company-row" data-testid="approval-row">
                  <div className="company-row-main">
                    <strong>
                      <Link to={paths.order(approval.orderId)}>{approval.orderNo}</Link>{' '}
                      <span className="price">{formatMajorPrice(approval.amount, approval.currency)}</span>
                    </strong>
                    <span>
                      <span className={`approval-status approval-status-${approval.status}`}>
                        {APPROVAL_STATUS_LABELS[approval.status]}
                      </span>{' '}
                      <span className="muted">
                        {approval.buyer} · {formatDateTime(approval.createdAt)} 下单
                      </span>
                    </span>
                    <span className="muted">{approvalReasonText(approval)}</span>
                    {approval.status === 'pending' ? (
                      <span className="muted">请在 {formatDateTime(approval.expiresAt)} 前审批</span>
                    ) : (
                      approval.decidedAt && (
                        <span className="muted">
                          {approval.decidedBy ? `${approval.decidedBy} ` : ''}
                          {formatDateTime(approval.decidedAt)}
                          {approval.note ? ` · 原因：${approval.note}` : ''}
                        </span>
                      )
                    )}
                  </div>
                  {isAdmin && approval.status === 'pending' && (
                    <div className="company-row-actions">
                      <Button type="primary" disabled={busy} onClick={() => approve.mutate(approval.orderId)}>
                        批准
                      </Button>
                      <Button danger disabled={busy} onClick={() => askReject(approval)}>
                        拒绝
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
            {totalCount > PAGE_SIZE && (
              <nav className="company-pages" aria-label="审批分页">
                <button
                  type="button"
                  className="btn"
                  disabled={pageNo <= 1}
                  onClick={() => setPageNo(pageNo - 1)}
                >
                  上一页
                </button>
                <span className="muted">
                  第 {pageNo} / {Math.ceil(totalCount / PAGE_SIZE)} 页
                </span>
                <button
                  type="button"
                  className="btn"
                  disabled={pageNo * PAGE_SIZE >= totalCount}
                  onClick={() => setPageNo(pageNo + 1)}
                >
                  下一页
                </button>
              </nav>
            )}
          </>
        )}
      </QueryView>
      {dialog}
    </section>
  );
}

/** The reason asked for in the rejection's dialog: the buyer reads it in their message. */
function RejectReason({ orderNo, onChange }: { orderNo: string; onChange: (text: string) => void }) {
  const [text, setText] = useState('');
  return (
    <div className="company-reject">
      <p>拒绝后订单 {orderNo} 将被取消，预留的库存释放，下单的采购员会收到消息。</p>
      <label htmlFor="company-reject-reason">拒绝原因</label>
      <textarea
        id="company-reject-reason"
        className="text-box"
        rows={3}
        maxLength={200}
        value={text}
        placeholder="如：本月预算已用完，请下月再订"
        onChange={(event) => {
          setText(event.target.value);
          onChange(event.target.value);
        }}
      />
    </div>
  );
}
