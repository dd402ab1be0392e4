import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appSecrets, sandboxRefunds, sandboxTrades } from '../../db/schema';

/**
 * The sandbox channel's own books (sandbox_trades) and the shop's self-made secrets (app_secrets). Trade state
 * changes carry the current state in the UPDATE's WHERE, so a double click pays or cancels once.
 */

export type SandboxTradeRow = typeof sandboxTrades.$inferSelect;
export type SandboxTradeStatus = 'open' | 'paid' | 'cancelled' | 'closed';

/**
 * The secret named `name`, made from `candidate` when there is none yet. INSERT … ON CONFLICT DO NOTHING then
 * SELECT: several processes starting together all end up with the one that was stored first.
 */
export async function ensureSecret(db: Database, name: string, candidate: string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: candidate }).onConflictDoNothing();
  const rows = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  const value = rows[0]?.value;
  if (value === undefined) throw new Error(`app secret ${name} was not stored`);
  return value;
}

/** Opens a trade unless the merchant's trade number is known; returns the trade stored for that number. */
export async function openTrade(
  db: Database,
  row: typeof sandboxTrades.$inferInsert,
): Promise<SandboxTradeRow> {
  await db.insert(sandboxTrades).values(row).onConflictDoNothing();
  const rows = await db
    .select()
    .from(sandboxTrades)
    .where(eq(sandboxTrades.merchantTradeNo, row.merchantTradeNo))
    .limit(1);
  const stored = rows[0];
  if (!stored) throw new Error('sandbox trade insert returned no row');
  return stored;
}

export async function findTrade(db: Database, channelTradeNo: string): Promise<SandboxTradeRow | null> {
  const rows = await db
    .select()
    .from(sandboxTrades)
    .where(eq(sandboxTrades.channelTradeNo, channelTradeNo))
    .limit(1);
  return rows[0] ?? null;
}

export async function findTradeByMerchantNo(
  db: Database,
  merchantTradeNo: string,
): Promise<SandboxTradeRow | null> {
  const rows = await db
    .select()
    .from(sandboxTrades)
    .where(eq(sandboxTrades.merchantTradeNo, merchantTradeNo))
    .limit(1);
  return rows[0] ?? null;
}

/** Moves an open trade to `status`; null when it was not open (already paid, cancelled or closed). */
export async function settleTrade(
  db: Database,
  where: { channelTradeNo: string } | { merchantTradeNo: string },
  status: Exclude<SandboxTradeStatus, 'open'>,
): Promise<SandboxTradeRow | null> {
  const key =
    'channelTradeNo' in where
      ? eq(sandboxTrades.channelTradeNo, where.channelTradeNo)
      : eq(sandboxTrades.merchantTradeNo, where.merchantTradeNo);
  const rows = await db
    .update(sandboxTrades)
    .set({ status, updatedAt: sql`now()` })
    .where(and(key, eq(sandboxTrades.status, 'open')))
    .returning();
  return rows[0] ?? null;
}

export type SandboxRefundRow = typeof sandboxRefunds.$inferSelect;

/**
 * Takes a refund of a paid trade unless what its other refunds took leaves too little: one statement under the
 * trade's row lock, so two refunds at once cannot both pass. A refund number already known answers the refund
 * stored for it (a retry is the same refund).
 */
export async function takeRefund(
  db: Database,
  row: Omit<typeof sandboxRefunds.$inferInsert, 'status'>,
): Promise<
  { ok: true; refund: SandboxRefundRow } | { ok: false; reason: 'not-paid' | 'too-much' | 'conflict' }
> {
  return db.transaction(async (tx) => {
    const trades = await tx
      .select()
      .from(sandboxTrades)
      .where(eq(sandboxTrades.merchantTradeNo, row.merchantTradeNo))
      .for('update');
    const trade = trades[0];
    if (trade?.status !== 'paid') return { ok: false as const, reason: 'not-paid' as const };
    const known = await findRefund(tx, row.merchantRefundNo);
    if (known) {
      return known.merchantTradeNo === row.merchantTradeNo && known.amount === row.amount
        ? { ok: true as const, refund: known }
        : { ok: false as const, reason: 'conflict' as const };
    }
    const taken = await tx
      .select({ sum: sql<string>`coalesce(sum(${sandboxRefunds.amount}), 0)` })
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.merchantTradeNo, row.merchantTradeNo));
    if (Number(taken[0]?.sum ?? 0) + row.amount > trade.amount)
      return { ok: false as const, reason: 'too-much' as const };
    const inserted = await tx.insert(sandboxRefunds).values(row).returning();
    const refund = inserted[0];
    if (!refund) throw new Error('sandbox refund insert returned no row');
    return { ok: true as const, refund };
  });
}

export async function findRefund(db: Database, merchantRefundNo: string): Promise<SandboxRefundRow | null> {
  const rows = await db
    .select()
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.merchantRefundNo, merchantRefundNo))
    .limit(1);
  return rows[0] ?? null;
}

/** Completes a processing refund; null when it was not processing (done already). */
export async function completeRefund(
  db: Database,
  merchantRefundNo: string,
): Promise<SandboxRefundRow | null> {
  const rows = await db
    .update(sandboxRefunds)
    .set({ status: 'success', updatedAt: sql`now()` })
    .where(
      and(eq(sandboxRefunds.merchantRefundNo, merchantRefundNo), eq(sandboxRefunds.status, 'processing')),
    )
    .returning();
  return rows[0] ?? null;
}

/** The trades the sandbox collected between two instants (paid, by the time the shopper paid), oldest first. */
export function listPaidBetween(db: Database, from: Date, until: Date): Promise<SandboxTradeRow[]> {
  return db
    .select()
    .from(sandboxTrades)
    .where(
      and(
        eq(sandboxTrades.status, 'paid'),
        gte(sandboxTrades.updatedAt, from),
        lt(sandboxTrades.updatedAt, until),
      ),
    )
    .orderBy(asc(sandboxTrades.updatedAt));
}

/** The refunds the sandbox paid out between two instants (success, by the time it completed them), oldest first. */
export function listRefundsCompletedBetween(
  db: Database,
  from: Date,
  until: Date,
): Promise<SandboxRefundRow[]> {
  return db
    .select()
    .from(sandboxRefunds)
    .where(
      and(
        eq(sandboxRefunds.status, 'success'),
        gte(sandboxRefunds.updatedAt, from),
        lt(sandboxRefunds.updatedAt, until),
      ),
    )
    .orderBy(asc(sandboxRefunds.updatedAt));
}
