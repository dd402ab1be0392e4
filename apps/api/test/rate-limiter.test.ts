import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter, type RateLimiter } from '../src/lib/rate-limiter';
import { RedisRateLimiter } from '../src/lib/redis-rate-limiter';

async function behavesLikeARateLimiter(limiter: RateLimiter, wait: (ms: number) => Promise<void>) {
  expect(await limiter.count('a')).toBe(0);
  expect(await limiter.hit('a', 300)).toBe(1);
  expect(await limiter.hit('a', 300)).toBe(2);
  expect(await limiter.count('a')).toBe(2);
  expect(await limiter.count('b')).toBe(0);
  await limiter.reset('a');
  expect(await limiter.count('a')).toBe(0);
  await limiter.hit('c', 300);
  await wait(400);
  expect(await limiter.count('c')).toBe(0);
  expect(await limiter.hit('c', 300)).toBe(1);
}

describe('rate limiter', () => {
  it('in memory: counts per key within a window, resets, and expires', async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter(() => now);
    await behavesLikeARateLimiter(limiter, async (ms) => {
      now += ms;
    });
    await limiter.close();
  });

  it.skipIf(!process.env.TEST_REDIS_URL)(
    'on Redis: the same behaviour, shared between processes',
    async () => {
      const url = process.env.TEST_REDIS_URL ?? '';
      const prefix = `shop-test:${randomBytes(6).toString('hex')}:`;
      const limiter = new RedisRateLimiter(url, prefix);
      const other = new RedisRateLimiter(url, prefix);
      try {
        await behavesLikeARateLimiter(limiter, (ms) => new Promise((r) => setTimeout(r, ms)));
        await limiter.hit('shared', 60_000);
        expect(await other.count('shared')).toBe(1);
        await other.reset('shared');
      } finally {
        await limiter.close();
        await other.close();
      }
    },
  );
});
