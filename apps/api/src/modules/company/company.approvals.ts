import type { ApprovalReason, ApprovalStatus, CompanyRole } from '@shop/domain';
import { and, desc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companyMembers, orderApprovals } from './company.schema';

/**
 * The approvals of buyers' orders over their limits (issue #38 part 2, docs/decisions/055): the company module's
 * rows, which the place-order and approval workflows reach through the module's face.
 */

export type ApprovalRow = typeof orderApprovals.$inferSelect;

/** A buyer's limits in one currency (minor units; null is none). */
export interface CurrencyLimit {
  perOrder: number | null;
  perMonth: number | null;
}

/** Why an order waits: the limit it goes over and, for a month's, what the month had before it. */
export interface ApprovalNeed {
  reason: ApprovalReason;
  limit: number;
  spentBefore: number;
}

/**
 * Whether an order of `amount` needs approval under `limit`, given the month's spend before it: over the limit
 * per order first, else over the month's. At the limit is within it.
 */
export function approvalNeed(limit: CurrencyLimit, amount: number, spentBefore: number): ApprovalNeed | null {
  if (limit.perOrder !== null && amount > limit.perOrder)
    return { reason: 'perOrder', limit: limit.perOrder, spentBefore };
  if (limit.perMonth !== null && spentBefore + amount > limit.perMonth)
    return { reason: 'perMonth', limit: limit.perMonth, spentBefore };
  return null;
}

/**
 * The member's company row, locked until the transaction ends: a buyer's orders are placed one after another,
 * each counting the month's spend after the one before it committed. Null when the member is in no company.
 */
export async function lockBuyer(
  tx: Database,
  memberId: number,
  currency: 'AUD' | 'CNY',
): Promise<{ companyId: number; role: CompanyRole; limit: CurrencyLimit } | null> {
  const [row] = await tx
    .select()
    .from(companyMembers)
    .where(eq(companyMembers.memberId, memberId))
    .for('update')
    .limit(1);
  if (!row) return null;
  const limit =
    row.role !== 'buyer'
      ? { perOrder: null, perMonth: null }
      : currency === 'AUD'
        ? { perOrder: row.perOrderAud, perMonth: row.perMonthAud }
        : { perOrder: row.perOrderCny, perMonth: row.perMonthCny };
  return { companyId: row.companyId, role: row.role as CompanyRole, limit };
}

export async function insertApproval(tx: Database, row: typeof orderApprovals.$inferInsert): Promise<void> {
  await tx.insert(orderApprovals).values(row);
}

/** Whose approvals a caller lists: a company's (its admin) or a buyer's own. */
export type ApprovalScope = { companyId: number } | { companyId: number; memberId: number };

function scopeWhere(scope: ApprovalScope): SQL | undefined {
  return and(
    eq(orderApprovals.companyId, scope.companyId),
    'memberId' in scope ? eq(orderApprovals.memberId, scope.memberId) : undefined,
  );
}

export async function listApprovals(
  db: Database,
  scope: ApprovalScope,
  filter: { pendingOnly: boolean; orderId?: number | undefined; offset: number; limit: number },
): Promise<{ rows: ApprovalRow[]; total: number }> {
  const where = and(
    scopeWhere(scope),
    filter.pendingOnly ? eq(orderApprovals.status, 'pending') : undefined,
    filter.orderId === undefined ? undefined : eq(orderApprovals.orderId, filter.orderId),
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(orderApprovals)
      .where(where)
      .orderBy(desc(orderApprovals.createdAt), desc(orderApprovals.orderId))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(orderApprovals).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function findApproval(db: Database, orderId: number): Promise<ApprovalRow | null> {
  const [row] = await db.select().from(orderApprovals).where(eq(orderApprovals.orderId, orderId)).limit(1);
  return row ?? null;
}

/**
 * Decides a waiting approval of the company: one conditional update, so of two decisions at once only one
 * changes it. An approval is refused once its hold has lapsed (`notLapsedAt`). The row after, or null.
 */
export async function decideApproval(
  tx: Database,
  input: {
    orderId: number;
    companyId: number;
    status: Exclude<ApprovalStatus, 'pending'>;
    decidedBy: number | null;
    note: string;
    at: Date;
    notLapsedAt?: Date;
  },
): Promise<ApprovalRow | null> {
  const rows = await tx
    .update(orderApprovals)
    .set({ status: input.status, decidedBy: input.decidedBy, decidedAt: input.at, note: input.note })
    .where(
      and(
        eq(orderApprovals.orderId, input.orderId),
        eq(orderApprovals.companyId, input.companyId),
        eq(orderApprovals.status, 'pending'),
        input.notLapsedAt ? sql`${orderApprovals.expiresAt} > ${input.notLapsedAt}` : undefined,
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/** The buyer cancelled their waiting order: its approval is withdrawn (nothing when it has none, or it was decided). */
export async function withdrawApproval(tx: Database, orderId: number): Promise<void> {
  await tx
    .update(orderApprovals)
    .set({ status: 'withdrawn', decidedAt: sql`now()` })
    .where(and(eq(orderApprovals.orderId, orderId), eq(orderApprovals.status, 'pending')));
}

/** Waiting approvals whose hold has lapsed by `now`, oldest first. */
export function lapsedApprovals(db: Database, now: Date, limit: number): Promise<ApprovalRow[]> {
  return db
    .select()
    .from(orderApprovals)
    .where(and(eq(orderApprovals.status, 'pending'), lte(orderApprovals.expiresAt, now)))
    .orderBy(orderApprovals.expiresAt)
    .limit(limit);
}

/** Whether the member belongs to the company now, on the executor. */
export async function isMemberOf(db: Database, companyId: number, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ memberId: companyMembers.memberId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.memberId, memberId)))
    .limit(1);
  return row !== undefined;
}

/** The member ids of a company's admins. */
export async function adminIds(db: Database, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ memberId: companyMembers.memberId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'admin')));
  return rows.map((row) => row.memberId);
}
