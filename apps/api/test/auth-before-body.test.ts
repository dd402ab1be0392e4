import { AdminPaths, LOGIN_EXPIRED_MESSAGE, MemberPaths, Permission, ResultCode } from '@shop/domain';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPlugin } from '../src/plugins/auth';
import { ADMIN_API_PREFIX, staffAuthPlugin } from '../src/plugins/staff-auth';
import { type Operation, operations, sample, urlOf } from './support/routes';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

/**
 * A member-only call checks the token before it looks at the body: a visitor learns nothing about the
 * call's fields (and costs no body parsing), and gets the InvalidToken that sends the storefront to login.
 */

let t: TestApp;
let ops: Operation[];
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  ops = operations(t.app);
  const login = await post(t.app, MemberPaths.login, { username: 'demo', password: 'demo1234' });
  token = envelope<{ token: string }>(login).data.token;
});
afterAll(async () => {
  await t?.close();
});

const INVALID_TOKEN = {
  success: false,
  resultCode: ResultCode.InvalidToken,
  message: LOGIN_EXPIRED_MESSAGE,
  data: null,
};

function call(op: Operation, payload: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: op.method,
    url: urlOf(op),
    headers: { 'content-type': 'application/json', ...headers },
    ...(op.method === 'POST' ? { payload } : {}),
  });
}

const memberOnly = () => ops.filter((op) => op.memberOnly);
const staffOnly = () => ops.filter((op) => op.staffOnly);

describe('member-only calls', () => {
  it('are the ones the API description marks as needing a token', () => {
    const paths = memberOnly().map((op) => op.path);
    expect(paths.length).toBeGreaterThan(35);
    for (const path of [
      MemberPaths.updatePwd,
      '/api/goodsService/goods/exportGoodsPrice/',
      '/api/goodsService/goods/exportGoodsSkuData/',
      '/api/logisticsService/addressReceiver/intelligent/',
    ])
      expect(paths).toContain(path);
  });

  it('answer a visitor with an invalid body InvalidToken, not a field message', async () => {
    const wrong: string[] = [];
    for (const op of memberOnly()) {
      for (const [name, payload] of [
        ['unknown field', '{"notAField":1}'],
        ['wrong types', '{"id":"x","qty":"x","currency":1,"oldPassword":1,"text":1}'],
        ['a list', '[1,2]'],
        ['malformed JSON', '{"a":'],
      ] as const) {
        for (const headers of [{}, { authorization: 'Bearer not-a-live-token' }] as Record<
          string,
          string
        >[]) {
          const res = await call(op, payload, headers);
          if (res.statusCode !== 401 || JSON.stringify(envelope(res)) !== JSON.stringify(INVALID_TOKEN))
            wrong.push(`${op.path} (${name}): ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('still name the bad field to a member', async () => {
    const res = await post(t.app, MemberPaths.updatePwd, { oldPassword: 'demo1234' }, token);
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({
      resultCode: ResultCode.ParamsError,
      message: '新密码：请输入密码',
    });
  });

  it('are exactly the calls that refuse a visitor with a well-formed body', async () => {
    // Behaviour and description agree: no route checks a token without saying so, and none says so without checking.
    const refusing: string[] = [];
    for (const op of ops) {
      const body = op.body ? JSON.stringify(sample(op.body)) : '{}';
      const res = await call(op, body);
      if (res.statusCode === 401) refusing.push(op.path);
    }
    // ratePrice/ is public; only its orderId form (the amount due of an order) needs the order's member.
    const conditional = ['/api/paymentService/paymentfororder/ratePrice/'];
    expect(refusing.filter((p) => !conditional.includes(p)).sort()).toEqual(
      [...memberOnly(), ...staffOnly()].map((op) => op.path).sort(),
    );
  });
});

describe('console calls', () => {
  it('are every /api/adminService/ call but the login, and the description says so', () => {
    const console = ops.filter((op) => op.path.startsWith(ADMIN_API_PREFIX)).map((op) => op.path);
    expect(console).toContain(AdminPaths.auditList);
    expect(
      staffOnly()
        .map((op) => op.path)
        .sort(),
    ).toEqual(console.filter((p) => p !== AdminPaths.login).sort());
  });

  it('answer a visitor, a bad token and a member’s token with InvalidToken before reading the body', async () => {
    const wrong: string[] = [];
    for (const op of staffOnly()) {
      for (const payload of ['{"notAField":1}', '[1,2]', '{"a":']) {
        for (const headers of [
          {},
          { authorization: 'Bearer not-a-live-token' },
          { authorization: `Bearer ${token}` },
        ] as Record<string, string>[]) {
          const res = await call(op, payload, headers);
          if (res.statusCode !== 401 || JSON.stringify(envelope(res)) !== JSON.stringify(INVALID_TOKEN))
            wrong.push(`${op.path} ${payload}: ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('the staff auth plugin', () => {
  it('refuses to start with a console call without the staff guard, or with it after the body is read', async () => {
    const app = Fastify({ logger: false });
    await app.register(staffAuthPlugin, { authenticate: async () => null });
    await expect(
      app.register(async (scope) => {
        scope.post(`${ADMIN_API_PREFIX}open/`, async () => ({}));
      }),
    ).rejects.toThrow('a console call needs onRequest: app.staffGuard');
    await app.close().catch(() => {});
    const late = Fastify({ logger: false });
    await late.register(staffAuthPlugin, { authenticate: async () => null });
    await expect(
      late.register(async (scope) => {
        scope.post('/late/', { preHandler: scope.staffGuard(Permission.auditRead) }, async () => ({}));
      }),
    ).rejects.toThrow('use onRequest: app.staffGuard(…), not preHandler');
    await late.close().catch(() => {});
  });
});

describe('the auth plugin', () => {
  it('refuses to start with a member-only route that checks the token after reading the body', async () => {
    for (const hook of ['preValidation', 'preHandler'] as const) {
      const app = Fastify({ logger: false });
      await app.register(authPlugin, { authenticate: async () => null });
      await expect(
        app.register(async (scope) => {
          scope.post('/late/', { [hook]: scope.authenticate }, async () => ({}));
        }),
      ).rejects.toThrow(`use onRequest: app.authenticate, not ${hook}`);
      await app.close().catch(() => {});
    }
  });
});
