import { type SQL, sql } from 'drizzle-orm';

/**
 * Refusals raised inside a statement (migration 0024 shop_refuse_unless): a statement that checks what it is
 * about to write fails as a whole when the check does not hold, and the caller reads why from the error.
 */

/** The SQLSTATE shop_refuse_unless fails with. */
export const REFUSAL_CODE = 'SH001';

/** The database error in `error` or in what it wraps (Drizzle wraps the driver's): the first with a SQLSTATE. */
function databaseError(error: unknown): { code: string; message?: unknown } | undefined {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    i += 1
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code))
      return { code: e.code, message: e.message };
    e = e.cause as typeof e;
  }
  return undefined;
}

/** The SQLSTATE of a database error, or of the error it wraps, else undefined. */
export function databaseErrorCode(error: unknown): string | undefined {
  return databaseError(error)?.code;
}

/** The reason of a refusal raised by shop_refuse_unless, or null for any other error. */
export function refusalReason(error: unknown): string | null {
  const found = databaseError(error);
  return found?.code === REFUSAL_CODE && typeof found.message === 'string' ? found.message : null;
}

/** SQL that is true when `ok`, and otherwise fails the whole statement with `reason` (text SQL). */
export function refuseUnless(ok: SQL, reason: SQL): SQL {
  return sql`shop_refuse_unless(${ok}, ${reason})`;
}
