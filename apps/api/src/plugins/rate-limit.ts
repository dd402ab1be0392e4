import fp from 'fastify-plugin';
import { MemoryRateLimiter, type RateLimiter } from '../lib/rate-limiter';
import { RedisRateLimiter } from '../lib/redis-rate-limiter';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

export interface RateLimitPluginOptions {
  redisUrl: string | undefined;
  /** A limiter made by the caller (tests); the caller then closes it. */
  rateLimiter?: RateLimiter | undefined;
}

/** Counters for login throttling: in memory for one process, Redis when REDIS_URL is set (shared). */
export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app, options) => {
    const owned = options.rateLimiter === undefined;
    const limiter =
      options.rateLimiter ??
      (options.redisUrl ? new RedisRateLimiter(options.redisUrl) : new MemoryRateLimiter());
    app.decorate('rateLimiter', limiter);
    if (owned) app.addHook('onClose', async () => limiter.close());
  },
  { name: 'rate-limit' },
);
