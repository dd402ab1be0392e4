import {
  type ApprovalListResponse,
  ApprovalMessages,
  type approvalListRequestSchema,
  type approvalRejectRequestSchema,
  type CompanyRole,
  MessageType,
  type OrderApproval,
  ResultCode,
  toMajor,
} from '@shop/domain';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { AppError, notFoundError, paramsError } from '../lib/app-error';
import type { AuditRecorder } from '../lib/audit';
import type { Clock } from '../lib/clock';
import type { MemberNotifier } from '../lib/member-notice';
import type { CatalogueService } from '../modules/catalogue';
import {
  type ApprovalRow,
  type ApprovalScope,
  decideApproval,
  findApproval,
  lapsedApprovals,
  listApprovals,
  memberActor,
} from '../modules/company';
import type { InventoryService } from '../modules/inventory';
import { APPROVAL_RESULTS } from '../modules/notices';
import type { OrderService } from '../modules/order';

export interface OrderApprovalDeps {
  db: Database;
  clock: Clock;
  /** The caller's company and role, read afresh (the company module). */
  membership: (memberId: number) => Promise<{ companyId: number; role: CompanyRole } | null>;
  /** Members' names for the list (the member module). */
  memberNames: (ids: readonly number[]) => Promise<Map<number, string>>;
  orders: Pick<OrderService, 'confirmAwaiting' | 'cancelAwaiting'>;
  /** A rejected or lapsed order's stock and sales go back through the inventory, as a cancel's do. */
  inventory: Pick<InventoryService, 'returnStock' | 'removeSales'>;
  catalogue: Pick<CatalogueService, 'catalogueChanged'>;
  notify: MemberNotifier;
  audit: AuditRecorder;
}

export type OrderApprovalFlow = ReturnType<typeof createOrderApprovalFlow>;
type ListInput = z.output<typeof approvalListRequestSchema>;
type RejectInput = z.output<typeof approvalRejectRequestSchema>;

/** The most lapsed approvals one sweep ends; the next sweep takes the rest. */
const SWEEP_BATCH = 50;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The approvals of buyers' orders over their limits (issue #38 part 2, docs/decisions/055). Approving moves the
 * order from NotConfirmed -1 to NotPaid 0; rejecting it or its hold lapsing cancels it, giving its stock back, as
 * the cancel-order workflow does. Each decision is one conditional update of the approval, in one transaction
 * with the order's move, so two admins deciding at once change the order once.
 */
export function createOrderApprovalFlow(deps: OrderApprovalDeps) {
  const { db, clock, membership, memberNames, orders, inventory, catalogue, notify, audit } = deps;

  async function toDtos(rows: readonly ApprovalRow[]): Promise<OrderApproval[]> {
    const names = await memberNames([
      ...new Set(
        rows.flatMap((row) => (row.decidedBy === null ? [row.memberId] : [row.memberId, row.decidedBy])),
      ),
    ]);
    return rows.map((row) => ({
      orderId: row.orderId,
      orderNo: row.orderNo,
      buyer: names.get(row.memberId) ?? '',
      currency: row.currency === 'AUD' ? 'AUD' : 'CNY',
      amount: toMajor(row.amount),
      reason: row.reason === 'perMonth' ? 'perMonth' : 'perOrder',
      limit: toMajor(row.limitAmount),
      spentBefore: toMajor(row.spentBefore),
      status: row.status as OrderApproval['status'],
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      decidedBy: row.decidedBy === null ? null : (names.get(row.decidedBy) ?? ''),
      decidedAt: iso(row.decidedAt),
      note: row.note,
    }));
  }

  async function adminOf(memberId: number) {
    const mine = await membership(memberId);
    if (!mine) throw notFoundError(ApprovalMessages.notFound);
    if (mine.role !== 'admin') throw new AppError(ResultCode.PermissionDenied, ApprovalMessages.adminOnly);
    return mine;
  }

  /** Why a decision changed nothing: the approval is not the company's, was decided, or lapsed. */
  async function refusal(
    orderId: number,
    companyId: number,
    wanted: 'approved' | 'rejected',
  ): Promise<OrderApproval> {
    const row = await findApproval(db, orderId);
    if (!row || row.companyId !== companyId) throw notFoundError(ApprovalMessages.notFound);
    // The same decision repeated answers it again.
    if (row.status === wanted) return (await toDtos([row]))[0] as OrderApproval;
    if (row.status === 'pending' || row.status === 'lapsed') throw paramsError(ApprovalMessages.lapsed);
    if (row.status === 'withdrawn') throw paramsError(ApprovalMessages.orderClosed);
    throw paramsError(ApprovalMessages.decided);
  }

  /** Cancels the waiting order of a decided approval and gives its stock back, in the decision's transaction. */
  async function cancelWaiting(tx: Database, orderId: number): Promise<boolean> {
    const cancelled = await orders.cancelAwaiting(tx, orderId);
    if (!cancelled) return false;
    await inventory.returnStock(cancelled.released.stock, tx);
    await inventory.removeSales(cancelled.released.sales, tx);
    return true;
  }

  return {
    /** list/: an admin or a viewer sees the company's approvals, a buyer their own; newest first. */
    async list(memberId: number, input: ListInput): Promise<ApprovalListResponse> {
      const mine = await membership(memberId);
      if (!mine) return { items: [], totalCount: 0 };
      const scope: ApprovalScope =
        mine.role === 'buyer' ? { companyId: mine.companyId, memberId } : { companyId: mine.companyId };
      const { rows, total } = await listApprovals(db, scope, {
        pendingOnly: input.status === 'pending',
        orderId: input.orderId,
        offset: (input.pageNo - 1) * input.pageSize,
        limit: input.pageSize,
      });
      return { items: await toDtos(rows), totalCount: total };
    },

    /** approve/: the company's admin lets a waiting order on to 待支付. */
    async approve(memberId: number, orderId: number, ip: string | null): Promise<OrderApproval> {
      const { companyId } = await adminOf(memberId);
      const now = clock();
      const decided = await db.transaction(async (tx) => {
        const row = await decideApproval(tx, {
          orderId,
          companyId,
          status: 'approved',
          decidedBy: memberId,
          note: '',
          at: now,
          notLapsedAt: now,
        });
        if (!row) return null;
        // The buyer cancelled it meanwhile: nothing is approved (the transaction rolls the decision back).
        if (!(await orders.confirmAwaiting(tx, orderId))) throw paramsError(ApprovalMessages.orderClosed);
        await audit(tx, {
          by: memberActor(memberId, ip),
          action: 'company.approve',
          objectType: 'order',
          objectId: orderId,
          after: { status: 'approved', orderNo: row.orderNo },
        });
        await notify(tx, {
          memberId: row.memberId,
          type: MessageType.TradeLogistics,
          title: '订单已获批准',
          content: `您的订单 ${row.orderNo} 已获公司管理员批准，请尽快支付。`,
          link: `/payment?orderId=${orderId}`,
          outside: {
            kind: 'approvalDecided',
            params: { orderNo: row.orderNo, result: APPROVAL_RESULTS.approved },
          },
        });
        return row;
      });
      if (!decided) return refusal(orderId, companyId, 'approved');
      return (await toDtos([decided]))[0] as OrderApproval;
    },

    /** reject/: the company's admin turns a waiting order down with a reason; it is cancelled and its stock freed. */
    async reject(memberId: number, input: RejectInput, ip: string | null): Promise<OrderApproval> {
      const { companyId } = await adminOf(memberId);
      const now = clock();
      const decided = await db.transaction(async (tx) => {
        const row = await decideApproval(tx, {
          orderId: input.orderId,
          companyId,
          status: 'rejected',
          decidedBy: memberId,
          note: input.reason,
          at: now,
        });
        if (!row) return null;
        await cancelWaiting(tx, input.orderId);
        await audit(tx, {
          by: memberActor(memberId, ip),
          action: 'company.reject',
          objectType: 'order',
          objectId: input.orderId,
          after: { status: 'rejected', orderNo: row.orderNo, reason: input.reason },
        });
        await notify(tx, {
          memberId: row.memberId,
          type: MessageType.TradeLogistics,
          title: '订单未获批准',
          content: `您的订单 ${row.orderNo} 未获公司管理员批准，已取消。原因：${input.reason}`,
          link: `/order/${input.orderId}`,
          outside: {
            kind: 'approvalDecided',
            params: { orderNo: row.orderNo, result: APPROVAL_RESULTS.rejected },
          },
        });
        return row;
      });
      if (!decided) return refusal(input.orderId, companyId, 'rejected');
      await catalogue.catalogueChanged();
      return (await toDtos([decided]))[0] as OrderApproval;
    },

    /**
     * Ends the approvals whose hold lapsed: each order is cancelled and its stock given back, and its buyer told.
     * Run every minute by every process: the conditional update lets one of them end each. Answers how many.
     */
    async sweep(): Promise<number> {
      const now = clock();
      let ended = 0;
      for (const lapsed of await lapsedApprovals(db, now, SWEEP_BATCH)) {
        const done = await db.transaction(async (tx) => {
          const row = await decideApproval(tx, {
            orderId: lapsed.orderId,
            companyId: lapsed.companyId,
            status: 'lapsed',
            decidedBy: null,
            note: '',
            at: now,
          });
          if (!row) return false;
          await cancelWaiting(tx, row.orderId);
          await notify(tx, {
            memberId: row.memberId,
            type: MessageType.TradeLogistics,
            title: '订单审批已超时',
            content: `您的订单 ${row.orderNo} 未在时限内获公司管理员审批，已自动取消。`,
            link: `/order/${row.orderId}`,
            outside: {
              kind: 'approvalDecided',
              params: { orderNo: row.orderNo, result: APPROVAL_RESULTS.lapsed },
            },
          });
          return true;
        });
        if (done) ended += 1;
      }
      if (ended > 0) await catalogue.catalogueChanged();
      return ended;
    },
  };
}
