/**
 * Counts events per key within a fixed window (login attempts, captchas, notifies). `hit` is one atomic step
 * that counts and answers the new count, so callers reserve an attempt before doing the work it limits: N
 * parallel requests get counts 1..N and a limit holds however they interleave. Three stores: memory for the one
 * process of the embedded database, the database itself for several processes on PostgreSQL, Redis when
 * REDIS_URL is set (docs/design.md 'scale-out').
 */
export interface RateLimiter {
  /** Events counted for the key in its current window (0 when none or expired). */
  count(key: string): Promise<number>;
  /** Counts one event; the window starts at the key's first event. Returns the new count. */
  hit(key: string, windowMs: number): Promise<number>;
  /** Takes back one event of the key's live window, if any (an attempt that turned out not to count). */
  undo(key: string): Promise<void>;
  /** Forgets the key (e.g. after a successful login). */
  reset(key: string): Promise<void>;
  /** Forgets every key that starts with `prefix` (an operator lifting an account's locks); how many there were. */
  resetPrefix(prefix: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * The part of a client address a limit counts by: an IPv4 address as is, an IPv6 address by its /64 prefix
 * (one customer's network, whose 2^64 addresses are free to rotate through), an IPv4-mapped IPv6 address as
 * its IPv4 address.
 */
export function clientAddressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::');
  const groups = [...head.split(':').filter(Boolean)];
  if (address.includes('::')) {
    const tailGroups = tail.split(':').filter(Boolean);
    while (groups.length + tailGroups.length < 8) groups.push('0');
    groups.push(...tailGroups);
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
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

  async undo(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now() && entry.count > 0) entry.count -= 1;
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async resetPrefix(prefix: string): Promise<number> {
    const keys = [...this.entries.keys()].filter((key) => key.startsWith(prefix));
    for (const key of keys) this.entries.delete(key);
    return keys.length;
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
