import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rateCounters } from '../src/db/schema';
import { DbRateLimiter } from '../src/lib/db-rate-limiter';
import { MemoryRateLimiter, type RateLimiter } from '../src/lib/rate-limiter';
import { RedisRateLimiter } from '../src/lib/redis-rate-limiter';
import { openTestDatabase } from './support/test-app';

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
  // undo takes back one event of a live window, never below 0.
  expect(await limiter.hit('c', 300)).toBe(2);
  await limiter.undo('c');
  expect(await limiter.count('c')).toBe(1);
  await limiter.undo('c');
  await limiter.undo('c');
  expect(await limiter.count('c')).toBe(0);
  await limiter.undo('never');
  expect(await limiter.count('never')).toBe(0);
  // Hits sent together each get their own count: a limit checked on the answer holds.
  const counts = await Promise.all(Array.from({ length: 30 }, () => limiter.hit('together', 60_000)));
  expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
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

  it('in the database: the same behaviour, shared by every process on it (PGlite, or PostgreSQL in CI)', async () => {
    const { database, dispose } = await openTestDatabase();
    let now = Date.now();
    const limiter = new DbRateLimiter(database.db, () => now);
    const other = new DbRateLimiter(database.db, () => now);
    try {
      await behavesLikeARateLimiter(limiter, async (ms) => {
        now += ms;
      });
      await limiter.hit('shared', 60_000);
      expect(await other.count('shared')).toBe(1);
      // Windows that are over are swept away.
      await limiter.hit('old', 100);
      now += 1000;
      await limiter.sweep();
      const keys = (await database.db.select({ key: rateCounters.key }).from(rateCounters)).map((r) => r.key);
      expect(keys).not.toContain('old');
      expect(keys).toContain('shared');
    } finally {
      await limiter.close();
      await other.close();
      await dispose();
    }
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
