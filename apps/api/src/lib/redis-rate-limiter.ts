import { Redis } from 'ioredis';
import type { RateLimiter } from './rate-limiter';

/** Rate limiter shared by every API process through Redis (used when REDIS_URL is set). */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'shop:rl:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  }

  async count(key: string): Promise<number> {
    const value = await this.redis.get(this.prefix + key);
    return value === null ? 0 : Number(value);
  }

  async hit(key: string, windowMs: number): Promise<number> {
    const k = this.prefix + key;
    // SET NX PX starts the window only at the first event; INCR then counts it. One round trip, atomic.
    const results = await this.redis.multi().set(k, '0', 'PX', windowMs, 'NX').incr(k).exec();
    const incr = results?.[1];
    if (!incr || incr[0]) throw incr?.[0] ?? new Error('redis rate limiter: no reply');
    return Number(incr[1]);
  }

  async undo(key: string): Promise<void> {
    // Only a live key: a DECR of an expired one would create a key without expiry.
    await this.redis.eval(
      "if redis.call('PTTL', KEYS[1]) > 0 and tonumber(redis.call('GET', KEYS[1])) > 0 then return redis.call('DECR', KEYS[1]) end return 0",
      1,
      this.prefix + key,
    );
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async resetPrefix(prefix: string): Promise<number> {
    // SCAN's pattern is a glob: the prefix's own glob characters are escaped.
    const match = `${(this.prefix + prefix).replace(/[*?[\]\\]/g, '\\$&')}*`;
    let removed = 0;
    for await (const keys of this.redis.scanStream({ match, count: 500 }) as AsyncIterable<string[]>) {
      if (keys.length > 0) removed += await this.redis.del(...keys);
    }
    return removed;
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
