import { formatDateTime } from '@/lib/date';
import { useApprovals } from '../api/approvals';
import { approvalReasonText } from '../approval-text';

/**
 * What a company order's approval says on the order's page (issue #38): that it waits for the company's admin and
 * until when, or why it was not approved. Asked only for an order that had to wait (`asked`).
 */
export function ApprovalNotice({ orderId, asked }: { orderId: number; asked: boolean }) {
  const approvals = useApprovals({ orderId, status: 'all', pageNo: 1, pageSize: 1 }, { enabled: asked });
  const approval = approvals.data?.items[0];
  if (!asked || !approval) return null;
  const why = approvalReasonText(approval);
  const text =
    approval.status === 'pending'
      ? `等待公司管理员审批（${why}）。请在 ${formatDateTime(approval.expiresAt)} 前获批，逾期订单自动取消。`
      : approval.status === 'approved'
        ? `${approval.decidedBy ?? '公司管理员'} 已于 ${formatDateTime(approval.decidedAt ?? approval.createdAt)} 批准（${why}）。`
        : approval.status === 'rejected'
          ? `公司管理员未批准，订单已取消。原因：${approval.note}`
          : approval.status === 'lapsed'
            ? '未在时限内获公司管理员审批，订单已自动取消。'
            : '';
  if (!text) return null;
  return (
    <p
      className={`approval-notice approval-notice-${approval.status}`}
      role="status"
      data-testid="approval-notice"
    >
      {text}
    </p>
  );
}
