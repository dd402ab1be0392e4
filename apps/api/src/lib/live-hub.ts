import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/client';

/** The NOTIFY channel of live notices. */
export const LIVE_CHANNEL = 'shop_live';

/**
 * Something a signed-in member's open pages should know: their unread messages changed (a member, or everyone
 * for an announcement), or a ticket of theirs has a new post. Pages refetch what changed.
 */
export type LiveNotice =
  | { kind: 'unread'; memberId: number | null }
  | { kind: 'ticket'; memberId: number; ticketId: number };

export interface LiveHub {
  /**
   * Sends a notice through the database on the caller's executor: it reaches the listeners of every API process
   * when (and only if) that transaction commits.
   */
  announce(executor: Database, notice: LiveNotice): Promise<void>;
  /** Calls `listener` with every notice; returns the function that stops it. */
  subscribe(listener: (notice: LiveNotice) => void): () => void;
  close(): Promise<void>;
}

function parseNotice(payload: string): LiveNotice | null {
  try {
    const value = JSON.parse(payload) as Partial<LiveNotice>;
    if (value.kind === 'unread' && (typeof value.memberId === 'number' || value.memberId === null))
      return { kind: 'unread', memberId: value.memberId };
    if (value.kind === 'ticket' && typeof value.memberId === 'number' && typeof value.ticketId === 'number')
      return { kind: 'ticket', memberId: value.memberId, ticketId: value.ticketId };
  } catch {
    // Not one of ours: ignored.
  }
  return null;
}

/**
 * Live notices over the shop's own database (LISTEN/NOTIFY on PostgreSQL and on the embedded PGlite alike), so
 * every API process behind a load balancer hears what any of them, or the command line, announced; and a notice
 * of a rolled-back change is never heard. The database connection listens only while someone subscribes.
 */
export function createLiveHub(database: Pick<DatabaseHandle, 'listen'>): LiveHub {
  const listeners = new Set<(notice: LiveNotice) => void>();
  let stopListening: Promise<() => Promise<void>> | null = null;
  const deliver = (payload: string) => {
    const notice = parseNotice(payload);
    if (!notice) return;
    for (const listener of listeners) listener(notice);
  };
  return {
    async announce(executor, notice) {
      await executor.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(notice)})`);
    },
    subscribe(listener) {
      listeners.add(listener);
      stopListening ??= database.listen(LIVE_CHANNEL, deliver);
      // A failed LISTEN leaves the pages on their polling fallback; it is tried again by the next subscriber.
      stopListening.catch(() => {
        stopListening = null;
      });
      return () => {
        listeners.delete(listener);
      };
    },
    async close() {
      listeners.clear();
      const stop = stopListening;
      stopListening = null;
      if (stop) await (await stop.catch(() => async () => {}))();
    },
  };
}
