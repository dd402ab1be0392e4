import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client';
import type { Clock } from '../lib/clock';
import { DbRateLimiter } from '../lib/db-rate-limiter';
import { MemoryRateLimiter, type RateLimiter } from '../lib/rate-limiter';
import { RedisRateLimiter } from '../lib/redis-rate-limiter';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

export interface RateLimitPluginOptions {
  redisUrl: string | undefined;
  /** The shop's database: on PostgreSQL the counters live there, shared by every API process. */
  database: DatabaseHandle;
  clock: Clock;
  /** A limiter made by the caller (tests); the caller then closes it. */
  rateLimiter?: RateLimiter | undefined;
}

/**
 * The shop's limiter for its configuration: Redis when REDIS_URL is set; else the database on PostgreSQL; else
 * memory. The operator's command line uses the same one, so staff:unlock lifts the server's locks.
 */
export function shopRateLimiter(
  redisUrl: string | undefined,
  database: DatabaseHandle,
  now: () => number = Date.now,
): RateLimiter {
  if (redisUrl) return new RedisRateLimiter(redisUrl);
  return database.driver === 'postgresql' ? new DbRateLimiter(database.db, now) : new MemoryRateLimiter(now);
}

/**
 * The rate limiter of the app: Redis when REDIS_URL is set; else the database on PostgreSQL (several API
 * processes share it); else memory, exact for the one process the embedded database allows.
 */
export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app, options) => {
    const owned = options.rateLimiter === undefined;
    const now = () => options.clock().getTime();
    const limiter = options.rateLimiter ?? shopRateLimiter(options.redisUrl, options.database, now);
    app.decorate('rateLimiter', limiter);
    if (owned) app.addHook('onClose', async () => limiter.close());
  },
  { name: 'rate-limit' },
);
