/**
 * Counts events per key within a fixed window (login failures, spec §7 login/ hardening). The in-memory
 * limiter suits one process; with several processes behind a load balancer set REDIS_URL so they share
 * counts (DESIGN.md 'scale-out').
 */
export interface RateLimiter {
  /** Events counted for the key in its current window (0 when none or expired). */
  count(key: string): Promise<number>;
  /** Counts one event; the window starts at the key's first event. Returns the new count. */
  hit(key: string, windowMs: number): Promise<number>;
  /** Forgets the key (e.g. after a successful login). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

interface Entry {
  count: number;
  expiresAt: number;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    // Drop expired keys now and then so a flood of distinct addresses cannot grow the map forever.
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async count(key: string): Promise<number> {
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= this.now()) return 0;
    return entry.count;
  }

  async hit(key: string, windowMs: number): Promise<number> {
    const now = this.now();
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) {
      this.entries.set(key, { count: 1, expiresAt: now + windowMs });
      return 1;
    }
    entry.count += 1;
    return entry.count;
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
