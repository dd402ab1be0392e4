import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyServerOptions } from 'fastify';

/**
 * What the server may write about an error, and nothing more (docs/conventions.md 'Errors and bad input': the
 * server logs 5xx with the request id). A database error carries the statement's parameters: Drizzle's
 * DrizzleQueryError puts them in `params` and in its message ('Failed query: …\nparams: …'), and the
 * driver's error (pg or PGlite) repeats them and adds `detail`, `where` and `internalQuery`, which quote
 * values ('Key (username)=(alice) already exists'). Those values are passwords' hashes, tokens' hashes,
 * addresses and names, so an error is logged field by field from an allowlist: class, code, the message
 * without values, the SQL text (placeholders only), the database's own names (table, column, constraint)
 * and the stack frames.
 */

export interface SafeError {
  type: string;
  message: string;
  code?: string;
  /** The SQL text of a failed query: placeholders ($1 …), never their values. */
  query?: string;
  severity?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
  stack?: string;
  cause?: SafeError;
}

const MAX_QUERY_CHARS = 2000;
const MAX_DEPTH = 4;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function stringField(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** True for Drizzle's wrapper of a failed statement (its message and `params` hold the values). */
function isQueryError(error: Record<string, unknown>): boolean {
  return error instanceof DrizzleQueryError;
}

/** True for a driver's error as PostgreSQL sent it (pg's DatabaseError, PGlite's error). */
function isDatabaseError(error: Record<string, unknown>): boolean {
  return typeof error.severity === 'string' && typeof error.code === 'string';
}

/**
 * A PostgreSQL message without the values it may quote: 'invalid input syntax for type integer: "abc"',
 * 'value "99999999999" is out of range …', 'Key (code)=(X1) …'. Names of relations and constraints stay.
 */
export function withoutValues(message: string): string {
  return message
    .replace(/(: )".*"$/s, '$1"[redacted]"')
    .replace(/\bvalue "[^"]*"/g, 'value "[redacted]"')
    .replace(/=\(.*\)/gs, '=([redacted])');
}

function frames(stack: unknown): string[] {
  if (typeof stack !== 'string') return [];
  return stack.split('\n').filter((line) => /^\s+at /.test(line));
}

/** An error as the log may show it (see the module comment); anything that is not an Error is named only. */
export function safeError(error: unknown, depth = 0): SafeError {
  if (!isRecord(error)) return { type: typeof error, message: String(error) };
  const className = stringField(error.constructor?.name);
  // Drizzle's error keeps the name 'Error'; the drivers' classes differ (pg: DatabaseError, PGlite: minified).
  const type = isDatabaseError(error)
    ? 'DatabaseError'
    : className && className !== 'Object' && className !== 'Error'
      ? className
      : (stringField(error.name) ?? 'Error');
  let message: string;
  const out: Partial<SafeError> = {};
  if (isQueryError(error)) {
    // The message repeats the parameters after the SQL: rebuild it from the SQL alone.
    const query = String(error.query).slice(0, MAX_QUERY_CHARS);
    message = `Failed query: ${query}`;
    out.query = query;
  } else if (isDatabaseError(error)) {
    message = withoutValues(String(error.message ?? ''));
    out.severity = stringField(error.severity);
    for (const key of ['table', 'column', 'constraint', 'routine'] as const) {
      const value = stringField(error[key]);
      if (value) out[key] = value;
    }
  } else {
    message = String(error.message ?? '');
  }
  const code = error.code;
  if (typeof code === 'string' || typeof code === 'number') out.code = String(code);
  const stackFrames = frames(error.stack);
  const result: SafeError = { type, message, ...out };
  if (stackFrames.length > 0) result.stack = [`${type}: ${message}`, ...stackFrames].join('\n');
  if (error.cause !== undefined && depth < MAX_DEPTH) result.cause = safeError(error.cause, depth + 1);
  // Drop the keys left undefined so the log line stays short.
  return Object.fromEntries(Object.entries(result).filter(([, v]) => v !== undefined)) as SafeError;
}

/**
 * One line about an error for a person at a terminal (server start, operator commands): the message, and
 * for a database error the database's reason, never the statement's values.
 */
export function describeError(error: unknown): string {
  const safe = safeError(error);
  if (safe.cause && safe.query !== undefined) {
    return `数据库错误 / database error: ${safe.cause.message}${safe.cause.code ? ` (${safe.cause.code})` : ''}`;
  }
  return safe.message;
}

/**
 * Header and field paths pino removes wherever they appear in a log line: credentials a request or a
 * future log call might carry (tokens, passwords, hashes, cookies, signatures) and request bodies.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-pay-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  'password',
  'newPassword',
  'oldPassword',
  'passwordHash',
  'token',
  'params',
  'body',
  // A tracking service's signature and the salt it is made with (docs/decisions/061).
  'sign',
  'salt',
  '*.sign',
  '*.salt',
  '*.authorization',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.passwordHash',
  '*.token',
  '*.params',
  '*.body',
];

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * The server's pino options: the caller's level and destination with the shop's error serializer and
 * redaction always on, so no caller (tests included) can log an error's values by leaving them out.
 */
export function loggerOptions(options: LoggerOptions): LoggerOptions {
  return {
    ...options,
    serializers: {
      ...options.serializers,
      // Fastify types a serializer's result as pino's own shape; the log only needs an object.
      err: (error: unknown) =>
        safeError(error) as unknown as { type: string; message: string; stack: string },
    },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
}
