import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paymentRefunds, payments } from '../../db/schema';

/**
 * Queries of the refunds asked of a channel (payment_refunds). A refund leaves 'processing' by one UPDATE that
 * carries `status = 'processing'` in its WHERE, under the order's row lock, so a notify, the sweep's query and the
 * synchronous answer settle it once between them.
 */

export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;
export type RefundStatus = 'processing' | 'success' | 'closed' | 'abnormal' | 'refused';

export async function insertRefund(
  db: Database,
  row: typeof paymentRefunds.$inferInsert,
): Promise<PaymentRefundRow> {
  const rows = await db.insert(paymentRefunds).values(row).returning();
  const stored = rows[0];
  if (!stored) throw new Error('payment_refunds insert returned no row');
  return stored;
}

export async function findRefund(db: Database, refundNo: string): Promise<PaymentRefundRow | null> {
  const rows = await db.select().from(paymentRefunds).where(eq(paymentRefunds.refundNo, refundNo)).limit(1);
  return rows[0] ?? null;
}

/** The refund by its number, locked for the caller's transaction. */
export async function lockRefund(db: Database, refundNo: string): Promise<PaymentRefundRow | null> {
  const rows = await db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.refundNo, refundNo))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

/** Ends a processing refund; false when it had already left 'processing' (then nothing changed). */
export async function endRefund(
  db: Database,
  id: number,
  input: {
    status: Exclude<RefundStatus, 'processing'>;
    channelRefundNo: string | null;
    message: string;
    at: Date;
  },
): Promise<boolean> {
  const rows = await db
    .update(paymentRefunds)
    .set({
      status: input.status,
      channelRefundNo: input.channelRefundNo ?? sql`${paymentRefunds.channelRefundNo}`,
      channelMessage: input.message.slice(0, 200),
      confirmedAt: input.status === 'success' ? input.at : null,
      updatedAt: input.at,
    })
    .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'processing')))
    .returning({ id: paymentRefunds.id });
  return rows.length > 0;
}

/** Records the channel's number of a refund still processing (its first answer). */
export async function setChannelRefundNo(db: Database, id: number, channelRefundNo: string): Promise<void> {
  await db
    .update(paymentRefunds)
    .set({ channelRefundNo, updatedAt: sql`now()` })
    .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'processing')));
}

/** Processing refunds asked before `before`, oldest first (the sweep). */
export function listProcessing(db: Database, before: Date, limit: number): Promise<PaymentRefundRow[]> {
  return db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.status, 'processing'), lt(paymentRefunds.createdAt, before)))
    .orderBy(asc(paymentRefunds.createdAt))
    .limit(limit);
}

/** The order's refunds asked of a channel, newest first. */
export function listOrderRefunds(db: Database, orderId: number): Promise<PaymentRefundRow[]> {
  return db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.orderId, orderId))
    .orderBy(desc(paymentRefunds.createdAt), desc(paymentRefunds.id));
}

/** The payment that paid the order (settled 'order'), or null when none did (deposit, offline). */
export async function findOrderPaidPayment(db: Database, orderId: number) {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid'), eq(payments.settlement, 'order')))
    .limit(1);
  return rows[0] ?? null;
}

export async function findPaymentById(db: Database, id: number) {
  const rows = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return rows[0] ?? null;
}
