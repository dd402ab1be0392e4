import type { Difference } from '@shop/domain';
import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reconciliationDifferences, reconciliationRuns } from '../../db/schema';

/** The reconciliation module's own tables: its runs and the differences they found. */

export type RunRow = typeof reconciliationRuns.$inferSelect;
export type DifferenceRow = typeof reconciliationDifferences.$inferSelect;
export type RunTrigger = 'schedule' | 'console' | 'cli';

/**
 * Inserts a running run; null when the row could not be had: the day is being reconciled already (running key)
 * or, for the schedule, its daily run exists (scheduled key). The unique row is the lock.
 */
export async function claimRun(
  db: Database,
  row: { provider: string; day: string; trigger: RunTrigger; actor: string; startedAt: Date },
): Promise<RunRow | null> {
  const rows = await db.insert(reconciliationRuns).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

/** A run left 'running' by a process that stopped (older than `before`) is failed, so the day can run again. */
export async function expireStaleRuns(db: Database, before: Date): Promise<void> {
  await db
    .update(reconciliationRuns)
    .set({ status: 'failed', error: '对账中断（进程已停止）', finishedAt: sql`now()` })
    .where(and(eq(reconciliationRuns.status, 'running'), lt(reconciliationRuns.startedAt, before)));
}

export async function failRun(db: Database, id: number, error: string, at: Date): Promise<void> {
  await db
    .update(reconciliationRuns)
    .set({ status: 'failed', error: error.slice(0, 300), finishedAt: at })
    .where(and(eq(reconciliationRuns.id, id), eq(reconciliationRuns.status, 'running')));
}

/**
 * Stores a run's result in one transaction (the caller's): the day's open differences are replaced by the ones
 * found now; a settled one stays, and the same difference found again is not added beside it (its key).
 */
export async function finishRun(
  tx: Database,
  run: RunRow,
  result: { statementLines: number; matched: number; differences: readonly Difference[]; at: Date },
): Promise<void> {
  await tx
    .delete(reconciliationDifferences)
    .where(
      and(
        eq(reconciliationDifferences.provider, run.provider),
        eq(reconciliationDifferences.day, run.day),
        eq(reconciliationDifferences.status, 'open'),
      ),
    );
  if (result.differences.length > 0)
    await tx
      .insert(reconciliationDifferences)
      .values(
        result.differences.map((difference) => ({
          ...difference,
          runId: run.id,
          provider: run.provider,
          day: run.day,
          channelAt: difference.channelAt === null ? null : new Date(difference.channelAt),
        })),
      )
      .onConflictDoNothing();
  await tx
    .update(reconciliationRuns)
    .set({
      status: 'done',
      statementLines: result.statementLines,
      matched: result.matched,
      differences: result.differences.length,
      finishedAt: result.at,
    })
    .where(eq(reconciliationRuns.id, run.id));
}

export async function findRun(db: Database, id: number): Promise<RunRow | null> {
  const rows = await db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function listRuns(
  db: Database,
  input: { provider?: string | undefined; pageNo: number; pageSize: number },
): Promise<{ items: RunRow[]; total: number }> {
  const where = input.provider === undefined ? undefined : eq(reconciliationRuns.provider, input.provider);
  const [items, totals] = await Promise.all([
    db
      .select()
      .from(reconciliationRuns)
      .where(where)
      .orderBy(desc(reconciliationRuns.id))
      .limit(input.pageSize)
      .offset((input.pageNo - 1) * input.pageSize),
    db.select({ total: count() }).from(reconciliationRuns).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

/** The differences of a channel's day, open first, then in the order found. */
export function listDifferences(db: Database, provider: string, day: string): Promise<DifferenceRow[]> {
  return db
    .select()
    .from(reconciliationDifferences)
    .where(and(eq(reconciliationDifferences.provider, provider), eq(reconciliationDifferences.day, day)))
    .orderBy(asc(reconciliationDifferences.status), asc(reconciliationDifferences.id));
}

export async function findDifference(db: Database, id: number): Promise<DifferenceRow | null> {
  const rows = await db
    .select()
    .from(reconciliationDifferences)
    .where(eq(reconciliationDifferences.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** An open difference becomes settled; null when it was not open any more (settled by someone else meanwhile). */
export async function settleDifference(
  tx: Database,
  id: number,
  settled: { note: string; settledBy: string; settledAt: Date },
): Promise<DifferenceRow | null> {
  const rows = await tx
    .update(reconciliationDifferences)
    .set({ status: 'settled', ...settled })
    .where(and(eq(reconciliationDifferences.id, id), eq(reconciliationDifferences.status, 'open')))
    .returning();
  return rows[0] ?? null;
}
