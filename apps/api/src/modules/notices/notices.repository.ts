import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notices, sandboxMessages, verificationCodes } from './notices.schema';

export type NoticeRow = typeof notices.$inferSelect;
export type NewNoticeRow = typeof notices.$inferInsert;

export async function insertNotices(executor: Database, rows: NewNoticeRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await executor.insert(notices).values(rows).returning({ id: notices.id });
  return inserted.map((r) => r.id);
}

/**
 * Takes a notice for a send attempt, in one statement: a notice already sent or discarded is not taken again, so a
 * job delivered twice sends once. A notice left 'sending' by a worker that died is taken (its outcome unknown).
 */
export async function claimNotice(db: Database, id: number, now: Date): Promise<NoticeRow | null> {
  const rows = await db
    .update(notices)
    .set({ status: 'sending', attempts: sql`${notices.attempts} + 1`, updatedAt: now })
    .where(and(eq(notices.id, id), inArray(notices.status, ['waiting', 'sending'])))
    .returning();
  return rows[0] ?? null;
}

export async function markSent(
  db: Database,
  id: number,
  done: { provider: string; providerMessageId: string; now: Date; blankParams: boolean },
): Promise<void> {
  await db
    .update(notices)
    .set({
      status: 'sent',
      provider: done.provider,
      providerMessageId: done.providerMessageId,
      sentAt: done.now,
      lastError: null,
      updatedAt: done.now,
      // A code is no one's business once it left: the row keeps that one was sent, not which.
      ...(done.blankParams ? { params: sql`jsonb_set(${notices.params}, '{code}', '"******"')` } : {}),
    })
    .where(eq(notices.id, id));
}

export async function markUnsent(
  db: Database,
  id: number,
  failed: { status: 'waiting' | 'failed'; provider: string; error: string; now: Date },
): Promise<void> {
  await db
    .update(notices)
    .set({
      status: failed.status,
      provider: failed.provider,
      lastError: failed.error.slice(0, 1000),
      updatedAt: failed.now,
    })
    .where(and(eq(notices.id, id), eq(notices.status, 'sending')));
}

/** Moves a failed notice on, back in line (the console's 'resend') or given up; null when it is not failed. */
export async function leaveFailed(
  executor: Database,
  id: number,
  to: 'waiting' | 'discarded',
  now: Date,
): Promise<NoticeRow | null> {
  const rows = await executor
    .update(notices)
    .set({ status: to, updatedAt: now })
    .where(and(eq(notices.id, id), eq(notices.status, 'failed')))
    .returning();
  return rows[0] ?? null;
}

export async function listNotices(
  db: Database,
  filter: { status?: string | undefined; limit: number; beforeId?: number | undefined },
): Promise<NoticeRow[]> {
  return db
    .select()
    .from(notices)
    .where(
      and(
        filter.status ? eq(notices.status, filter.status) : undefined,
        filter.beforeId ? lt(notices.id, filter.beforeId) : undefined,
      ),
    )
    .orderBy(desc(notices.id))
    .limit(filter.limit);
}

export async function findNotice(db: Database, id: number): Promise<NoticeRow | null> {
  const rows = await db.select().from(notices).where(eq(notices.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Notices by status (the /metrics gauges). */
export async function countByStatus(db: Database): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: notices.status, count: sql<number>`count(*)::int` })
    .from(notices)
    .groupBy(notices.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.count]));
}

export async function insertSandboxMessage(
  db: Database,
  row: typeof sandboxMessages.$inferInsert,
): Promise<number> {
  const [inserted] = await db.insert(sandboxMessages).values(row).returning({ id: sandboxMessages.id });
  return inserted?.id ?? 0;
}

export async function listSandboxMessages(
  db: Database,
  filter: { recipient?: string | undefined; limit: number },
): Promise<(typeof sandboxMessages.$inferSelect)[]> {
  return db
    .select()
    .from(sandboxMessages)
    .where(filter.recipient ? eq(sandboxMessages.recipient, filter.recipient) : undefined)
    .orderBy(desc(sandboxMessages.id))
    .limit(filter.limit);
}

// Verification codes.

export async function insertCode(
  executor: Database,
  row: typeof verificationCodes.$inferInsert,
): Promise<void> {
  // A new code replaces the older ones of the same target and scene: only the latest can be used.
  await executor
    .update(verificationCodes)
    .set({ consumedAt: row.createdAt ?? new Date() })
    .where(
      and(
        eq(verificationCodes.target, row.target),
        eq(verificationCodes.scene, row.scene),
        isNull(verificationCodes.consumedAt),
      ),
    );
  await executor.insert(verificationCodes).values(row);
}

/**
 * Counts one try on the live code of a target and scene and returns it, in one statement: parallel tries each
 * take one of the 5, so guessing in parallel gains nothing.
 */
export async function takeCodeTry(
  db: Database,
  target: string,
  scene: string,
  now: Date,
  maxTries: number,
): Promise<{ id: number; codeHash: string; memberId: number | null } | null> {
  const rows = await db
    .update(verificationCodes)
    .set({ tries: sql`${verificationCodes.tries} + 1` })
    .where(
      and(
        eq(verificationCodes.target, target),
        eq(verificationCodes.scene, scene),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
        lt(verificationCodes.tries, maxTries),
      ),
    )
    .returning({
      id: verificationCodes.id,
      codeHash: verificationCodes.codeHash,
      memberId: verificationCodes.memberId,
    });
  return rows[0] ?? null;
}

/** Uses a code up; false when another request used it first. */
export async function consumeCode(executor: Database, id: number, now: Date): Promise<boolean> {
  const rows = await executor
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

export async function deleteOldCodes(db: Database, before: Date): Promise<void> {
  await db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, before));
}
