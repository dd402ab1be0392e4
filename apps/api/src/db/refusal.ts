import { type SQL, sql } from 'drizzle-orm';

/**
 * Refusals raised inside a statement (migrations 0024 and 0036, shop_refuse_unless): a statement that checks what
 * it is about to write fails as a whole when the check does not hold, and the caller reads why from the error as
 * a typed refusal. This file is the one place that knows the codes and how they travel in the database's error.
 */

/** The SQLSTATE shop_refuse_unless fails with. */
export const REFUSAL_CODE = 'SH001';

/** Every refusal a statement of the shop can raise, by code. */
export const Refusal = {
  /** A SKU sold by stock (ByStock) is short, or gone: the detail is the first such SKU's id (inventory). */
  StockShort: 'stock_short',
  /** The ordered cart lines were no longer all there: another checkout ordered them first (cart). */
  CartChanged: 'cart_changed',
} as const;
export type RefusalCode = (typeof Refusal)[keyof typeof Refusal];

const CODES: ReadonlySet<string> = new Set(Object.values(Refusal));

/** A refusal read back from the database's error: its code and its detail ('' when it has none). */
export interface StatementRefusal {
  code: RefusalCode;
  detail: string;
}

interface DatabaseErrorFields {
  code: string;
  message?: unknown;
  detail?: unknown;
}

/** The database error in `error` or in what it wraps (Drizzle wraps the driver's): the first with a SQLSTATE. */
function databaseError(error: unknown): DatabaseErrorFields | undefined {
  for (
    let e = error as { code?: unknown; message?: unknown; detail?: unknown; cause?: unknown } | undefined,
      i = 0;
    e && i < 4;
    i += 1
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code))
      return { code: e.code, message: e.message, detail: e.detail };
    e = e.cause as typeof e;
  }
  return undefined;
}

/** The SQLSTATE of a database error, or of the error it wraps, else undefined. */
export function databaseErrorCode(error: unknown): string | undefined {
  return databaseError(error)?.code;
}

/** Whether `error` (or what it wraps) is a unique violation of the index or constraint named `name`. */
export function violatesUnique(error: unknown, name: string): boolean {
  const found = databaseError(error);
  return found?.code === '23505' && typeof found.message === 'string' && found.message.includes(`"${name}"`);
}

/** The refusal shop_refuse_unless raised in `error`, or null for any other error (an unknown code included). */
export function refusalOf(error: unknown): StatementRefusal | null {
  const found = databaseError(error);
  if (found?.code !== REFUSAL_CODE || typeof found.message !== 'string' || !CODES.has(found.message))
    return null;
  return {
    code: found.message as RefusalCode,
    detail: typeof found.detail === 'string' ? found.detail : '',
  };
}

/**
 * SQL that is true when `ok`, and otherwise fails the whole statement with the refusal `code` and, when given,
 * `detail` (text SQL, e.g. the id of what was short).
 */
export function refuseUnless(ok: SQL, code: RefusalCode, detail?: SQL): SQL {
  return detail
    ? sql`shop_refuse_unless(${ok}, ${code}::text, (${detail})::text)`
    : sql`shop_refuse_unless(${ok}, ${code}::text)`;
}
