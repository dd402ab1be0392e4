import { randomBytes } from 'node:crypto';
import { MemberPaths } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimiter } from '../src/lib/rate-limiter';
import { RedisRateLimiter } from '../src/lib/redis-rate-limiter';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

const TOO_MANY = { success: false, resultCode: 429, message: '登录尝试次数过多，请15分钟后再试', data: null };

let t: TestApp;
// With TEST_REDIS_URL the limits are checked through Redis (as with REDIS_URL), under a unique key prefix.
let redisLimiter: RateLimiter | undefined;
beforeAll(async () => {
  if (process.env.TEST_REDIS_URL) {
    redisLimiter = new RedisRateLimiter(
      process.env.TEST_REDIS_URL,
      `shop-test:${randomBytes(6).toString('hex')}:`,
    );
  }
  t = await createTestApp(redisLimiter ? { rateLimiter: redisLimiter } : {});
  await t.app.services.member.createMember({ username: 'limited', password: 'right1234' });
  await t.app.services.member.createMember({ username: 'cleared', password: 'right1234' });
});
afterAll(async () => {
  await t?.close();
  await redisLimiter?.close();
});

const attempt = (username: string, password: string, address = '10.0.0.1') =>
  post(t.app, MemberPaths.login, { username, password }, undefined, address);

describe('login failures are limited', () => {
  it('per account: 5 failures in 15 minutes, then even the right password is refused', async () => {
    for (let i = 0; i < 5; i += 1) {
      // Spread over addresses so only the account's counter can trip.
      const res = await attempt('limited', 'wrong0000', `10.1.0.${i}`);
      expect(envelope(res).message).toBe('用户名或密码错误');
    }
    const blocked = await attempt('limited', 'right1234', '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(envelope(blocked)).toEqual(TOO_MANY);
    // Other members are not affected.
    expect(envelope(await attempt('demo', 'demo1234', '10.1.0.99')).success).toBe(true);
  });

  it('a success clears the account counter', async () => {
    for (let i = 0; i < 4; i += 1) await attempt('cleared', 'wrong0000', '10.2.0.1');
    expect(envelope(await attempt('cleared', 'right1234', '10.2.0.1')).success).toBe(true);
    for (let i = 0; i < 4; i += 1) await attempt('cleared', 'wrong0000', '10.2.0.1');
    expect(envelope(await attempt('cleared', 'right1234', '10.2.0.1')).success).toBe(true);
  });

  it('per client address: 20 failures in 15 minutes', async () => {
    for (let i = 0; i < 20; i += 1) {
      const res = await attempt(`nobody_${i}`, 'wrong0000', '10.3.0.1');
      expect(res.statusCode).toBe(400);
    }
    const blocked = await attempt('demo', 'demo1234', '10.3.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(envelope(blocked)).toEqual(TOO_MANY);
    expect(envelope(await attempt('demo', 'demo1234', '10.3.0.2')).success).toBe(true);
  });
});
