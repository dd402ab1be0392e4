import type { AccountInvoiceState, Currency } from '@shop/domain';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  accountInvoices,
  accountPayments,
  companyCredit,
  creditEntries,
  paymentAllocations,
} from './credit.schema';

/**
 * The credit module's statements (issue #38 part 3, docs/decisions/055). Every change of money runs on the
 * caller's transaction, as one conditional statement where it could race, and writes its ledger line there.
 */

export type CreditRow = typeof companyCredit.$inferSelect;
export type InvoiceRow = typeof accountInvoices.$inferSelect;
export type PaymentRow = typeof accountPayments.$inferSelect;
export type EntryRow = typeof creditEntries.$inferSelect;
export type EntryKind = 'limit' | 'charge' | 'allocation' | 'creditNote';

/** An invoice still owing something, past its due day (before `today`). */
const overdueWhere = (companyId: number, today: string) =>
  and(
    eq(accountInvoices.companyId, companyId),
    sql`${accountInvoices.paid} < ${accountInvoices.amount}`,
    lt(accountInvoices.dueOn, today),
  );

export async function creditsOf(db: Database, companyId: number): Promise<CreditRow[]> {
  return db
    .select()
    .from(companyCredit)
    .where(eq(companyCredit.companyId, companyId))
    .orderBy(asc(companyCredit.currency));
}

/**
 * The company's credit row in a currency, locked until the transaction ends. Every change of a company's invoices
 * or payments takes it first, before any invoice or deposit, so they all lock in one order: order → credit →
 * invoice → deposit (a charge, an allocation, a credit note, a deposit settlement never wait on each other in a
 * cycle).
 */
export async function lockCredit(
  tx: Database,
  companyId: number,
  currency: Currency,
): Promise<CreditRow | null> {
  const [row] = await tx
    .select()
    .from(companyCredit)
    .where(and(eq(companyCredit.companyId, companyId), eq(companyCredit.currency, currency)))
    .for('update');
  return row ?? null;
}

export async function invoiceOfOrder(db: Database, orderId: number): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(accountInvoices).where(eq(accountInvoices.orderId, orderId)).limit(1);
  return row ?? null;
}

export async function hasOverdue(db: Database, companyId: number, today: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accountInvoices.id })
    .from(accountInvoices)
    .where(overdueWhere(companyId, today))
    .limit(1);
  return row !== undefined;
}

/** What the company owes per currency, and how much of it is overdue (minor units). */
export async function totalsOf(
  db: Database,
  companyId: number,
  today: string,
): Promise<{ currency: Currency; owed: number; overdue: number }[]> {
  const rows = await db
    .select({
      currency: accountInvoices.currency,
      owed: sql<string>`coalesce(sum(${accountInvoices.amount} - ${accountInvoices.paid}), 0)`,
      overdue: sql<string>`coalesce(sum(${accountInvoices.amount} - ${accountInvoices.paid}) filter (where ${accountInvoices.dueOn} < ${today}), 0)`,
    })
    .from(accountInvoices)
    .where(
      and(eq(accountInvoices.companyId, companyId), sql`${accountInvoices.paid} < ${accountInvoices.amount}`),
    )
    .groupBy(accountInvoices.currency)
    .orderBy(asc(accountInvoices.currency));
  return rows.map((r) => ({
    currency: r.currency as Currency,
    owed: Number(r.owed),
    overdue: Number(r.overdue),
  }));
}

/**
 * Sets the limit and terms in one statement. Lowering the limit below what is used changes nothing (null), so
 * an order taking credit meanwhile can never leave the company over its limit.
 */
export async function upsertCredit(
  tx: Database,
  input: { companyId: number; currency: Currency; limit: number; termsDays: number },
): Promise<{ before: CreditRow | null; after: CreditRow } | null> {
  const [before] = await tx
    .select()
    .from(companyCredit)
    .where(and(eq(companyCredit.companyId, input.companyId), eq(companyCredit.currency, input.currency)))
    .for('update');
  if (before && before.used > input.limit) return null;
  const [after] = await tx
    .insert(companyCredit)
    .values({
      companyId: input.companyId,
      currency: input.currency,
      creditLimit: input.limit,
      termsDays: input.termsDays,
    })
    .onConflictDoUpdate({
      target: [companyCredit.companyId, companyCredit.currency],
      set: { creditLimit: input.limit, termsDays: input.termsDays, updatedAt: sql`now()` },
    })
    .returning();
  if (!after) throw new Error('credit upsert returned nothing');
  return { before: before ?? null, after };
}

/**
 * Takes `amount` of the company's credit in one statement: only while the limit less what is used covers it and
 * no invoice of the company is overdue. Parallel takes queue on the row and each re-checks the condition against
 * the row the one before left, so the credit never goes below zero. Null when refused.
 */
export async function takeCredit(
  tx: Database,
  input: { companyId: number; currency: Currency; amount: number; today: string },
): Promise<CreditRow | null> {
  const [row] = await tx
    .update(companyCredit)
    .set({ used: sql`${companyCredit.used} + ${input.amount}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(companyCredit.companyId, input.companyId),
        eq(companyCredit.currency, input.currency),
        sql`${companyCredit.creditLimit} - ${companyCredit.used} >= ${input.amount}`,
        sql`not exists (select 1 from ${accountInvoices} where ${overdueWhere(input.companyId, input.today)})`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Gives `amount` of used credit back (an allocation, a credit note): the invoices it was owed on owe less. */
export async function releaseCredit(
  tx: Database,
  input: { companyId: number; currency: Currency; amount: number },
): Promise<CreditRow> {
  const [row] = await tx
    .update(companyCredit)
    .set({ used: sql`${companyCredit.used} - ${input.amount}`, updatedAt: sql`now()` })
    .where(and(eq(companyCredit.companyId, input.companyId), eq(companyCredit.currency, input.currency)))
    .returning();
  if (!row) throw new Error(`company ${input.companyId} has no ${input.currency} credit to release`);
  return row;
}

export async function insertEntry(
  tx: Database,
  row: { kind: EntryKind } & Omit<typeof creditEntries.$inferInsert, 'kind'>,
): Promise<void> {
  await tx.insert(creditEntries).values(row);
}

export async function entriesOf(db: Database, companyId: number, limit: number): Promise<EntryRow[]> {
  return db
    .select()
    .from(creditEntries)
    .where(eq(creditEntries.companyId, companyId))
    .orderBy(desc(creditEntries.id))
    .limit(limit);
}

export async function insertInvoice(
  tx: Database,
  row: typeof accountInvoices.$inferInsert,
): Promise<InvoiceRow> {
  const [inserted] = await tx.insert(accountInvoices).values(row).returning();
  if (!inserted) throw new Error('invoice insert returned nothing');
  return inserted;
}

/** Which invoices a caller lists: a company's, a buyer's own, or (the console) every company's. */
export interface InvoiceFilter {
  companyId?: number | undefined;
  memberId?: number | undefined;
  state: 'all' | 'unpaid' | AccountInvoiceState;
  currency?: Currency | undefined;
  today: string;
}

function invoiceWhere(filter: InvoiceFilter): SQL | undefined {
  const unpaid = sql`${accountInvoices.paid} < ${accountInvoices.amount}`;
  const stateWhere: Record<InvoiceFilter['state'], SQL | undefined> = {
    all: undefined,
    unpaid,
    paid: sql`${accountInvoices.paid} >= ${accountInvoices.amount}`,
    overdue: and(unpaid, lt(accountInvoices.dueOn, filter.today)),
    due: and(unpaid, eq(accountInvoices.dueOn, filter.today)),
    open: and(unpaid, gt(accountInvoices.dueOn, filter.today)),
  };
  return and(
    filter.companyId === undefined ? undefined : eq(accountInvoices.companyId, filter.companyId),
    filter.memberId === undefined ? undefined : eq(accountInvoices.memberId, filter.memberId),
    filter.currency === undefined ? undefined : eq(accountInvoices.currency, filter.currency),
    stateWhere[filter.state],
  );
}

/** Newest first; unpaid lists read oldest due first, as they are paid. */
export async function listInvoices(
  db: Database,
  filter: InvoiceFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const where = invoiceWhere(filter);
  const order =
    filter.state === 'all' || filter.state === 'paid'
      ? [desc(accountInvoices.id)]
      : [asc(accountInvoices.dueOn), asc(accountInvoices.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(accountInvoices)
      .where(where)
      .orderBy(...order)
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(accountInvoices).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findInvoice(db: Database, id: number): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(accountInvoices).where(eq(accountInvoices.id, id)).limit(1);
  return row ?? null;
}

export async function lockInvoiceOfOrder(tx: Database, orderId: number): Promise<InvoiceRow | null> {
  const [row] = await tx
    .select()
    .from(accountInvoices)
    .where(eq(accountInvoices.orderId, orderId))
    .for('update')
    .limit(1);
  return row ?? null;
}

/**
 * Allocates `amount` to an invoice of the company in `currency`, only while it still owes that much: one
 * conditional statement, so two allocations at once never pay an invoice twice. Null when refused.
 */
export async function payInvoice(
  tx: Database,
  input: { invoiceId: number; companyId: number; currency: Currency; amount: number; at: Date },
): Promise<InvoiceRow | null> {
  const [row] = await tx
    .update(accountInvoices)
    .set({
      paid: sql`${accountInvoices.paid} + ${input.amount}`,
      paidAt: sql`case when ${accountInvoices.paid} + ${input.amount} >= ${accountInvoices.amount} then ${input.at.toISOString()}::timestamptz else null end`,
    })
    .where(
      and(
        eq(accountInvoices.id, input.invoiceId),
        eq(accountInvoices.companyId, input.companyId),
        eq(accountInvoices.currency, input.currency),
        sql`${accountInvoices.paid} + ${input.amount} <= ${accountInvoices.amount}`,
      ),
    )
    .returning();
  return row ?? null;
}

/** A refund of an on-account order takes `amount` off what its invoice charges (never below what was paid). */
export async function reduceInvoice(
  tx: Database,
  input: { invoiceId: number; amount: number; at: Date },
): Promise<InvoiceRow | null> {
  const [row] = await tx
    .update(accountInvoices)
    .set({
      amount: sql`${accountInvoices.amount} - ${input.amount}`,
      paidAt: sql`case when ${accountInvoices.paid} >= ${accountInvoices.amount} - ${input.amount} then coalesce(${accountInvoices.paidAt}, ${input.at.toISOString()}::timestamptz) else null end`,
    })
    .where(
      and(
        eq(accountInvoices.id, input.invoiceId),
        sql`${accountInvoices.amount} - ${input.amount} >= ${accountInvoices.paid}`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function insertPayment(
  tx: Database,
  row: typeof accountPayments.$inferInsert,
): Promise<PaymentRow | null> {
  const [inserted] = await tx.insert(accountPayments).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function lockPayment(tx: Database, id: number): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(accountPayments)
    .where(eq(accountPayments.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** Counts `amount` of the payment as allocated, only while it has that much unallocated. */
export async function allocateFromPayment(
  tx: Database,
  id: number,
  amount: number,
): Promise<PaymentRow | null> {
  const [row] = await tx
    .update(accountPayments)
    .set({ allocated: sql`${accountPayments.allocated} + ${amount}` })
    .where(
      and(
        eq(accountPayments.id, id),
        sql`${accountPayments.allocated} + ${amount} <= ${accountPayments.amount}`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function insertAllocation(
  tx: Database,
  row: typeof paymentAllocations.$inferInsert,
): Promise<void> {
  await tx.insert(paymentAllocations).values(row);
}

export async function listPayments(
  db: Database,
  companyId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: PaymentRow[]; total: number }> {
  const where = eq(accountPayments.companyId, companyId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(accountPayments)
      .where(where)
      .orderBy(desc(accountPayments.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(accountPayments).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findPayment(db: Database, id: number): Promise<PaymentRow | null> {
  const [row] = await db.select().from(accountPayments).where(eq(accountPayments.id, id)).limit(1);
  return row ?? null;
}

/** The allocations of the payments, with their invoices' numbers. */
export async function allocationsOf(
  db: Database,
  paymentIds: readonly number[],
): Promise<{ paymentId: number; invoiceId: number; invoiceNo: string; amount: number }[]> {
  if (paymentIds.length === 0) return [];
  return db
    .select({
      paymentId: paymentAllocations.paymentId,
      invoiceId: paymentAllocations.invoiceId,
      invoiceNo: accountInvoices.invoiceNo,
      amount: paymentAllocations.amount,
    })
    .from(paymentAllocations)
    .innerJoin(accountInvoices, eq(accountInvoices.id, paymentAllocations.invoiceId))
    .where(inArray(paymentAllocations.paymentId, [...paymentIds]))
    .orderBy(asc(paymentAllocations.id));
}

/**
 * Unpaid invoices whose reminder of `which` kind is due on `today`: 'before' when they fall due within
 * `beforeDays` (and not yet), 'due' from their due day on. Marked as sent in the same statement, so parallel
 * sweeps send each once.
 */
export async function claimReminders(
  tx: Database,
  input: { which: 'before' | 'due'; today: string; horizon: string; at: Date; limit: number },
): Promise<InvoiceRow[]> {
  const column = input.which === 'before' ? accountInvoices.remindedBeforeAt : accountInvoices.remindedDueAt;
  const window =
    input.which === 'before'
      ? and(gt(accountInvoices.dueOn, input.today), lte(accountInvoices.dueOn, input.horizon))
      : lte(accountInvoices.dueOn, input.today);
  const picked = tx
    .select({ id: accountInvoices.id })
    .from(accountInvoices)
    .where(and(isNull(column), sql`${accountInvoices.paid} < ${accountInvoices.amount}`, window))
    .orderBy(asc(accountInvoices.dueOn))
    .limit(input.limit)
    .for('update', { skipLocked: true });
  return tx
    .update(accountInvoices)
    .set(input.which === 'before' ? { remindedBeforeAt: input.at } : { remindedDueAt: input.at })
    .where(and(inArray(accountInvoices.id, picked), isNull(column)))
    .returning();
}

/** The ledger's check: per currency, what is used against what the company's invoices still owe. */
export async function ledgerOf(
  db: Database,
  companyId: number,
): Promise<{ currency: Currency; limit: number; used: number; owed: number }[]> {
  const credits = await creditsOf(db, companyId);
  const totals = await db
    .select({
      currency: accountInvoices.currency,
      owed: sql<string>`coalesce(sum(${accountInvoices.amount} - ${accountInvoices.paid}), 0)`,
    })
    .from(accountInvoices)
    .where(eq(accountInvoices.companyId, companyId))
    .groupBy(accountInvoices.currency);
  return credits.map((c) => ({
    currency: c.currency as Currency,
    limit: c.creditLimit,
    used: c.used,
    owed: Number(totals.find((t) => t.currency === c.currency)?.owed ?? 0),
  }));
}
