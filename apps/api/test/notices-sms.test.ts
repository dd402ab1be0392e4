import { MemberPaths } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices } from '../src/db/schema';
import { FakeAliyunSms } from './support/fake-aliyun-sms';
import { FakeTwilio } from './support/fake-twilio';
import { createTestApp, envelope, post, TEST_CAPTCHA, type TestApp } from './support/test-app';

// Codes through the real gateway adapters to local fakes that verify their signatures, by the number's country,
// sent by the queue's worker as in the server; no sandbox.
const aliyun = new FakeAliyunSms();
const twilio = new FakeTwilio();
let t: TestApp;
beforeAll(async () => {
  await Promise.all([aliyun.start(), twilio.start()]);
  t = await createTestApp({
    env: {
      ...aliyun.env(),
      ...twilio.env(),
      SHOP_SMS_SANDBOX: 'off',
      SHOP_NOTICE_WORKERS: '1',
      SHOP_NOTICE_RETRY_DELAY_SECONDS: '1',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([aliyun.stop(), twilio.stop()]);
});

let seq = 0;
async function register() {
  seq += 1;
  const captcha = envelope<{ captchaId: string }>(await post(t.app, MemberPaths.captcha, {})).data;
  const body = envelope<{ token: string }>(
    await post(t.app, MemberPaths.register, {
      username: `sms_${seq}_${Date.now() % 100000}`,
      password: 'secret123',
      captchaId: captcha.captchaId,
      captchaCode: TEST_CAPTCHA,
    }),
  );
  expect(body.success, body.message).toBe(true);
  return body.data.token;
}

async function askBind(token: string, phone: string) {
  t.clock.advance(61_000);
  seq += 1;
  const captcha = envelope<{ captchaId: string }>(await post(t.app, MemberPaths.captcha, {})).data;
  const sent = envelope(
    await post(
      t.app,
      MemberPaths.sendCode,
      { scene: 'bind', phone, captchaId: captcha.captchaId, captchaCode: TEST_CAPTCHA },
      token,
      `10.6.0.${seq}`,
    ),
  );
  expect(sent.success, sent.message).toBe(true);
}

async function until<T>(read: () => T | Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const rowsTo = (phone: string) => t.database.db.select().from(notices).where(eq(notices.recipient, phone));

describe('SMS through the gateways', () => {
  it('texts a +86 number through Alibaba with the approved template, and the code binds it', async () => {
    const token = await register();
    const phone = '+8613912340001';
    await askBind(token, phone);
    const [message] = await until(
      () => aliyun.messages.filter((m) => m.text.includes('验证码')),
      (list) => list.length >= 1,
    );
    const code = /验证码为：(\d{6})/.exec(message?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const bound = envelope(await post(t.app, MemberPaths.bindContact, { phone, code }, token));
    expect(bound.success, bound.message).toBe(true);
    const [row] = await until(
      () => rowsTo(phone),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(row?.provider).toBe('aliyun');
  });

  it('texts a +61 number through Twilio in English', async () => {
    const token = await register();
    const phone = '+61412340002';
    await askBind(token, phone);
    const [message] = await until(
      () => twilio.messages.filter((m) => m.to === phone),
      (list) => list.length >= 1,
    );
    expect(message?.body).toMatch(/verification code to confirm this contact: \d{6}/);
    const [row] = await until(
      () => rowsTo(phone),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(row?.provider).toBe('twilio');
  });

  it('retries a gateway error that may pass, and sends once', async () => {
    const token = await register();
    const phone = '+8613912340003';
    aliyun.failNext(1, { status: 503 });
    await askBind(token, phone);
    const [row] = await until(
      () => rowsTo(phone),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(row?.attempts).toBe(2);
    await new Promise((r) => setTimeout(r, 1500));
    expect(aliyun.messages.filter((m) => m.phoneNumbers.endsWith('13912340003'))).toHaveLength(1);
  });

  it('does not retry a number the gateway refuses; the console shows its code', async () => {
    const token = await register();
    const phone = '+8613912340004';
    aliyun.failNext(1, { code: 'isv.MOBILE_NUMBER_ILLEGAL' });
    await askBind(token, phone);
    const [row] = await until(
      () => rowsTo(phone),
      (rows) => rows[0]?.status === 'failed',
    );
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toContain('isv.MOBILE_NUMBER_ILLEGAL');
  });
});
