import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemberPaths } from '@shop/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './support/server-process';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server';
import { openEmptyDatabase, TEST_CAPTCHA } from './support/test-app';

// A worker killed (kill -9) while the mail server holds the message's data: the mail was not delivered (SMTP delivers
// on the server's 250), the notice stays in the outbox, and the next process sends it once.
let smtp: TestSmtpServer | undefined;
let server: ChildProcess | undefined;
let folder = '';
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  server?.kill('SIGKILL');
  await smtp?.close();
  for (const cleanup of cleanups) await cleanup();
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function call<T>(base: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { success: boolean; message: string; data: T };
  expect(envelope.success, envelope.message).toBe(true);
  return envelope.data;
}

async function start(env: Record<string, string>): Promise<{ base: string; exited: Promise<unknown> }> {
  const started = await startServerProcess(env);
  server = started.child;
  const child = server;
  const exited = new Promise((done) => child.once('exit', done));
  return { base: started.base, exited };
}

describe('a worker killed mid-send', () => {
  it('loses nothing and sends nothing twice', async () => {
    smtp = await startSmtpServer();
    let database: Record<string, string>;
    if (process.env.TEST_DATABASE_URL) {
      const empty = await openEmptyDatabase();
      await empty.database.close();
      cleanups.push(() => empty.dispose());
      database = empty.env;
    } else {
      folder = await mkdtemp(join(tmpdir(), 'shop-notices-crash-'));
      database = { DATA_DIR: folder };
    }
    const env = {
      ...database,
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
      SHOP_TEST_CAPTCHA: TEST_CAPTCHA,
      SHOP_SMTP_URL: smtp.url,
      SHOP_MAIL_FROM: 'shop@example.test',
      SHOP_PUBLIC_URL: 'https://shop.example.test',
      SHOP_NOTICE_WORKERS: '1',
      SHOP_NOTICE_SEND_TIMEOUT_SECONDS: '4',
      SHOP_NOTICE_RETRY_DELAY_SECONDS: '1',
    };
    const first = await start(env);
    const captcha = await call<{ captchaId: string }>(first.base, MemberPaths.captcha, {});
    const { token } = await call<{ token: string }>(first.base, MemberPaths.register, {
      username: 'crash_buyer',
      password: 'secret123',
      captchaId: captcha.captchaId,
      captchaCode: TEST_CAPTCHA,
    });
    smtp.holdDataMs = 3_000;
    const held = smtp.nextHeld();
    const again = await call<{ captchaId: string }>(first.base, MemberPaths.captcha, {});
    await call(
      first.base,
      MemberPaths.sendCode,
      { scene: 'bind', email: 'crash@example.test', captchaId: again.captchaId, captchaCode: TEST_CAPTCHA },
      token,
    );
    await held;
    server?.kill('SIGKILL');
    await first.exited;
    // The server saw its client go before it answered: nothing was delivered.
    await new Promise((r) => setTimeout(r, 3_500));
    expect(smtp.abandoned).toBe(1);
    expect(smtp.received).toHaveLength(0);

    smtp.holdDataMs = 0;
    await start(env);
    const [mail] = await smtp.waitFor(1, 60_000);
    expect(mail?.to).toEqual(['crash@example.test']);
    expect(mail?.text).toMatch(/验证码 \d{6}/);
    // Nothing more comes: the notice was sent once.
    await new Promise((r) => setTimeout(r, 6_000));
    expect(smtp.received).toHaveLength(1);
  }, 180_000);
});
