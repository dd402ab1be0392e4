import { MemberPaths, QR_TICKET_TTL_SECONDS, ResultCode, WechatPaths } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember } from './support/order-fixtures';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';
import {
  bind,
  checkScan,
  confirmedTicket,
  newQrCode,
  sandboxPhone,
  scanCodeOf,
} from './support/wechat-helpers';

/** QR sign-in with the sandbox chat app (spec §4 'QR scan check', §7 wechat/; docs/decisions/015). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
});
afterAll(async () => {
  await t?.close();
});

let openids = 0;
const newOpenid = () => `sandbox-test-${++openids}-${Date.now() % 100000}`;

describe('getQrCode/', () => {
  it('gives a five-minute ticket and a QR code of the sandbox scan page, which does not hold the ticket', async () => {
    const code = await newQrCode(t.app);
    expect(code.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(code.provider).toBe('sandbox');
    expect(code.expiresIn).toBe(QR_TICKET_TTL_SECONDS);
    expect(code.scanUrl).toMatch(/^http:\/\/localhost(:\d+)?\/sandbox-wechat\/scan\/[A-Za-z0-9_-]{24}$/);
    expect(code.scanUrl).not.toContain(code.ticket);
    expect(code.qrImage.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(code.qrImage.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
    const other = await newQrCode(t.app);
    expect(other.ticket).not.toBe(code.ticket);
  });

  it('limits the QR codes of one client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1)
      statuses.push((await post(t.app, WechatPaths.getQrCode, {}, undefined, '10.98.0.1')).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('asks a binding QR code of a signed-in member only', async () => {
    const res = await post(t.app, WechatPaths.getQrCode, { purpose: 'bind' });
    expect(res.statusCode).toBe(401);
    expect(envelope(res).resultCode).toBe(ResultCode.InvalidToken);
    const bad = envelope(await post(t.app, WechatPaths.getQrCode, { purpose: 'steal' }));
    expect(bad).toMatchObject({ success: false, resultCode: ResultCode.ParamsError });
  });
});

describe('checkQrScan/', () => {
  it('reports waiting, then scanned once the sandbox page is opened, then cancelled', async () => {
    const code = await newQrCode(t.app);
    expect(await checkScan(t.app, code.ticket)).toMatchObject({
      success: true,
      message: '请使用微信扫描二维码',
      data: { status: 'waiting' },
    });
    const page = await t.app.inject({ method: 'GET', url: `/sandbox-wechat/scan/${scanCodeOf(code)}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('微信沙箱');
    expect(page.body).toContain('确认登录');
    expect(page.body).toContain('取消');
    expect(page.body).not.toContain('<script');
    expect((await checkScan(t.app, code.ticket)).data.status).toBe('scanned');
    const { answer } = await sandboxPhone(t.app, scanCodeOf(code), 'cancel');
    expect(answer.statusCode).toBe(303);
    expect(await checkScan(t.app, code.ticket)).toMatchObject({ data: { status: 'cancelled' } });
    // A cancelled code cannot be confirmed afterwards.
    await sandboxPhone(t.app, scanCodeOf(code), { user: 'new', openid: newOpenid() });
    expect((await checkScan(t.app, code.ticket)).data.status).toBe('cancelled');
  });

  it('says needBind for a confirmed chat-app user bound to no member, with a message about binding', async () => {
    const ticket = await confirmedTicket(t.app, newOpenid(), '新朋友');
    const body = await checkScan(t.app, ticket);
    expect(body).toMatchObject({ success: true, data: { status: 'needBind', nickname: '新朋友' } });
    expect(body.message).toContain('绑定');
    expect(body.data.avatar).toMatch(/^data:image\/svg\+xml;base64,/);
    // Still needBind on the next poll: the page keeps it while the visitor logs in or registers.
    expect((await checkScan(t.app, ticket)).data.status).toBe('needBind');
  });

  it('calls expired, unknown and forged tickets invalid, with a message about invalidity', async () => {
    const forged = await checkScan(t.app, 'A'.repeat(43));
    expect(forged).toMatchObject({ success: true, data: { status: 'invalid' } });
    expect(forged.message).toContain('失效');
    const malformed = await checkScan(t.app, 'not-a-ticket');
    expect(malformed).toMatchObject({ success: false, resultCode: ResultCode.ParamsError });

    const code = await newQrCode(t.app);
    t.clock.advance(QR_TICKET_TTL_SECONDS * 1000 + 1000);
    try {
      expect((await checkScan(t.app, code.ticket)).data.status).toBe('invalid');
      const { page } = await sandboxPhone(t.app, scanCodeOf(code), { user: 'new', openid: newOpenid() });
      expect(page.body).toContain('二维码已失效');
      expect((await checkScan(t.app, code.ticket)).data.status).toBe('invalid');
    } finally {
      t.clock.advance(-(QR_TICKET_TTL_SECONDS * 1000 + 1000));
    }
  });

  it('limits the polls of one client address', async () => {
    const code = await newQrCode(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 125; i += 1) {
      const res = await post(t.app, WechatPaths.checkQrScan, { ticket: code.ticket }, undefined, '10.99.0.1');
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    const last = await post(t.app, WechatPaths.checkQrScan, { ticket: code.ticket }, undefined, '10.99.0.1');
    expect(last.statusCode).toBe(429);
    expect(envelope(last).resultCode).toBe(ResultCode.TooManyRequests);
  });
});

describe('binding, then signing in by scanning', () => {
  it('binds after a password login, then signs the member in with a token exactly as login/ gives, once', async () => {
    const member = await newMember(t.app, 'qr');
    const openid = newOpenid();
    const ticket = await confirmedTicket(t.app, openid, '小明同学');
    expect((await checkScan(t.app, ticket)).data.status).toBe('needBind');

    const bound = envelope(await bind(t.app, ticket, member.id, member.token));
    expect(bound).toMatchObject({ success: true, message: '微信绑定成功', data: { nickname: '小明同学' } });
    // The ticket is used up by the binding.
    expect((await checkScan(t.app, ticket)).data.status).toBe('invalid');
    const again = envelope(await bind(t.app, ticket, member.id, member.token));
    expect(again).toMatchObject({ success: false, resultCode: ResultCode.WeChatVerifyFailed });
    const shown = envelope<{ nickname: string; boundAt: string }>(
      await post(t.app, WechatPaths.binding, {}, member.token),
    );
    expect(shown.data).toMatchObject({ nickname: '小明同学' });
    expect(Number.isNaN(Date.parse(shown.data.boundAt))).toBe(false);

    const next = await confirmedTicket(t.app, openid, '小明同学');
    const signedIn = await checkScan(t.app, next);
    expect(signedIn).toMatchObject({ success: true, message: '登录成功', data: { status: 'success' } });
    expect(signedIn.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = envelope<{ id: number }>(await post(t.app, MemberPaths.current, {}, signedIn.data.token));
    expect(me.data.id).toBe(member.id);
    // The token is answered once: the next poll finds the ticket used.
    expect(await checkScan(t.app, next)).toMatchObject({ data: { status: 'invalid' } });
    // It is an ordinary login token: logout/ revokes it.
    await post(t.app, MemberPaths.logout, {}, signedIn.data.token);
    expect((await post(t.app, MemberPaths.current, {}, signedIn.data.token)).statusCode).toBe(401);
  });

  it('refuses a bind without a confirmed scan, without a login, or for another member’s id', async () => {
    const member = await newMember(t.app, 'qr');
    const other = await newMember(t.app, 'qr');
    const waiting = await newQrCode(t.app);
    expect(envelope(await bind(t.app, waiting.ticket, member.id, member.token))).toMatchObject({
      success: false,
      resultCode: ResultCode.WeChatVerifyFailed,
      message: '请先用微信扫码并在手机上确认',
    });
    const forged = envelope(await bind(t.app, 'B'.repeat(43), member.id, member.token));
    expect(forged).toMatchObject({ success: false, resultCode: ResultCode.WeChatVerifyFailed });

    const ticket = await confirmedTicket(t.app, newOpenid());
    expect((await bind(t.app, ticket, member.id)).statusCode).toBe(401);
    expect(envelope(await bind(t.app, ticket, other.id, member.token))).toMatchObject({
      success: false,
      resultCode: ResultCode.WeChatVerifyFailed,
      message: '只能为当前登录的账号绑定微信',
    });
    // Nothing was bound by the refusals: the ticket still binds for its rightful caller.
    expect(envelope(await post(t.app, WechatPaths.binding, {}, other.token)).data).toBeNull();
    expect(envelope(await bind(t.app, ticket, member.id, member.token)).success).toBe(true);
  });

  it('refuses an identity bound to someone else, and a second identity for a bound member', async () => {
    const owner = await newMember(t.app, 'qr');
    const latecomer = await newMember(t.app, 'qr');
    const openid = newOpenid();
    expect(
      envelope(await bind(t.app, await confirmedTicket(t.app, openid), owner.id, owner.token)).success,
    ).toBe(true);
    // The latecomer scans the owner's chat-app identity from /member/security.
    const taken = await confirmedTicket(t.app, openid, '小明', latecomer.token);
    expect((await checkScan(t.app, taken)).data.status).toBe('needBind');
    expect(envelope(await bind(t.app, taken, latecomer.id, latecomer.token))).toMatchObject({
      success: false,
      resultCode: ResultCode.WeChatVerifyFailed,
      message: '该微信已绑定其他账号，请先在该账号中解绑',
    });
    expect(envelope(await post(t.app, WechatPaths.binding, {}, latecomer.token)).data).toBeNull();

    const second = await confirmedTicket(t.app, newOpenid(), '另一个微信', owner.token);
    expect(envelope(await bind(t.app, second, owner.id, owner.token))).toMatchObject({
      success: false,
      resultCode: ResultCode.WeChatVerifyFailed,
      message: '您的账号已绑定微信，请先解绑',
    });
  });

  it('keeps a binding QR code to the member who asked for it', async () => {
    const asker = await newMember(t.app, 'qr');
    const thief = await newMember(t.app, 'qr');
    const ticket = await confirmedTicket(t.app, newOpenid(), '小红', asker.token);
    expect(envelope(await bind(t.app, ticket, thief.id, thief.token))).toMatchObject({
      success: false,
      resultCode: ResultCode.WeChatVerifyFailed,
    });
    expect(envelope(await bind(t.app, ticket, asker.id, asker.token)).success).toBe(true);
  });

  it('binds one of two parallel binds of one identity, and one of two identities for one member', async () => {
    const [a, b] = [await newMember(t.app, 'qr'), await newMember(t.app, 'qr')];
    const openid = newOpenid();
    const [ta, tb] = [await confirmedTicket(t.app, openid), await confirmedTicket(t.app, openid)];
    const results = await Promise.all([bind(t.app, ta, a.id, a.token), bind(t.app, tb, b.id, b.token)]);
    expect(results.map((r) => envelope(r).success).sort()).toEqual([false, true]);
    const holders = await Promise.all(
      [a, b].map(async (m) => envelope(await post(t.app, WechatPaths.binding, {}, m.token)).data),
    );
    expect(holders.filter((h) => h !== null)).toHaveLength(1);

    const c = await newMember(t.app, 'qr');
    const [t1, t2] = [await confirmedTicket(t.app, newOpenid()), await confirmedTicket(t.app, newOpenid())];
    const mine = await Promise.all([bind(t.app, t1, c.id, c.token), bind(t.app, t2, c.id, c.token)]);
    expect(mine.map((r) => envelope(r).success).sort()).toEqual([false, true]);
  });

  it('lets a member unbind with their password; the identity then needs binding again', async () => {
    const member = await newMember(t.app, 'qr');
    const openid = newOpenid();
    expect(
      envelope(await bind(t.app, await confirmedTicket(t.app, openid), member.id, member.token)).success,
    ).toBe(true);
    const wrong = envelope(await post(t.app, WechatPaths.unbind, { password: 'wrong-pass1' }, member.token));
    expect(wrong).toMatchObject({
      success: false,
      resultCode: ResultCode.ParamsError,
      message: '登录密码错误',
    });
    expect(envelope(await post(t.app, WechatPaths.binding, {}, member.token)).data).not.toBeNull();
    const done = envelope(await post(t.app, WechatPaths.unbind, { password: 'secret123' }, member.token));
    expect(done).toMatchObject({ success: true, message: '已解除微信绑定' });
    expect(envelope(await post(t.app, WechatPaths.binding, {}, member.token)).data).toBeNull();
    expect((await checkScan(t.app, await confirmedTicket(t.app, openid))).data.status).toBe('needBind');
    const twice = envelope(await post(t.app, WechatPaths.unbind, { password: 'secret123' }, member.token));
    expect(twice).toMatchObject({ success: false, message: '您的账号未绑定微信' });
  });

  it('signs in a sandbox user picked from the list', async () => {
    const member = await newMember(t.app, 'qr');
    const code = await newQrCode(t.app);
    await sandboxPhone(t.app, scanCodeOf(code), { user: '1' });
    expect(await checkScan(t.app, code.ticket)).toMatchObject({
      data: { status: 'needBind', nickname: '小红' },
    });
    expect(envelope(await bind(t.app, code.ticket, member.id, member.token)).success).toBe(true);
  });

  it('refuses a bad sandbox form and leaves the code scanned', async () => {
    const code = await newQrCode(t.app);
    const { answer } = await sandboxPhone(t.app, scanCodeOf(code), { user: 'new', openid: 'x' });
    expect(answer.statusCode).toBe(400);
    expect(envelope(answer)).toMatchObject({ success: false, resultCode: ResultCode.ParamsError });
    expect(envelope(answer).message).toContain('openid');
    expect((await checkScan(t.app, code.ticket)).data.status).toBe('scanned');
  });
});
