import { MemberPaths } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, post, TEST_CAPTCHA, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function newCaptcha(): Promise<string> {
  const res = await post(t.app, MemberPaths.captcha, {});
  return envelope<{ captchaId: string }>(res).data.captchaId;
}

let counter = 0;
/** Registers a fresh member and returns its username, password and token. */
async function register(extra: Record<string, unknown> = {}) {
  counter += 1;
  const username = `shopper_${counter}_${Date.now() % 100000}`;
  const password = 'secret123';
  const res = await post(t.app, MemberPaths.register, {
    username,
    password,
    captchaId: await newCaptcha(),
    captchaCode: TEST_CAPTCHA,
    ...extra,
  });
  const body = envelope<{ token: string }>(res);
  expect(body.success, body.message).toBe(true);
  return { username, password, token: body.data.token };
}

async function login(username: string, password: string) {
  return envelope<{ token: string }>(await post(t.app, MemberPaths.login, { username, password }));
}

describe('captcha/', () => {
  it('returns an SVG data URL, an id and a 120 s lifetime', async () => {
    const res = await post(t.app, MemberPaths.captcha);
    expect(res.statusCode).toBe(200);
    const body = envelope<{ captchaId: string; image: string; expiresIn: number }>(res);
    expect(body).toMatchObject({ success: true, resultCode: 200, message: '操作成功' });
    expect(body.data.image.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = Buffer.from(body.data.image.split(',')[1] ?? '', 'base64').toString();
    expect(svg).toContain('<svg');
    expect(body.data.captchaId.length).toBeGreaterThanOrEqual(16);
    expect(body.data.expiresIn).toBe(120);
  });
});

describe('register/', () => {
  it('registers with profile fields, says 注册成功 and logs the member in', async () => {
    const res = await post(t.app, MemberPaths.register, {
      username: 'alice_shop',
      password: 'secret123',
      captchaId: await newCaptcha(),
      captchaCode: TEST_CAPTCHA.toLowerCase(), // answers are case-insensitive
      name: '张三',
      email: 'alice@example.com',
      company: '澳洲贸易',
    });
    const body = envelope<{ token: string }>(res);
    expect(res.statusCode).toBe(200);
    expect(body).toMatchObject({ success: true, resultCode: 200, message: '注册成功' });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = envelope<Record<string, unknown>>(await post(t.app, MemberPaths.current, {}, body.data.token));
    expect(me.data).toMatchObject({
      username: 'alice_shop',
      name: '张三',
      // Masked, and not proved until a code sent to it is (#31 bindContact/).
      email: 'a***@example.com',
      emailVerified: false,
      phone: '',
      phoneVerified: false,
      company: '澳洲贸易',
      level: 37,
      cnyDeposit: 0,
      audDeposit: 0,
    });
  });

  it('refuses a taken username, ignoring case', async () => {
    const { username } = await register();
    const res = await post(t.app, MemberPaths.register, {
      username: username.toUpperCase(),
      password: 'secret123',
      captchaId: await newCaptcha(),
      captchaCode: TEST_CAPTCHA,
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({ success: false, resultCode: -1, message: '用户名已被注册' });
  });

  it('refuses a wrong captcha answer, and the captcha is used up by that attempt', async () => {
    const captchaId = await newCaptcha();
    const wrong = await post(t.app, MemberPaths.register, {
      username: 'wrong_captcha',
      password: 'secret123',
      captchaId,
      captchaCode: 'zzzz',
    });
    expect(wrong.statusCode).toBe(400);
    expect(envelope(wrong)).toMatchObject({ success: false, resultCode: 404, message: '验证码错误或已过期' });
    const retry = await post(t.app, MemberPaths.register, {
      username: 'wrong_captcha',
      password: 'secret123',
      captchaId,
      captchaCode: TEST_CAPTCHA,
    });
    expect(envelope(retry).message).toBe('验证码错误或已过期');
  });

  it('refuses a captcha used before', async () => {
    const captchaId = await newCaptcha();
    const first = await post(t.app, MemberPaths.register, {
      username: 'reuse_one',
      password: 'secret123',
      captchaId,
      captchaCode: TEST_CAPTCHA,
    });
    expect(envelope(first).success).toBe(true);
    const second = await post(t.app, MemberPaths.register, {
      username: 'reuse_two',
      password: 'secret123',
      captchaId,
      captchaCode: TEST_CAPTCHA,
    });
    expect(envelope(second)).toMatchObject({ success: false, message: '验证码错误或已过期' });
  });

  it('refuses a captcha older than 120 s', async () => {
    const captchaId = await newCaptcha();
    t.clock.advance(121_000);
    const res = await post(t.app, MemberPaths.register, {
      username: 'late_shopper',
      password: 'secret123',
      captchaId,
      captchaCode: TEST_CAPTCHA,
    });
    expect(envelope(res)).toMatchObject({ success: false, resultCode: 404, message: '验证码错误或已过期' });
  });

  it('refuses an unknown captcha id', async () => {
    const res = await post(t.app, MemberPaths.register, {
      username: 'ghost_captcha',
      password: 'secret123',
      captchaId: 'no-such-captcha',
      captchaCode: TEST_CAPTCHA,
    });
    expect(envelope(res).message).toBe('验证码错误或已过期');
  });

  it('names the bad field in Chinese', async () => {
    const res = await post(t.app, MemberPaths.register, {
      username: 'ab',
      password: 'secret123',
      captchaId: 'x',
      captchaCode: 'y',
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({
      success: false,
      resultCode: -1,
      message: '用户名：用户名为3-32位字母、数字、下划线或汉字',
    });
  });
});

describe('login/', () => {
  it('logs the seeded demo member in and returns a token', async () => {
    const res = await post(t.app, MemberPaths.login, { username: 'demo', password: 'demo1234' });
    expect(res.statusCode).toBe(200);
    const body = envelope<{ token: string }>(res);
    expect(body).toMatchObject({ success: true, resultCode: 200 });
    const me = envelope<{ username: string; name: string }>(
      await post(t.app, MemberPaths.current, {}, body.data.token),
    );
    expect(me.data).toMatchObject({ username: 'demo', name: '演示会员' });
  });

  it('gives one answer for a wrong password and for an unknown member', async () => {
    const { username } = await register();
    const wrong = await post(t.app, MemberPaths.login, { username, password: 'nope12345' });
    const unknown = await post(t.app, MemberPaths.login, { username: 'nobody_here', password: 'nope12345' });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(envelope(wrong)).toEqual({
      success: false,
      resultCode: -1,
      message: '用户名或密码错误',
      data: { needCaptcha: false },
    });
    expect(envelope(unknown)).toEqual(envelope(wrong));
  });
});

describe('member-only calls', () => {
  it('refuse a call without a token, with a malformed one, or with an unknown one', async () => {
    for (const token of [undefined, 'short', 'A'.repeat(43)]) {
      const res = await post(t.app, MemberPaths.current, {}, token);
      expect(res.statusCode).toBe(401);
      expect(envelope(res)).toEqual({
        success: false,
        resultCode: 401,
        message: '未登录或登录已过期',
        data: null,
      });
    }
    const basic = await t.app.inject({
      method: 'POST',
      url: MemberPaths.current,
      headers: { authorization: 'Basic ZGVtbzpkZW1vMTIzNA==' },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('refuse a token after 30 days', async () => {
    const { token } = await register();
    expect((await post(t.app, MemberPaths.current, {}, token)).statusCode).toBe(200);
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await post(t.app, MemberPaths.current, {}, token)).statusCode).toBe(401);
  });
});

describe('current/', () => {
  it('accepts an empty body and no content type', async () => {
    const { token } = await register();
    const res = await t.app.inject({
      method: 'POST',
      url: MemberPaths.current,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(envelope(res).success).toBe(true);
    const emptyJson = await t.app.inject({
      method: 'POST',
      url: MemberPaths.current,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(emptyJson.statusCode).toBe(200);
  });
});

describe('update/', () => {
  it('changes the given fields, keeps the others, and says 资料已更新', async () => {
    const { token } = await register({ name: '李四', company: '旧公司' });
    const res = await post(
      t.app,
      MemberPaths.update,
      { company: '新公司', mobile: '+61 400 000 000' },
      token,
    );
    expect(res.statusCode).toBe(200);
    const body = envelope<Record<string, unknown>>(res);
    expect(body.message).toBe('资料已更新');
    expect(body.data).toMatchObject({ name: '李四', company: '新公司', mobile: '+61 400 000 000' });
    const me = envelope<Record<string, unknown>>(await post(t.app, MemberPaths.current, {}, token));
    expect(me.data).toMatchObject({ name: '李四', company: '新公司' });
  });

  it('refuses a bad email and fields it does not know', async () => {
    const { token } = await register();
    const bad = await post(t.app, MemberPaths.update, { email: 'not-an-email' }, token);
    expect(envelope(bad)).toMatchObject({ resultCode: -1, message: '邮箱：邮箱格式不正确' });
    const unknown = await post(t.app, MemberPaths.update, { level: 1 }, token);
    expect(envelope(unknown)).toMatchObject({ resultCode: -1, message: '不支持的字段：level' });
  });
});

describe('updatePwd/', () => {
  it('changes the password, keeps this session and ends every other one', async () => {
    const { username, password, token } = await register();
    const other = (await login(username, password)).data.token;
    const res = await post(
      t.app,
      MemberPaths.updatePwd,
      { oldPassword: password, newPassword: 'newpass456' },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(envelope(res)).toEqual({ success: true, resultCode: 200, message: '密码已修改', data: null });
    expect((await post(t.app, MemberPaths.current, {}, token)).statusCode).toBe(200);
    expect((await post(t.app, MemberPaths.current, {}, other)).statusCode).toBe(401);
    expect((await login(username, password)).success).toBe(false);
    expect((await login(username, 'newpass456')).success).toBe(true);
  });

  it('answers success false with 原密码错误 for a wrong old password', async () => {
    const { token } = await register();
    const res = await post(
      t.app,
      MemberPaths.updatePwd,
      { oldPassword: 'wrong999', newPassword: 'newpass456' },
      token,
    );
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({ success: false, resultCode: -1, message: '原密码错误' });
  });

  it('refuses a new password equal to the old one or too weak', async () => {
    const { password, token } = await register();
    const same = await post(
      t.app,
      MemberPaths.updatePwd,
      { oldPassword: password, newPassword: password },
      token,
    );
    expect(envelope(same).message).toBe('新密码：新密码不能与原密码相同');
    const weak = await post(
      t.app,
      MemberPaths.updatePwd,
      { oldPassword: password, newPassword: 'short1' },
      token,
    );
    expect(envelope(weak).message).toBe('新密码：密码至少8位');
  });
});

describe('logout/', () => {
  it('ends the presented session only', async () => {
    const { username, password, token } = await register();
    const other = (await login(username, password)).data.token;
    const res = await post(t.app, MemberPaths.logout, {}, token);
    expect(res.statusCode).toBe(200);
    expect(envelope(res)).toMatchObject({ success: true, data: null });
    expect((await post(t.app, MemberPaths.current, {}, token)).statusCode).toBe(401);
    expect((await post(t.app, MemberPaths.logout, {}, token)).statusCode).toBe(401);
    expect((await post(t.app, MemberPaths.current, {}, other)).statusCode).toBe(200);
  });
});
