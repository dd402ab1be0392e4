import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateCounters } from '../db/schema';
import type { RateLimiter } from './rate-limiter';

// Expired rows are deleted now and then, so a flood of distinct addresses cannot grow the table for ever.
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Rate limits kept in the shop's database (table rate_counters): every API process on one PostgreSQL shares
 * them without Redis. `hit` is one upsert whose row lock orders concurrent hits of a key, so each gets its own
 * count.
 */
export class DbRateLimiter implements RateLimiter {
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {
    this.sweeper = setInterval(() => void this.sweep().catch(() => {}), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  async count(key: string): Promise<number> {
    const rows = await this.db
      .select({ count: rateCounters.count })
      .from(rateCounters)
      .where(and(eq(rateCounters.key, key), gt(rateCounters.expiresAt, new Date(this.now()))));
    return rows[0]?.count ?? 0;
  }

  async hit(key: string, windowMs: number): Promise<number> {
    const now = new Date(this.now());
    const expiresAt = new Date(now.getTime() + windowMs);
    // A live window counts on; an expired one starts again at 1 with a new expiry.
    const live = sql`${rateCounters.expiresAt} > ${now.toISOString()}::timestamptz`;
    const rows = await this.db
      .insert(rateCounters)
      .values({ key, count: 1, expiresAt })
      .onConflictDoUpdate({
        target: rateCounters.key,
        set: {
          count: sql`case when ${live} then ${rateCounters.count} + 1 else 1 end`,
          expiresAt: sql`case when ${live} then ${rateCounters.expiresAt} else excluded.expires_at end`,
        },
      })
      .returning({ count: rateCounters.count });
    const count = rows[0]?.count;
    if (count === undefined) throw new Error('rate limiter: no row');
    return count;
  }

  async undo(key: string): Promise<void> {
    await this.db
      .update(rateCounters)
      .set({ count: sql`${rateCounters.count} - 1` })
      .where(
        and(
          eq(rateCounters.key, key),
          gt(rateCounters.count, 0),
          gt(rateCounters.expiresAt, new Date(this.now())),
        ),
      );
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateCounters).where(eq(rateCounters.key, key));
  }

  async resetPrefix(prefix: string): Promise<number> {
    const rows = await this.db
      .delete(rateCounters)
      .where(sql`starts_with(${rateCounters.key}, ${prefix})`)
      .returning({ key: rateCounters.key });
    return rows.length;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }

  /** Deletes the windows that are over. */
  async sweep(): Promise<void> {
    await this.db.delete(rateCounters).where(lt(rateCounters.expiresAt, new Date(this.now())));
  }
}
