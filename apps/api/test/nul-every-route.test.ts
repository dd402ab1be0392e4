import {
  AdminContentPaths,
  CONTROL_CHARACTER_MESSAGE,
  MemberPaths,
  PaymentPaths,
  ResultCode,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentNotifies } from '../src/db/schema';
import {
  type JsonSchema,
  type Operation,
  operations,
  type Path,
  sample,
  updateAt,
  urlOf,
} from './support/routes';
import { staffToken } from './support/staff';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

/**
 * A NUL (U+0000) in any string a request carries, on every route of the app, storefront and console: never a
 * 500 (PostgreSQL stores no NUL in text or jsonb), always ParamsError 400 in the envelope. The strings are found
 * in the request actually sent, so the parts a route's schema leaves free (a template's JSON, a channel's raw
 * notify) are covered too: a route with such a body must say here what a real one looks like.
 */

let t: TestApp;
let memberToken: string;
let ownerToken: string;
let ops: Operation[];

beforeAll(async () => {
  t = await createTestApp();
  const login = await post(t.app, MemberPaths.login, { username: 'demo', password: 'demo1234' });
  memberToken = envelope<{ token: string }>(login).data.token;
  ownerToken = (await staffToken(t, 'owner')).token;
  ops = operations(t.app);
});
afterAll(async () => {
  await t?.close();
});

const notify = {
  tradeNo: 'SB0123456789AB',
  channelTradeNo: 'abcdefghijklmnopqrstuvwx',
  status: 'SUCCESS',
  amount: 9400,
  currency: 'CNY',
  paidAt: '2026-03-01T08:00:00.000Z',
  nonce: 'n0nce',
};

/** Real bodies of the routes whose schema leaves (part of) the body free. */
const FREE_BODIES: Record<string, unknown> = {
  [AdminContentPaths.draftSave]: {
    name: 'home',
    template: [
      { tmpKey: 'goodsFloor', title: '新品', query: {}, size: 8, link: { type: 'url', url: '/products' } },
    ],
  },
  [`${PaymentPaths.notify}{provider}/`]: notify,
  [`${PaymentPaths.refundNotify}{provider}/`]: { ...notify, refundNo: 'RF0123456789' },
};

/** True when the schema leaves a value free (no type: z.unknown, z.any, a JSON string parsed later). */
function hasFreePart(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  if (schema.anyOf) return schema.anyOf.some(hasFreePart);
  if (schema.type === undefined && !schema.enum && !schema.allOf) return true;
  if (schema.additionalProperties === true) return true;
  return (
    Object.values(schema.properties ?? {}).some(hasFreePart) ||
    hasFreePart(schema.items) ||
    (typeof schema.additionalProperties === 'object' && hasFreePart(schema.additionalProperties))
  );
}

/** The paths of every string in a request value (object keys' values, list items, nested). */
function stringPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}

function bodyOf(op: Operation): unknown {
  return FREE_BODIES[op.path] ?? (op.body ? sample(op.body) : undefined);
}

function send(op: Operation, payload: string | undefined, url = urlOf(op, { provider: 'sandbox' })) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${op.staffOnly ? ownerToken : memberToken}`,
  };
  if (payload === undefined) return t.app.inject({ method: op.method, url, headers });
  headers['content-type'] = 'application/json';
  return t.app.inject({ method: op.method, url, headers, payload });
}

/** Every request with one NUL: in each string of the body, and in each string path or query parameter. */
function nulRequests(): { label: string; op: Operation; payload: string | undefined; url?: string }[] {
  const requests: ReturnType<typeof nulRequests> = [];
  for (const op of ops) {
    const body = bodyOf(op);
    for (const path of stringPaths(body)) {
      const changed = updateAt(
        body,
        path,
        (old) => `${String(old).slice(0, 1)}\u0000${String(old).slice(1)}`,
      );
      requests.push({
        label: `${op.method} ${op.path} ${path.join('.')}`,
        op,
        payload: JSON.stringify(changed),
      });
    }
    const payload = body === undefined ? undefined : JSON.stringify(body);
    for (const p of op.parameters.filter((p) => p.schema.type === 'string' && !p.schema.enum)) {
      const url = urlOf(op, { provider: 'sandbox', [p.name]: `a\u0000b` });
      requests.push({ label: `${op.method} ${op.path} ?${p.name}`, op, payload, url });
    }
  }
  return requests;
}

describe('a NUL in any request string', () => {
  it('knows a real body for every route whose schema leaves part of it free', () => {
    const missing = ops.filter((op) => hasFreePart(op.body) && FREE_BODIES[op.path] === undefined);
    expect(missing.map((op) => op.path)).toEqual([]);
    // The channels' notify routes read raw bytes (no body schema) and are fuzzed from their real bodies.
    for (const path of Object.keys(FREE_BODIES)) expect(ops.map((op) => op.path)).toContain(path);
    expect(ops.length).toBeGreaterThan(150);
    expect(ops.some((op) => op.staffOnly)).toBe(true);
  });

  it('starts from a template draft the console accepts', async () => {
    const res = await post(
      t.app,
      AdminContentPaths.draftSave,
      FREE_BODIES[AdminContentPaths.draftSave],
      ownerToken,
    );
    expect(envelope(res).success, res.body).toBe(true);
  });

  it('is refused with ParamsError 400 on every route, never a 500', async () => {
    const failures: string[] = [];
    const requests = nulRequests();
    expect(requests.length).toBeGreaterThan(250);
    for (const { label, op, payload, url } of requests) {
      const res = await send(op, payload, url);
      const body = res.headers['content-type']?.toString().includes('json') ? envelope(res) : null;
      if (
        res.statusCode !== 400 ||
        body?.resultCode !== ResultCode.ParamsError ||
        !body.message.endsWith(CONTROL_CHARACTER_MESSAGE)
      )
        failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuses a raw NUL byte in a channel notify and records nothing', async () => {
    const before = (await t.database.db.select().from(paymentNotifies)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: `${PaymentPaths.notify}sandbox/`,
      headers: { 'content-type': 'application/json' },
      payload: Buffer.from(`{"tradeNo":"SB01\u0000","status":"SUCCESS"}`),
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({
      resultCode: ResultCode.ParamsError,
      message: `请求参数：${CONTROL_CHARACTER_MESSAGE}`,
    });
    expect((await t.database.db.select().from(paymentNotifies)).length).toBe(before);
  });

  it('names the field of a template draft that holds the NUL', async () => {
    const res = await post(
      t.app,
      AdminContentPaths.draftSave,
      { name: 'home', template: [{ tmpKey: 'goodsFloor', title: '新\u0000品', query: {}, size: 8 }] },
      ownerToken,
    );
    expect(res.statusCode).toBe(400);
    expect(envelope(res).message).toMatch(new RegExp(`：${CONTROL_CHARACTER_MESSAGE}$`));
  });
});
