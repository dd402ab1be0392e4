import { Writable } from 'node:stream';
import { MemberPaths } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    // Keep error logs to check that a failure is logged with its request id.
    logger: {
      level: 'error',
      stream: new Writable({
        write(chunk, _enc, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    },
    extend(app) {
      // A route whose query fails the way a bug would: a table that does not exist.
      app.post('/api/test/broken/', async () => {
        await app.database.db.execute(sql`select * from no_such_table`);
        return { success: true };
      });
      // A form-encoded call like the deposit log list (spec §7).
      app.post(
        '/api/test/form/',
        {
          schema: {
            body: z.strictObject({ pageNo: z.coerce.number().int(), pageSize: z.coerce.number().int() }),
          },
        },
        async (request) => ({ success: true, resultCode: 200, message: '操作成功', data: request.body }),
      );
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('unknown paths and methods', () => {
  it('answers 404 接口不存在 for an unknown API path', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/nope' });
      expect(res.statusCode).toBe(404);
      expect(envelope(res)).toEqual({ success: false, resultCode: 400, message: '接口不存在', data: null });
    }
  });

  it('answers 405 for a known path called with another method', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: MemberPaths.login });
      expect(res.statusCode).toBe(405);
      expect(envelope(res)).toMatchObject({ success: false, resultCode: 405 });
    }
    const health = await t.app.inject({ method: 'POST', url: '/healthz' });
    expect(health.statusCode).toBe(405);
  });
});

describe('request bodies', () => {
  it('answers 400 请求体不是有效的 JSON for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: MemberPaths.login,
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "demo",',
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toEqual({
      success: false,
      resultCode: 400,
      message: '请求体不是有效的 JSON',
      data: null,
    });
  });

  it('answers 415 for text/plain and multipart bodies', async () => {
    const plain = await t.app.inject({
      method: 'POST',
      url: MemberPaths.login,
      headers: { 'content-type': 'text/plain' },
      payload: 'username=demo',
    });
    expect(plain.statusCode).toBe(415);
    expect(envelope(plain)).toMatchObject({ success: false, resultCode: 415 });
    const multipart = await t.app.inject({
      method: 'POST',
      url: MemberPaths.login,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="username"\r\n\r\ndemo\r\n--x--\r\n',
    });
    expect(multipart.statusCode).toBe(415);
    expect(envelope(multipart).resultCode).toBe(415);
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: MemberPaths.login,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'demo', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(envelope(res)).toMatchObject({ success: false, resultCode: 413 });
  });

  it('reads form-encoded bodies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/form/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'pageNo=2&pageSize=15',
    });
    expect(res.statusCode).toBe(200);
    expect(envelope(res).data).toEqual({ pageNo: 2, pageSize: 15 });
  });
});

describe('validation', () => {
  it('names a missing field in Chinese', async () => {
    const res = await post(t.app, MemberPaths.login, { username: 'demo' });
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toEqual({
      success: false,
      resultCode: -1,
      message: '密码：请输入密码',
      data: null,
    });
  });

  it('names a field of the wrong type', async () => {
    const res = await post(t.app, MemberPaths.login, { username: 'demo', password: 12345678 });
    expect(envelope(res)).toMatchObject({ resultCode: -1, message: '密码：请输入密码' });
  });

  it('rejects fields the call does not know', async () => {
    const res = await post(t.app, MemberPaths.login, { username: 'demo', password: 'demo1234', foo: 1 });
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({ resultCode: -1, message: '不支持的字段：foo' });
  });

  it('rejects a body that is not an object', async () => {
    const res = await post(t.app, MemberPaths.login, [1, 2]);
    expect(res.statusCode).toBe(400);
    expect(envelope(res).resultCode).toBe(-1);
  });
});

describe('unexpected errors', () => {
  it('answers 500 without stack or SQL, and logs the error with the request id', async () => {
    const res = await post(t.app, '/api/test/broken/', {});
    expect(res.statusCode).toBe(500);
    expect(envelope(res)).toEqual({
      success: false,
      resultCode: 500,
      message: '服务器开小差了，请稍后再试',
      data: null,
    });
    expect(res.body).not.toMatch(/no_such_table|select|at /);
    const requestId = res.headers['x-request-id'];
    expect(typeof requestId).toBe('string');
    const logged = logLines.map((line) => JSON.parse(line) as { reqId?: string; err?: { message?: string } });
    expect(logged.some((l) => l.reqId === requestId && /no_such_table/.test(l.err?.message ?? ''))).toBe(
      true,
    );
  });
});
