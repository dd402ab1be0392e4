import { MemberPaths, ResultCode } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimiter } from '../src/lib/rate-limiter';
import { failureDelayMs, LOGIN_LIMITS } from '../src/modules/member/member.service';
import {
  createTestApp,
  envelope,
  post,
  redisTestLimiter,
  TEST_CAPTCHA,
  type TestApp,
} from './support/test-app';

let t: TestApp;
// The app's own limiter: memory on PGlite, the database on PostgreSQL (TEST_DATABASE_URL). With TEST_REDIS_URL
// the limits are checked through Redis instead (as with REDIS_URL), under a unique key prefix.
let redisLimiter: RateLimiter | undefined;
beforeAll(async () => {
  redisLimiter = redisTestLimiter();
  t = await createTestApp(redisLimiter ? { rateLimiter: redisLimiter } : {});
  for (const username of ['parallel', 'owner', 'cleared', 'pwdguess', 'wrongcap'])
    await t.app.services.member.createMember({ username, password: 'right1234' });
});
afterAll(async () => {
  await t?.close();
  await redisLimiter?.close();
});

let addressSeq = 0;
/** An address no other attempt used, so only the account's counter can trip. */
const freshAddress = () => {
  addressSeq += 1;
  return `10.${Math.floor(addressSeq / 250)}.${addressSeq % 250}.9`;
};

const attempt = (body: Record<string, string>, address = freshAddress()) =>
  post(t.app, MemberPaths.login, body, undefined, address);

async function captchaId(address = freshAddress()): Promise<string> {
  const res = await post(t.app, MemberPaths.captcha, {}, undefined, address);
  return envelope<{ captchaId: string }>(res).data.captchaId;
}

const BAD_CREDENTIALS = '用户名或密码错误';

describe('login attempts are counted before the password is checked', () => {
  it('40 guesses sent together: at most the limit are evaluated, the rest are asked for the captcha', async () => {
    const guesses = Array.from({ length: 40 }, (_, i) => (i === 20 ? 'right1234' : `wrong${i}xx`));
    const answers = await Promise.all(guesses.map((password) => attempt({ username: 'parallel', password })));
    const bodies = answers.map((res) => envelope<{ needCaptcha?: boolean; token?: string }>(res));
    const evaluated = bodies.filter((b) => b.success || b.message === BAD_CREDENTIALS);
    const askedForCaptcha = bodies.filter((b) => b.resultCode === ResultCode.SmsNeedImageVerify);
    expect(evaluated.length).toBeLessThanOrEqual(LOGIN_LIMITS.captchaAfterAccount);
    expect(evaluated.length + askedForCaptcha.length).toBe(40);
    for (const b of askedForCaptcha) expect(b.data).toEqual({ needCaptcha: true });
    console.info(`login guesses sent: 40, evaluated: ${evaluated.length}`);
  });

  it('the owner with the right password is asked for the captcha, and gets in with it', async () => {
    for (let i = 0; i < LOGIN_LIMITS.captchaAfterAccount; i += 1) {
      const res = await attempt({ username: 'owner', password: 'guess0000' });
      expect(envelope(res).message).toBe(BAD_CREDENTIALS);
    }
    // A fourth guess is not checked without the captcha: it needs verification (403), not a wrong one (404).
    const fourth = await attempt({ username: 'owner', password: 'guess0000' });
    expect(envelope(fourth)).toMatchObject({
      resultCode: ResultCode.SmsNeedImageVerify,
      data: { needCaptcha: true },
    });

    const asked = await attempt({ username: 'owner', password: 'right1234' });
    expect(envelope(asked)).toMatchObject({
      success: false,
      resultCode: ResultCode.SmsNeedImageVerify,
      message: '请输入图片验证码',
      data: { needCaptcha: true },
    });
    const ok = await attempt({
      username: 'owner',
      password: 'right1234',
      captchaId: await captchaId(),
      captchaCode: TEST_CAPTCHA,
    });
    expect(envelope<{ token: string }>(ok).data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The success cleared the account: the next login needs no captcha.
    expect(envelope(await attempt({ username: 'owner', password: 'right1234' })).success).toBe(true);
  });

  it('the last failure before the captcha says so, a wrong captcha is refused and used up', async () => {
    const first = await attempt({ username: 'wrongcap', password: 'guess0000' });
    expect(envelope(first).data).toEqual({ needCaptcha: false });
    await attempt({ username: 'wrongcap', password: 'guess0000' });
    const third = await attempt({ username: 'wrongcap', password: 'guess0000' });
    expect(envelope(third).data).toEqual({ needCaptcha: true });
    const id = await captchaId();
    const wrong = await attempt({
      username: 'wrongcap',
      password: 'right1234',
      captchaId: id,
      captchaCode: 'zzzz',
    });
    expect(envelope(wrong)).toMatchObject({
      resultCode: ResultCode.ImageVerifyFailed,
      message: '验证码错误或已过期',
      data: { needCaptcha: true },
    });
    const reused = await attempt({
      username: 'wrongcap',
      password: 'right1234',
      captchaId: id,
      captchaCode: TEST_CAPTCHA,
    });
    expect(envelope(reused).resultCode).toBe(ResultCode.ImageVerifyFailed);
  });

  it('a success clears the account counter', async () => {
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < LOGIN_LIMITS.captchaAfterAccount - 1; i += 1)
        await attempt({ username: 'cleared', password: 'wrong0000' });
      expect(envelope(await attempt({ username: 'cleared', password: 'right1234' })).success).toBe(true);
    }
  });

  it('per address: after 10 the captcha is asked for any account; past 100 the address is refused', async () => {
    const address = '10.250.0.1';
    for (let i = 0; i < LOGIN_LIMITS.captchaAfterAddress; i += 1) {
      const res = await attempt({ username: `nobody_${i}`, password: 'wrong0000' }, address);
      expect(envelope(res).message).toBe(BAD_CREDENTIALS);
    }
    const asked = await attempt({ username: 'demo', password: 'demo1234' }, address);
    expect(envelope(asked).resultCode).toBe(ResultCode.SmsNeedImageVerify);
    const withCaptcha = await attempt(
      { username: 'demo', password: 'demo1234', captchaId: await captchaId(), captchaCode: TEST_CAPTCHA },
      address,
    );
    expect(envelope(withCaptcha).success).toBe(true);

    // A scripted flood without captchas costs no password check; past the ceiling it is refused outright.
    const flood = await Promise.all(
      Array.from({ length: LOGIN_LIMITS.addressCeiling + 10 }, (_, i) =>
        attempt({ username: `flood_${i}`, password: 'wrong0000' }, address),
      ),
    );
    const refused = flood.filter((res) => res.statusCode === 429);
    expect(refused.length).toBeGreaterThanOrEqual(10);
    expect(envelope(refused[0] as (typeof flood)[number])).toMatchObject({
      resultCode: ResultCode.TooManyRequests,
      message: '该网络登录尝试次数过多，请15分钟后再试',
    });
    // Another address is not affected.
    expect(envelope(await attempt({ username: 'demo', password: 'demo1234' })).success).toBe(true);
  });

  it('failures from a busy address are answered ever slower, up to 2 s', () => {
    expect([1, 10, 11, 12, 13, 16, 17, 60].map((n) => failureDelayMs(n))).toEqual([
      0, 0, 50, 100, 200, 1600, 2000, 2000,
    ]);
  });
});

describe('old-password checks of updatePwd/ are counted before the check', () => {
  it('40 guesses sent together: at most 5 are evaluated', async () => {
    const login = await attempt({ username: 'pwdguess', password: 'right1234' });
    const token = envelope<{ token: string }>(login).data.token;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(t.app, MemberPaths.updatePwd, { oldPassword: `guess${i}xx`, newPassword: 'newpass123' }, token),
      ),
    );
    const evaluated = answers.filter((res) => envelope(res).message === '原密码错误');
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(evaluated.length).toBeLessThanOrEqual(LOGIN_LIMITS.passwordChecks);
    expect(evaluated.length + refused.length).toBe(40);
    expect(envelope(refused[0] as (typeof answers)[number]).message).toBe(
      '原密码错误次数过多，请15分钟后再试',
    );
    console.info(`old-password guesses sent: 40, evaluated: ${evaluated.length}`);
  });
});
