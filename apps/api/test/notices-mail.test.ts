import {
  type AdminNoticeListResponse,
  AdminNoticePaths,
  AdminOrderPaths,
  DepositPaths,
  MemberPaths,
  ResultCode,
  SupportTicketPaths,
} from '@shop/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices } from '../src/db/schema';
import { cliActor } from '../src/lib/audit';
import { consoleOrder, depositPaidOrder } from './support/admin-orders';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { insertCouriers } from './support/order-fixtures';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server';
import { staffLogin, staffToken } from './support/staff';
import { envelope, post, TEST_CAPTCHA, type TestApp } from './support/test-app';

// E-mail through a real SMTP server in this process, with a login, sent by the queue's worker as in the server.
let smtp: TestSmtpServer;
let t: TestApp;
let rice = 0;
let warehouseToken = '';
beforeAll(async () => {
  smtp = await startSmtpServer({ auth: { user: 'shop@example.test', pass: 'mail-pass-1' } });
  const made = await createCatalogueTestApp({
    SHOP_SMTP_URL: smtp.url,
    SHOP_MAIL_FROM: '澳中批发商城 <shop@example.test>',
    SHOP_PUBLIC_URL: 'https://shop.example.test',
    SHOP_NOTICE_WORKERS: '1',
    SHOP_NOTICE_RETRY_DELAY_SECONDS: '1',
  });
  t = made.t;
  rice = made.fixture.goods.riceCereal.skuIds[0] ?? 0;
  await insertCouriers(t.database.db);
  warehouseToken = (await staffToken(t, 'warehouse')).token;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let address = 0;
async function sendCode(body: Record<string, unknown>, token?: string) {
  t.clock.advance(61_000);
  address += 1;
  const captcha = envelope<{ captchaId: string }>(await post(t.app, MemberPaths.captcha, {})).data;
  const res = envelope(
    await post(
      t.app,
      MemberPaths.sendCode,
      { ...body, captchaId: captcha.captchaId, captchaCode: TEST_CAPTCHA },
      token,
      `10.7.0.${address}`,
    ),
  );
  expect(res.success, res.message).toBe(true);
}

const codeOf = (text: string) => /验证码\s*(\d{6})/.exec(text)?.[1] ?? '';

/** Proves an e-mail address for the member with the code mailed to it. */
async function bindEmail(token: string, email: string) {
  await sendCode({ scene: 'bind', email }, token);
  const [mail] = await smtp.waitFor(1);
  const code = codeOf(mail?.text ?? '');
  const bound = envelope<{ email: string; emailVerified: boolean }>(
    await post(t.app, MemberPaths.bindContact, { email, code }, token),
  );
  expect(bound.success, bound.message).toBe(true);
  return { mail, member: bound.data };
}

async function statusOf(id: number) {
  const [row] = await t.database.db.select().from(notices).where(eq(notices.id, id));
  return row;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() - started > timeoutMs)
      throw new Error(`not reached within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('e-mail by SMTP', () => {
  it('mails a code after 验证码, with the login, a plain-text and an HTML part; the address is then proved', async () => {
    const { m } = await consoleOrder(t, rice);
    const { mail, member } = await bindEmail(m.token, 'Buyer.One@Example.test');
    expect(mail?.user).toBe('shop@example.test');
    expect(mail?.to).toEqual(['buyer.one@example.test']);
    expect(mail?.from).toContain('shop@example.test');
    expect(mail?.subject).toMatch(/^验证码 \d{6}/);
    expect(mail?.text).toMatch(/验证码 \d{6}，用于绑定，5 分钟内有效/);
    expect(mail?.html).toContain('澳中批发商城');
    expect(mail?.html).toContain('https://shop.example.test/favicon.svg');
    expect(mail?.messageId).toMatch(/^<notice-\d+@shop\.example\.test>$/);
    expect(member).toMatchObject({ email: 'b***@example.test', emailVerified: true });
  });

  it('resets a password by e-mail, and only for a proved address', async () => {
    const { m } = await consoleOrder(t, rice, { username: 'resetter' });
    await bindEmail(m.token, 'resetter@example.test');
    const before = smtp.received.length;
    await sendCode({ scene: 'reset', email: 'nobody-here@example.test' });
    await sendCode({ scene: 'reset', email: 'resetter@example.test' });
    const [mail] = await smtp.waitFor(1);
    await new Promise((r) => setTimeout(r, 1500));
    // The unknown address got no mail: one arrived, to the member.
    expect(smtp.received.slice(before).map((x) => x.to[0])).toEqual(['resetter@example.test']);
    const reset = envelope(
      await post(t.app, MemberPaths.resetPwd, {
        email: 'resetter@example.test',
        code: codeOf(mail?.text ?? ''),
        password: 'brandnew789',
      }),
    );
    expect(reset.success, reset.message).toBe(true);
    expect((await post(t.app, MemberPaths.current, {}, m.token)).statusCode).toBe(401);
  });

  it('tells the member of a shipment by e-mail with the courier and tracking number', async () => {
    const { m, order } = await consoleOrder(t, rice, { username: 'shipped' });
    await bindEmail(m.token, 'shipped@example.test');
    for (const action of ['push', 'processing', 'ready'] as const) {
      const moved = envelope(
        await post(t.app, AdminOrderPaths.transition, { orderNo: order.orderNo, action }, warehouseToken),
      );
      expect(moved.success, moved.message).toBe(true);
    }
    const shipped = envelope(
      await post(
        t.app,
        AdminOrderPaths.ship,
        { orderNo: order.orderNo, courierCode: 'SF', logisticCode: 'SF900000777' },
        warehouseToken,
      ),
    );
    expect(shipped.success, shipped.message).toBe(true);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual(['shipped@example.test']);
    expect(mail?.subject).toBe(`订单 ${order.orderNo} 已发货`);
    expect(mail?.text).toContain('运单号：SF900000777');
    expect(mail?.text).toMatch(/承运快递：\S+/);
  });

  it('keeps a notice while the mail server is down and sends it once when it is up', async () => {
    const { m } = await consoleOrder(t, rice, { username: 'patient' });
    await smtp.down();
    const before = smtp.received.length;
    await sendCode({ scene: 'bind', email: 'patient@example.test' }, m.token);
    const [row] = await t.database.db
      .select()
      .from(notices)
      .where(and(eq(notices.recipient, 'patient@example.test'), eq(notices.kind, 'code')));
    const waiting = await until(
      () => statusOf(row?.id ?? 0),
      (r) => (r?.attempts ?? 0) >= 1 && r?.status === 'waiting',
    );
    expect(waiting?.lastError).toMatch(/ECONNREFUSED|ESOCKET|connect/i);
    await smtp.up();
    const sent = await until(
      () => statusOf(row?.id ?? 0),
      (r) => r?.status === 'sent',
    );
    await new Promise((r) => setTimeout(r, 2500));
    const copies = smtp.received
      .slice(before)
      .filter((x) => x.messageId === `<notice-${sent?.id}@shop.example.test>`);
    expect(copies).toHaveLength(1);
  });

  it('does not retry a permanent refusal: the notice fails with the answer, and staff can send it again', async () => {
    const { m } = await consoleOrder(t, rice, { username: 'refused' });
    smtp.refused.add('refused@example.test');
    await sendCode({ scene: 'bind', email: 'refused@example.test' }, m.token);
    const [row] = await t.database.db
      .select()
      .from(notices)
      .where(eq(notices.recipient, 'refused@example.test'));
    const failed = await until(
      () => statusOf(row?.id ?? 0),
      (r) => r?.status === 'failed',
    );
    expect(failed?.attempts).toBe(1);
    // The server's own reply line, its code once.
    expect(failed?.lastError).toMatch(/^550 5\.1\.1 /);
    // The console lists it with the server's answer, the address masked; the warehouse may not see the outbox.
    const service = (await staffToken(t, 'service')).token;
    const listed = envelope<AdminNoticeListResponse>(
      await post(t.app, AdminNoticePaths.list, { status: 'failed' }, service),
    );
    expect(listed.success, listed.message).toBe(true);
    const shown = listed.data.list.find((n) => n.id === row?.id);
    expect(shown).toMatchObject({ recipient: 'r***@example.test', status: 'failed', attempts: 1 });
    expect(shown?.lastError).toContain('550');
    expect(listed.data.counts.failed).toBeGreaterThanOrEqual(1);
    const denied = await post(t.app, AdminNoticePaths.list, {}, warehouseToken);
    expect(denied.statusCode).toBe(403);
    smtp.refused.delete('refused@example.test');
    const resent = envelope(await post(t.app, AdminNoticePaths.resend, { id: row?.id }, service));
    expect(resent.success, resent.message).toBe(true);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual(['refused@example.test']);
    // The server holds the mail once it answered 250; the outbox marks it sent once that answer reached the shop.
    const sent = await until(
      () => statusOf(row?.id ?? 0),
      (r) => r?.status === 'sent',
    );
    expect(sent?.status).toBe('sent');
    // A sent notice cannot be resent or discarded.
    const again = envelope(await post(t.app, AdminNoticePaths.discard, { id: row?.id }, service));
    expect(again.message).toBe('只有发送失败的通知可以重发或放弃');
  });
});

describe('staff notices', () => {
  /** Gives a staff account of `role` a work address. */
  async function staffWithEmail(role: 'service' | 'warehouse' | 'finance' | 'owner', email: string) {
    const login = await staffToken(t, role);
    await t.app.services.staff.update(cliActor(), { id: login.staffId, email });
    return login;
  }

  it('tells each role of its work: service a new ticket, warehouse a paid order, finance a transfer', async () => {
    await staffWithEmail('service', 'desk@example.test');
    await staffWithEmail('warehouse', 'pack@example.test');
    await staffWithEmail('finance', 'money@example.test');
    const { m, order } = await depositPaidOrder(t, rice);
    const packing = await until(
      async () => smtp.received.filter((x) => x.to[0] === 'pack@example.test'),
      (list) => list.length >= 1,
    );
    expect(packing.at(-1)?.subject).toBe(`新订单待打包：${order.orderNo}`);

    const ticket = envelope(
      await post(
        t.app,
        SupportTicketPaths.create,
        { type: 1, title: '包装破损', content: '收到的箱子破了' },
        m.token,
      ),
    );
    expect(ticket.success, ticket.message).toBe(true);
    const desk = await until(
      async () => smtp.received.filter((x) => x.to[0] === 'desk@example.test'),
      (list) => list.length >= 1,
    );
    expect(desk.at(-1)?.subject).toBe('工单待处理：包装破损');
    expect(desk.at(-1)?.text).toContain('提交了新工单');

    const transfer = envelope(
      await post(
        t.app,
        DepositPaths.bankTransfer,
        { currency: 'AUD', money: 120, reference: '张三 CBA 转账' },
        m.token,
      ),
    );
    expect(transfer.success, transfer.message).toBe(true);
    const money = await until(
      async () => smtp.received.filter((x) => x.to[0] === 'money@example.test'),
      (list) => list.length >= 1,
    );
    expect(money.at(-1)?.subject).toBe('银行转账充值待审核 $120.00');
    // Nobody else was told of the others' work.
    expect(
      smtp.received.filter((x) => x.to[0] === 'desk@example.test' && x.subject.includes('打包')),
    ).toEqual([]);
  });

  it("mails the owner a daily summary, scheduled once a day in the shop's time", async () => {
    await staffWithEmail('owner', 'boss@example.test');
    expect(await t.app.services.dailySummary.send()).toBeGreaterThanOrEqual(1);
    const boss = await until(
      async () => smtp.received.filter((x) => x.to[0] === 'boss@example.test'),
      (list) => list.length >= 1,
    );
    expect(boss.at(-1)?.subject).toMatch(/^每日经营摘要 \d{4}-\d{2}-\d{2}$/);
    expect(boss.at(-1)?.text).toContain('待发货包裹：');
    expect(boss.at(-1)?.text).toContain('发送失败的站外通知：');
    const schedules = (await t.database.db.execute(
      sql`select name, cron, timezone from pgboss.schedule`,
    )) as unknown as { rows: { name: string; cron: string; timezone: string }[] };
    expect(schedules.rows).toContainEqual({
      name: 'daily-summary',
      cron: '0 8 * * *',
      timezone: 'Asia/Shanghai',
    });
  });
});

describe('the e-mailed second factor of staff', () => {
  it('asks a role that moves no money, without an authenticator, for a code mailed to its work address', async () => {
    const account = await staffToken(t, 'service');
    await t.app.services.staff.update(cliActor(), { id: account.staffId, email: 'second@example.test' });
    const first = await staffLogin(t, { username: account.username, password: account.password });
    expect(first.resultCode).toBe(ResultCode.TwoFactorRequired);
    expect(first.data).toEqual({ factor: 'email', sentTo: 's***@example.test' });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual(['second@example.test']);
    expect(mail?.text).toMatch(/验证码 \d{6}，用于后台登录/);
    const code = codeOf(mail?.text ?? '');
    const wrong = await staffLogin(t, {
      username: account.username,
      password: account.password,
      emailCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.resultCode).toBe(ResultCode.TwoFactorRequired);
    const signedIn = await staffLogin(t, {
      username: account.username,
      password: account.password,
      emailCode: code,
    });
    expect(signedIn.success, signedIn.message).toBe(true);
    // A code signs in once.
    const again = await staffLogin(t, {
      username: account.username,
      password: account.password,
      emailCode: code,
    });
    expect(again.success).toBe(false);
  });

  it('leaves money roles to their authenticator', async () => {
    const account = await staffToken(t, 'finance');
    await t.app.services.staff.update(cliActor(), { id: account.staffId, email: 'cash@example.test' });
    const first = await staffLogin(t, { username: account.username, password: account.password });
    expect(first.resultCode).toBe(ResultCode.TwoFactorRequired);
    expect(first.data).toEqual({ factor: 'totp' });
  });
});
