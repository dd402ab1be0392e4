import { Writable } from 'node:stream';
import { MemberPaths } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite, pgliteHandle } from '../src/db/client';
import { describeError, safeError, withoutValues } from '../src/lib/log-safety';
import { useOperatorCli } from './support/cli';
import { createTestApp, envelope, post, TEST_CAPTCHA, type TestApp } from './support/test-app';

/**
 * No log line holds a statement's parameters, a request body, a password, a hash, a token or an
 * authorization header, even when the database refuses a write that carries them.
 */

const PASSWORD = 'Leaky-pass-2024';
const USERNAME = 'leaky_member';
const EMAIL = 'leaky.member@example.com';

let t: TestApp;
const lines: string[] = [];
let demoToken: string;

beforeAll(async () => {
  t = await createTestApp({
    logger: {
      level: 'trace',
      stream: new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    },
    extend(app) {
      // A statement that fails with the caller's token as its parameter (the driver quotes it back).
      app.post('/api/test/token-query/', async (request) => {
        const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
        await app.database.db.execute(sql`select ${token}::integer`);
        return { success: true };
      });
      // A careless log call of a future change: the headers and the body of a request.
      app.post('/api/test/log-request/', async (request) => {
        request.log.info({ headers: request.headers, body: request.body }, 'request details');
        return { success: true };
      });
    },
  });
  // The database refuses this member, so the insert fails with the new member's hash among its values.
  await t.database.db.execute(
    sql.raw(`alter table members add constraint members_test_refuse check (username <> '${USERNAME}')`),
  );
  demoToken = envelope<{ token: string }>(
    await post(t.app, MemberPaths.login, { username: 'demo', password: 'demo1234' }),
  ).data.token;
});
afterAll(async () => {
  await t?.close();
});

async function captchaId(): Promise<string> {
  return envelope<{ captchaId: string }>(await post(t.app, MemberPaths.captcha, {})).data.captchaId;
}

function logged(): string {
  return lines.join('');
}

describe('the server log', () => {
  it('logs a failed registration with its request id and reason, without the member’s values', async () => {
    const res = await post(t.app, MemberPaths.register, {
      username: USERNAME,
      password: PASSWORD,
      email: EMAIL,
      captchaId: await captchaId(),
      captchaCode: TEST_CAPTCHA,
    });
    expect(res.statusCode).toBe(500);
    const requestId = res.headers['x-request-id'];
    const failure = lines
      .map((l) => JSON.parse(l) as { reqId?: string; msg?: string; err?: Record<string, unknown> })
      .find((l) => l.reqId === requestId && l.msg === 'request failed');
    expect(failure?.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: expect.stringMatching(/^Failed query: insert into "members"/),
      cause: { code: '23514', constraint: 'members_test_refuse', table: 'members' },
    });
    expect(failure?.err).not.toHaveProperty('params');
    const text = logged();
    for (const secret of [PASSWORD, '$argon2id$', '$argon2', USERNAME, EMAIL, 'Failing row'])
      expect(text).not.toContain(secret);
  });

  it('never shows a token, whether in a failed statement, a header or a body', async () => {
    const failed = await post(t.app, '/api/test/token-query/', {}, demoToken);
    expect(failed.statusCode).toBe(500);
    const details = await t.app.inject({
      method: 'POST',
      url: '/api/test/log-request/',
      headers: {
        authorization: `Bearer ${demoToken}`,
        cookie: 'session=cookie-secret-value',
        'content-type': 'application/json',
      },
      payload: { password: PASSWORD, note: 'body-secret-value' },
    });
    expect(details.statusCode).toBe(200);
    const text = logged();
    expect(text).toContain('request details');
    expect(text).toContain('invalid input syntax for type integer');
    for (const secret of [demoToken, 'cookie-secret-value', PASSWORD, 'body-secret-value'])
      expect(text).not.toContain(secret);
  });
});

describe('safeError', () => {
  it('keeps the database’s names and drops the values it quotes', () => {
    expect(withoutValues('invalid input syntax for type integer: "abc123"')).toBe(
      'invalid input syntax for type integer: "[redacted]"',
    );
    expect(withoutValues('value "99999999999" is out of range for type integer')).toBe(
      'value "[redacted]" is out of range for type integer',
    );
    expect(withoutValues('duplicate key value violates unique constraint "members_username_key"')).toBe(
      'duplicate key value violates unique constraint "members_username_key"',
    );
    expect(withoutValues('relation "no_such_table" does not exist')).toBe(
      'relation "no_such_table" does not exist',
    );
  });

  it('names an error that is not an Error', () => {
    expect(safeError('boom')).toEqual({ type: 'string', message: 'boom' });
    expect(describeError(new Error('disk full'))).toBe('disk full');
  });
});

describe('the operator command line', () => {
  const { shopProcess: shop, state } = useOperatorCli('shop-cli-log-', { embedded: true });

  it('names a database failure without the statement’s values', async () => {
    expect(shop('migrate').status).toBe(0);
    const handle = pgliteHandle(await createPglite(state.dataDir));
    await handle.db.execute(
      sql.raw(`alter table members add constraint members_test_refuse check (username <> '${USERNAME}')`),
    );
    await handle.close();

    const run = shop('member:create', '--username', USERNAME, '--password', PASSWORD, '--name', '泄露测试');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('members_test_refuse');
    for (const secret of [PASSWORD, '$argon2', USERNAME, '泄露测试', 'params'])
      expect(`${run.stdout}${run.stderr}`).not.toContain(secret);
  }, 60_000);
});
