import { CONTROL_CHARACTER_MESSAGE, fieldLabel } from '@shop/domain';
import fp from 'fastify-plugin';
import { paramsError } from '../lib/app-error';
import { parseFormBody } from './body-parsers';

/**
 * No request string may hold a NUL (U+0000), wherever it sits (docs/conventions.md 'Errors and bad input'):
 * PostgreSQL cannot store one in text nor in jsonb, so a NUL that got past a route's schema (a free-form
 * field such as a template's JSON, or a payment channel's raw notify that is recorded before it is read)
 * would fail the insert and answer 500. The request contracts' `text()` refuses every control character
 * field by field; this hook is the one check for the rest: every string and key of the body (the raw body
 * of the channels' notify routes too), the query and the path parameters, before validation.
 */

/** The path to the first string or key holding a NUL, or null when there is none. */
export function nulPath(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = nulPath(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key];
      const found = nulPath(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** A raw body kept as bytes (a channel's notify, signed over its bytes): its text and what it decodes to. */
function rawNulPath(body: Buffer, contentType: string): (string | number)[] | null {
  const textBody = body.toString('utf8');
  if (textBody.includes('\u0000')) return [];
  if (contentType.includes('application/x-www-form-urlencoded')) return nulPath(parseFormBody(textBody));
  if (!contentType.includes('json')) return null;
  try {
    return nulPath(JSON.parse(textBody));
  } catch {
    // Not JSON: the channel's own reader refuses it.
    return null;
  }
}

export const nulGuardPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const contentType = String(request.headers['content-type'] ?? '').toLowerCase();
      const found =
        (Buffer.isBuffer(request.body) ? rawNulPath(request.body, contentType) : nulPath(request.body)) ??
        nulPath(request.query) ??
        nulPath(request.params);
      if (found) throw paramsError(`${fieldLabel(found)}：${CONTROL_CHARACTER_MESSAGE}`);
    });
  },
  { name: 'nul-guard' },
);
