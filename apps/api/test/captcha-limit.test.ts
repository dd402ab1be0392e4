import { MemberPaths, ResultCode } from '@shop/domain';
import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchas } from '../src/db/schema';
import { clientAddressKey, type RateLimiter } from '../src/lib/rate-limiter';
import {
  createTestApp,
  envelope,
  post,
  redisTestLimiter,
  TEST_CAPTCHA,
  type TestApp,
} from './support/test-app';

/** Captcha creation is limited per client address; old captchas are cleaned up. */

const TOO_MANY = {
  success: false,
  resultCode: ResultCode.TooManyRequests,
  message: '获取验证码过于频繁，请1分钟后再试',
  data: null,
};

let t: TestApp;
// With TEST_REDIS_URL the counts go through Redis (as with REDIS_URL), under a unique key prefix.
let redisLimiter: RateLimiter | undefined;
beforeAll(async () => {
  redisLimiter = redisTestLimiter();
  t = await createTestApp(redisLimiter ? { rateLimiter: redisLimiter } : {});
});
afterAll(async () => {
  await t?.close();
  await redisLimiter?.close();
});

const captcha = (address: string) => post(t.app, MemberPaths.captcha, {}, undefined, address);

async function captchaRows(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(captchas);
  return row?.n ?? 0;
}

describe('captcha/ per client address', () => {
  it('makes 30 a minute for parallel requests from one address and refuses the rest with 429', async () => {
    const before = await captchaRows();
    const answers = await Promise.all(Array.from({ length: 45 }, () => captcha('10.20.0.1')));
    const made = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(made).toHaveLength(30);
    expect(refused).toHaveLength(15);
    for (const res of refused) expect(envelope(res)).toEqual(TOO_MANY);
    // A refused request writes nothing.
    expect((await captchaRows()) - before).toBe(30);
  });

  it('leaves other addresses their own allowance', async () => {
    const other = await captcha('10.20.0.2');
    expect(other.statusCode).toBe(200);
    // A refused address can still register with a captcha it already has.
    const captchaId = envelope<{ captchaId: string }>(other).data.captchaId;
    const res = await post(t.app, MemberPaths.register, {
      username: 'captcha_limited',
      password: 'limit1234',
      captchaId,
      captchaCode: TEST_CAPTCHA,
    });
    expect(envelope(res).success).toBe(true);
  });

  it('counts an IPv6 network (/64) as one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 31 }, (_, i) => captcha(`2001:db8:1:2:${i.toString(16)}::${i + 1}`)),
    );
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(1);
    expect((await captcha('2001:db8:1:3::1')).statusCode).toBe(200);
  });
});

describe('clientAddressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s → %s', (address, key) => {
    expect(clientAddressKey(address)).toBe(key);
  });
});

describe('old captchas', () => {
  it('are deleted, used or not, once an hour past their expiry, when captchas are made', async () => {
    const used = envelope<{ captchaId: string }>(await captcha('10.30.0.1')).data.captchaId;
    await t.app.services.captcha.check({ captchaId: used, captchaCode: TEST_CAPTCHA });
    const unused = envelope<{ captchaId: string }>(await captcha('10.30.0.2')).data.captchaId;
    t.clock.advance(2 * 60 * 60 * 1000);
    expect((await captcha('10.30.0.3')).statusCode).toBe(200);
    const left = await t.database.db
      .select({ id: captchas.id })
      .from(captchas)
      .where(inArray(captchas.id, [used, unused]));
    expect(left).toEqual([]);
  });
});
