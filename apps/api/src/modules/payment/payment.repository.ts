import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paymentConfigs, paymentNotifies, payments } from '../../db/schema';

/**
 * Queries of the payment module: its methods (payment_configs), the payments made through a channel and the
 * notifies the channels sent. A payment's state changes carry `status = 'pending'` in the UPDATE's WHERE, and
 * the notify locks its payment row first, so a repeated or concurrent notify settles a payment once.
 */

export type PaymentConfigRow = typeof paymentConfigs.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
export type PaymentSettlement = 'order' | 'recharge' | 'deposit';

/** Enabled methods offered where `supportWebsite` says, in the operator's order. */
export function listEnabledConfigs(db: Database, supportWebsite: boolean): Promise<PaymentConfigRow[]> {
  return db
    .select()
    .from(paymentConfigs)
    .where(and(eq(paymentConfigs.enabled, true), eq(paymentConfigs.supportWebsite, supportWebsite)))
    .orderBy(asc(paymentConfigs.sort), asc(paymentConfigs.id));
}

export async function findConfig(
  db: Database,
  key: { id: number } | { code: string },
): Promise<PaymentConfigRow | null> {
  const rows = await db
    .select()
    .from(paymentConfigs)
    .where('id' in key ? eq(paymentConfigs.id, key.id) : eq(paymentConfigs.code, key.code))
    .limit(1);
  return rows[0] ?? null;
}

/** Serializes one member's recharge starts (a double click) for the rest of the transaction. */
export async function lockMemberRecharges(db: Database, memberId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(7351903, ${memberId}::int)`);
}

/**
 * A pending payment of the same thing (the order, or the member's recharges), method and amount started since
 * `since`, to hand out again instead of opening a second trade; the newest one.
 */
export async function findReusablePayment(
  db: Database,
  key: { memberId: number; orderId: number | null; configId: number; amount: number; since: Date },
): Promise<PaymentRow | null> {
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.memberId, key.memberId),
        key.orderId === null
          ? eq(payments.purpose, 'recharge')
          : and(eq(payments.purpose, 'order'), eq(payments.orderId, key.orderId)),
        eq(payments.configId, key.configId),
        eq(payments.amount, key.amount),
        eq(payments.status, 'pending'),
        gte(payments.createdAt, key.since),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertPayment(db: Database, row: NewPaymentRow): Promise<PaymentRow> {
  const [inserted] = await db.insert(payments).values(row).returning();
  if (!inserted) throw new Error('payment insert returned no row');
  return inserted;
}

/** Records the channel's trade number the cashier answered with, once. */
export async function setChannelTradeNo(db: Database, id: number, channelTradeNo: string): Promise<void> {
  await db
    .update(payments)
    .set({ channelTradeNo, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), sql`${payments.channelTradeNo} is null`));
}

/**
 * The order's pending payments started before `newerId` (a method the shopper left for another one); only
 * older ones, so two starts at the same moment cannot close each other's trade.
 */
export function listOlderPendingOrderPayments(
  db: Database,
  orderId: number,
  newerId: number,
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending'), lt(payments.id, newerId)));
}

/** The payment by its trade number, locked until the transaction ends (the notify). */
export async function lockPaymentByTradeNo(db: Database, tradeNo: string): Promise<PaymentRow | null> {
  const rows = await db.select().from(payments).where(eq(payments.tradeNo, tradeNo)).limit(1).for('update');
  return rows[0] ?? null;
}

/** Another payment of the provider that already carries this channel trade number. */
export async function findOtherByChannelTradeNo(
  db: Database,
  key: { provider: string; channelTradeNo: string; exceptId: number },
): Promise<PaymentRow | null> {
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, key.provider),
        eq(payments.channelTradeNo, key.channelTradeNo),
        ne(payments.id, key.exceptId),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** A pending payment becomes paid; false when it was not pending any more. */
export async function markPaymentPaid(
  db: Database,
  id: number,
  paid: { channelTradeNo: string; paidAt: Date; settlement: PaymentSettlement },
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: 'paid', ...paid, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** A pending payment becomes cancelled or failed; false when it was not pending any more. */
export async function closePayment(
  db: Database,
  id: number,
  status: 'cancelled' | 'failed',
  closedAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status, closedAt, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** The member's payment by trade number; another member's is not found. */
export async function findMemberPayment(
  db: Database,
  memberId: number,
  tradeNo: string,
): Promise<PaymentRow | null> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.memberId, memberId), eq(payments.tradeNo, tradeNo)))
    .limit(1);
  return rows[0] ?? null;
}

/** The payment that decides an order's payment status: the one that paid it, else the newest. */
export async function findDecidingOrderPayment(db: Database, orderId: number): Promise<PaymentRow | null> {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(
      sql`(${payments.settlement} = 'order') desc nulls last`,
      desc(payments.createdAt),
      desc(payments.id),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function insertNotify(db: Database, row: typeof paymentNotifies.$inferInsert): Promise<void> {
  await db.insert(paymentNotifies).values(row);
}

/**
 * Pending payments of these providers opened between `since` and `before`, oldest first: the open trades the
 * background sweep asks their channel about.
 */
export function listPendingPayments(
  db: Database,
  input: { providers: string[]; since: Date; before: Date; limit: number },
): Promise<PaymentRow[]> {
  if (input.providers.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        inArray(payments.provider, input.providers),
        gte(payments.createdAt, input.since),
        lt(payments.createdAt, input.before),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(input.limit);
}

/** The order's pending payments (to close at their channels when the order is cancelled). */
export function listPendingOrderPayments(db: Database, orderId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));
}

/** An order's payment attempts, newest first. */
export function listOrderPayments(db: Database, orderId: number) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}
