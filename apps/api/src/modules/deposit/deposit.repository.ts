import { type BankAccount, type Currency, DepositLogType } from '@shop/domain';
import { and, count, desc, eq, gte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { depositLogs, depositSettings, members, recharges } from '../../db/schema';

/**
 * Queries of the member's deposit (spec §3 'Deposit log'). A balance changes only through one UPDATE whose
 * WHERE carries the condition (a debit needs the balance to cover it), so concurrent payments can never take
 * it below zero; the CHECK constraint on members is the second guard.
 */

export type DepositLogRow = typeof depositLogs.$inferSelect;
export type NewDepositLogRow = typeof depositLogs.$inferInsert;

function balanceColumn(currency: Currency) {
  return currency === 'AUD' ? members.audDeposit : members.cnyDeposit;
}

/**
 * Adds `delta` minor units to the member's balance in `currency` (negative to debit) and returns the new
 * balance; null when the member is unknown or a debit is larger than the balance (nothing changed then).
 */
export async function changeBalance(
  db: Database,
  memberId: number,
  currency: Currency,
  delta: number,
): Promise<number | null> {
  const column = balanceColumn(currency);
  const key = currency === 'AUD' ? 'audDeposit' : 'cnyDeposit';
  const rows = await db
    .update(members)
    .set({ [key]: sql`${column} + ${delta}`, updatedAt: sql`now()` })
    .where(and(eq(members.id, memberId), delta < 0 ? gte(column, -delta) : undefined))
    .returning({ balance: column });
  const balance = rows[0]?.balance;
  return balance === undefined ? null : Number(balance);
}

export async function insertLog(db: Database, row: NewDepositLogRow): Promise<DepositLogRow> {
  const [inserted] = await db.insert(depositLogs).values(row).returning();
  if (!inserted) throw new Error('deposit log insert returned no row');
  return inserted;
}

export async function findBalances(
  db: Database,
  memberId: number,
): Promise<{ cnyDeposit: number; audDeposit: number } | null> {
  const rows = await db
    .select({ cnyDeposit: members.cnyDeposit, audDeposit: members.audDeposit })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  const row = rows[0];
  return row ? { cnyDeposit: Number(row.cnyDeposit), audDeposit: Number(row.audDeposit) } : null;
}

export type RechargeRow = typeof recharges.$inferSelect;

export async function insertRecharge(db: Database, row: typeof recharges.$inferInsert): Promise<RechargeRow> {
  const [inserted] = await db.insert(recharges).values(row).returning();
  if (!inserted) throw new Error('recharge insert returned no row');
  return inserted;
}

/**
 * Moves a pending recharge to `status`; null when it was not pending (settled before: nothing changed). One
 * conditional UPDATE, so of two reviewers at once one settles it and the other finds it settled. Credited, it
 * records the amount credited: `creditedAmount`, else the amount asked.
 */
export async function settleRecharge(
  db: Database,
  id: number,
  status: 'credited' | 'rejected' | 'cancelled',
  {
    creditedAmount,
    ...review
  }: { reviewedBy?: string; reviewedAt: Date; note?: string; creditedAmount?: number },
): Promise<RechargeRow | null> {
  const rows = await db
    .update(recharges)
    .set({
      status,
      ...review,
      ...(status === 'credited' ? { creditedAmount: creditedAmount ?? sql`${recharges.amount}` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(recharges.id, id), eq(recharges.status, 'pending')))
    .returning();
  return rows[0] ?? null;
}

export async function findRecharge(db: Database, id: number): Promise<RechargeRow | null> {
  const rows = await db.select().from(recharges).where(eq(recharges.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Locks the member's row until the transaction ends (serializes a member's bank-transfer requests). */
export async function lockMember(db: Database, memberId: number): Promise<boolean> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1)
    // Not FOR UPDATE: the deposit log's foreign key checks (KEY SHARE) of other movements need not wait.
    .for('no key update');
  return rows.length > 0;
}

/** One page of the member's deposit log, newest first (index deposit_logs_member_idx). */
export function listLogs(
  db: Database,
  memberId: number,
  page: { limit: number; offset: number },
): Promise<DepositLogRow[]> {
  return db
    .select()
    .from(depositLogs)
    .where(eq(depositLogs.memberId, memberId))
    .orderBy(desc(depositLogs.createdAt), desc(depositLogs.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countLogs(db: Database, memberId: number): Promise<number> {
  const rows = await db.select({ n: count() }).from(depositLogs).where(eq(depositLogs.memberId, memberId));
  return Number(rows[0]?.n ?? 0);
}

/** The member's recharges waiting for a bank transfer to be approved. */
export async function countPendingBankTransfers(db: Database, memberId: number): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(recharges)
    .where(
      and(
        eq(recharges.memberId, memberId),
        eq(recharges.type, DepositLogType.BankTransferRecharge),
        eq(recharges.status, 'pending'),
      ),
    );
  return Number(rows[0]?.n ?? 0);
}

/** Recharges newest first, of one member and/or one status. */
export function listRecharges(
  db: Database,
  filter: { memberId?: number | undefined; status?: string | undefined },
  page: { limit: number; offset: number },
) {
  return db
    .select({ recharge: recharges, username: members.username })
    .from(recharges)
    .innerJoin(members, eq(members.id, recharges.memberId))
    .where(rechargeFilter(filter))
    .orderBy(desc(recharges.createdAt), desc(recharges.id))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * One page of recharges for the console, newest first, with the total in the same query: of one status and/or
 * matching a keyword (the member's username, any case, or the recharge number).
 */
export async function pageRecharges(
  db: Database,
  filter: { status?: string | undefined; keyword?: string | undefined },
  page: { limit: number; offset: number },
) {
  const keyword = filter.keyword;
  const rows = await db
    .select({ recharge: recharges, username: members.username, total: sql<number>`count(*) over ()` })
    .from(recharges)
    .innerJoin(members, eq(members.id, recharges.memberId))
    .where(
      and(
        rechargeFilter({ status: filter.status }),
        keyword
          ? or(eq(recharges.rechargeNo, keyword), eq(sql`lower(${members.username})`, keyword.toLowerCase()))
          : undefined,
      ),
    )
    .orderBy(desc(recharges.createdAt), desc(recharges.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

export async function countRecharges(
  db: Database,
  filter: { memberId?: number | undefined; status?: string | undefined },
): Promise<number> {
  const rows = await db.select({ n: count() }).from(recharges).where(rechargeFilter(filter));
  return Number(rows[0]?.n ?? 0);
}

function rechargeFilter(filter: { memberId?: number | undefined; status?: string | undefined }) {
  return and(
    filter.memberId === undefined ? undefined : eq(recharges.memberId, filter.memberId),
    filter.status === undefined ? undefined : eq(recharges.status, filter.status),
  );
}

export async function findRechargeByNo(db: Database, rechargeNo: string): Promise<RechargeRow | null> {
  const rows = await db.select().from(recharges).where(eq(recharges.rechargeNo, rechargeNo)).limit(1);
  return rows[0] ?? null;
}

/**
 * The member's own pending bank transfer, cancelled in one UPDATE whose WHERE carries every condition: an
 * approval committed first leaves it credited and this changes nothing (null); one committed after finds it
 * no longer pending. Null when the recharge is not the member's pending bank transfer.
 */
export async function cancelPendingBankTransfer(
  db: Database,
  memberId: number,
  rechargeNo: string,
  at: Date,
): Promise<RechargeRow | null> {
  const rows = await db
    .update(recharges)
    .set({ status: 'cancelled', reviewedAt: at, updatedAt: sql`now()` })
    .where(
      and(
        eq(recharges.rechargeNo, rechargeNo),
        eq(recharges.memberId, memberId),
        eq(recharges.type, DepositLogType.BankTransferRecharge),
        eq(recharges.status, 'pending'),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/** The log row a hand-made credit with this request id wrote; null when none. */
export async function findLogByRequestId(db: Database, requestId: string): Promise<DepositLogRow | null> {
  const rows = await db.select().from(depositLogs).where(eq(depositLogs.requestId, requestId)).limit(1);
  return rows[0] ?? null;
}

/** Locks the member's own pending bank transfer until the transaction ends; null when it is not one. */
export async function lockPendingBankTransfer(
  db: Database,
  memberId: number,
  rechargeNo: string,
): Promise<RechargeRow | null> {
  const rows = await db
    .select()
    .from(recharges)
    .where(
      and(
        eq(recharges.rechargeNo, rechargeNo),
        eq(recharges.memberId, memberId),
        eq(recharges.type, DepositLogType.BankTransferRecharge),
        eq(recharges.status, 'pending'),
      ),
    )
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

/** Sets the slip of a recharge locked by lockPendingBankTransfer. */
export async function setSlip(db: Database, id: number, slipPath: string): Promise<RechargeRow | null> {
  const rows = await db
    .update(recharges)
    .set({ slipPath, updatedAt: sql`now()` })
    .where(eq(recharges.id, id))
    .returning();
  return rows[0] ?? null;
}

export type DepositSettingsRow = typeof depositSettings.$inferSelect;

/** The deposit's settings, or null when the row is missing (a database restored from before its migration). */
export async function findDepositSettings(db: Database): Promise<DepositSettingsRow | null> {
  return (await db.select().from(depositSettings).where(eq(depositSettings.id, 1)).limit(1))[0] ?? null;
}

/** The deposit's settings locked until the transaction ends (one change of the bank accounts at a time). */
export async function lockDepositSettings(db: Database): Promise<DepositSettingsRow | null> {
  return (await db.select().from(depositSettings).where(eq(depositSettings.id, 1)).for('update'))[0] ?? null;
}

/** Writes the receiving bank accounts (inserting the row if missing); returns the stored row. */
export async function saveBankAccounts(
  db: Database,
  bankAccounts: BankAccount[],
  updatedBy: string,
  at: Date,
): Promise<DepositSettingsRow> {
  const fields = { bankAccounts, updatedBy, updatedAt: at };
  const rows = await db
    .insert(depositSettings)
    .values({ id: 1, ...fields })
    .onConflictDoUpdate({ target: depositSettings.id, set: fields })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('deposit settings upsert returned nothing');
  return row;
}
