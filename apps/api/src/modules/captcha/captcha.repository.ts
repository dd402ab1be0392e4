import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { captchas } from '../../db/schema';

/** Only the digest of the answer is stored: a database leak gives no captcha away. */
export async function insertCaptcha(
  db: Database,
  row: { id: string; answerHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(captchas).values(row);
}

/**
 * Marks a live captcha consumed and returns its answer digest, in one statement: of two concurrent
 * attempts only one gets the row, so a captcha is never checked twice.
 */
export async function consumeCaptcha(db: Database, id: string, now: Date): Promise<string | null> {
  const rows = await db
    .update(captchas)
    .set({ consumedAt: now })
    .where(and(eq(captchas.id, id), isNull(captchas.consumedAt), gt(captchas.expiresAt, now)))
    .returning({ answerHash: captchas.answerHash });
  return rows[0]?.answerHash ?? null;
}

export async function deleteExpiredCaptchas(db: Database, before: Date): Promise<void> {
  await db.delete(captchas).where(lt(captchas.expiresAt, before));
}
