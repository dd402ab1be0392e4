import { MemberPaths, ResultCode } from '@shop/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices, sandboxMessages } from '../src/db/schema';
import { createTestApp, envelope, post, TEST_CAPTCHA, type TestApp } from './support/test-app';

// Codes and notices go to the sandbox's outbox, sent by the queue's worker as in the server.
// The public port serves /metrics only to a scraper with METRICS_TOKEN (README 'Metrics').
const SCRAPE_TOKEN = 'notices-scrape-token-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { SHOP_NOTICE_WORKERS: '1', SHOP_NOTICE_RETRY_DELAY_SECONDS: '1', METRICS_TOKEN: SCRAPE_TOKEN },
  });
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const nextPhone = () =>
  `+86139${String(Date.now() % 100000).padStart(5, '0')}${String(++n).padStart(3, '0')}`;

async function captcha() {
  const res = await post(t.app, MemberPaths.captcha, {});
  return { captchaId: envelope<{ captchaId: string }>(res).data.captchaId, captchaCode: TEST_CAPTCHA };
}

async function register() {
  n += 1;
  const username = `notice_${n}_${Date.now() % 100000}`;
  const body = envelope<{ token: string }>(
    await post(t.app, MemberPaths.register, { username, password: 'secret123', ...(await captcha()) }),
  );
  expect(body.success, body.message).toBe(true);
  return { username, token: body.data.token };
}

/** The sandbox's latest message to `recipient`, once the worker has sent it (the queue polls every second). */
async function sandboxMessage(recipient: string, after = 0, timeoutMs = 15_000) {
  const started = Date.now();
  for (;;) {
    const [row] = await t.database.db
      .select()
      .from(sandboxMessages)
      .where(eq(sandboxMessages.recipient, recipient))
      .orderBy(desc(sandboxMessages.id))
      .limit(1);
    if (row && row.id > after) return row;
    if (Date.now() - started > timeoutMs)
      throw new Error(`no message to ${recipient} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const codeOf = (text: string) => /验证码\s*(\d{6})/.exec(text)?.[1] ?? '';

let address = 0;
/**
 * Asks for a code from a client address of its own, a minute after the last one: the limits per minute and per
 * address are tested on their own.
 */
async function sendCode(body: Record<string, unknown>, token?: string) {
  t.clock.advance(61_000);
  address += 1;
  return post(
    t.app,
    MemberPaths.sendCode,
    { ...body, ...(await captcha()) },
    token,
    `10.9.${address >> 8}.${address & 255}`,
  );
}

/** The id of the latest sandbox message to `recipient` (0: none). */
async function lastId(recipient: string) {
  const [row] = await t.database.db
    .select({ id: sandboxMessages.id })
    .from(sandboxMessages)
    .where(eq(sandboxMessages.recipient, recipient))
    .orderBy(desc(sandboxMessages.id))
    .limit(1);
  return row?.id ?? 0;
}

/** Sends a code and reads it from the sandbox's outbox. */
async function codeSentTo(body: { phone?: string; email?: string; scene: string }, token?: string) {
  const recipient = body.phone ?? body.email ?? '';
  const before = await lastId(recipient);
  const sent = envelope(await sendCode(body, token));
  expect(sent.success, sent.message).toBe(true);
  return codeOf((await sandboxMessage(recipient, before)).text);
}

/** Binds a fresh phone number to the member, through the code sent to it. */
async function bindPhone(token: string) {
  const phone = nextPhone();
  const code = await codeSentTo({ scene: 'bind', phone }, token);
  const bound = envelope<{ phone: string; phoneVerified: boolean }>(
    await post(t.app, MemberPaths.bindContact, { phone, code }, token),
  );
  expect(bound.success, bound.message).toBe(true);
  return { phone, member: bound.data };
}

describe('sendCode/', () => {
  it('asks for the picture captcha first: none is 403, a wrong one 404', async () => {
    const none = await post(t.app, MemberPaths.sendCode, { scene: 'reset', phone: nextPhone() });
    expect(envelope(none).resultCode).toBe(ResultCode.SmsNeedImageVerify);
    const { captchaId } = await captcha();
    const wrong = await post(t.app, MemberPaths.sendCode, {
      scene: 'reset',
      phone: nextPhone(),
      captchaId,
      captchaCode: 'zzzz',
    });
    expect(envelope(wrong).resultCode).toBe(ResultCode.ImageVerifyFailed);
  });

  it('answers an unknown number as a known one, and texts only the known one', async () => {
    const { token } = await register();
    const { phone } = await bindPhone(token);
    const unknown = nextPhone();
    const a = await sendCode({ scene: 'reset', phone: unknown });
    const before = await lastId(phone);
    const b = await sendCode({ scene: 'reset', phone });
    expect(a.statusCode).toBe(b.statusCode);
    expect(envelope(a)).toEqual(envelope(b));
    const code = codeOf((await sandboxMessage(phone, before)).text);
    expect(code).toMatch(/^\d{6}$/);
    const none = await t.database.db
      .select()
      .from(sandboxMessages)
      .where(eq(sandboxMessages.recipient, unknown));
    expect(none).toEqual([]);
  });

  it('refuses a second code for the same number within a minute (429), counted atomically', async () => {
    const phone = nextPhone();
    const body = async () => ({ scene: 'register', phone, ...(await captcha()) });
    const requests = await Promise.all([body(), body(), body()]);
    const answers = await Promise.all(
      requests.map((b, i) => post(t.app, MemberPaths.sendCode, b, undefined, `10.8.0.${i + 1}`)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429, 429]);
  });

  it('refuses numbers outside China and Australia, in Chinese', async () => {
    const res = await sendCode({ scene: 'reset', phone: '+12025550123' });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).message).toContain('手机号');
  });
});

describe('bindContact/ and current/', () => {
  it('shows the proved number masked, with phoneVerified', async () => {
    const { token } = await register();
    const before = envelope<{ phoneVerified: boolean; phone: string }>(
      await post(t.app, MemberPaths.current, {}, token),
    ).data;
    expect(before).toMatchObject({ phone: '', phoneVerified: false, emailVerified: false });
    const { phone, member } = await bindPhone(token);
    expect(member.phoneVerified).toBe(true);
    expect(member.phone).toBe(`+86 ${phone.slice(3, 6)}*****${phone.slice(-3)}`);
    const current = envelope<{ phone: string }>(await post(t.app, MemberPaths.current, {}, token)).data;
    expect(current.phone).toBe(member.phone);
  });

  it('refuses a wrong code, and the right one after 5 tries', async () => {
    const { token } = await register();
    const phone = nextPhone();
    const code = await codeSentTo({ scene: 'bind', phone }, token);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = envelope(await post(t.app, MemberPaths.bindContact, { phone, code: wrong }, token));
      expect(res.message).toBe('验证码错误或已过期');
    }
    const late = envelope(await post(t.app, MemberPaths.bindContact, { phone, code }, token));
    expect(late.success).toBe(false);
  });

  it('lets one number belong to one member only', async () => {
    const first = await register();
    const { phone } = await bindPhone(first.token);
    const second = await register();
    // The code is not even sent: the number is someone else's (the same answer as always).
    const sent = envelope(await sendCode({ scene: 'bind', phone }, second.token));
    expect(sent.success).toBe(true);
    const last = await sandboxMessage(phone);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await sandboxMessage(phone)).id).toBe(last.id);
  });
});

describe('smsLogin/ and resetPwd/', () => {
  it('signs in with a code, and a code works once', async () => {
    const { token, username } = await register();
    const { phone } = await bindPhone(token);
    const code = await codeSentTo({ scene: 'login', phone });
    const signedIn = envelope<{ token: string }>(await post(t.app, MemberPaths.smsLogin, { phone, code }));
    expect(signedIn.success, signedIn.message).toBe(true);
    const me = envelope<{ username: string }>(
      await post(t.app, MemberPaths.current, {}, signedIn.data.token),
    );
    expect(me.data.username).toBe(username);
    const again = envelope(await post(t.app, MemberPaths.smsLogin, { phone, code }));
    expect(again.success).toBe(false);
  });

  it('resets the password by SMS and ends every session', async () => {
    const { token, username } = await register();
    const { phone } = await bindPhone(token);
    const code = await codeSentTo({ scene: 'reset', phone });
    const reset = envelope(await post(t.app, MemberPaths.resetPwd, { phone, code, password: 'newpass456' }));
    expect(reset.success, reset.message).toBe(true);
    expect((await post(t.app, MemberPaths.current, {}, token)).statusCode).toBe(401);
    const login = envelope(await post(t.app, MemberPaths.login, { username, password: 'newpass456' }));
    expect(login.success).toBe(true);
  });

  it('blanks a code in the outbox once it was sent', async () => {
    const { token } = await register();
    const { phone } = await bindPhone(token);
    const rows = await t.database.db.select().from(notices).where(eq(notices.recipient, phone));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.status).toBe('sent');
      expect(row.params.code).toBe('******');
    }
  });
});

describe('/metrics', () => {
  it('counts the outbox by status and the sends by channel and outcome', async () => {
    const { token } = await register();
    await bindPhone(token);
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${SCRAPE_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    const sent = Number(/^shop_notices\{status="sent"\} (\d+)$/m.exec(res.body)?.[1]);
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(res.body).toMatch(/^shop_notices\{status="failed"\} \d+$/m);
    expect(res.body).toMatch(/^shop_notices\{status="waiting"\} \d+$/m);
    const smsSent = Number(/^shop_notices_total\{channel="sms",outcome="sent"\} (\d+)$/m.exec(res.body)?.[1]);
    expect(smsSent).toBeGreaterThanOrEqual(1);
  });
});
