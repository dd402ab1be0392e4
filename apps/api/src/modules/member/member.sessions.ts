import type { DatabaseHandle } from '../../db/client';
import { ReadCache } from '../../lib/read-cache';
import type { LiveToken } from './member.repository';

/**
 * Members' live sessions in an API process's memory (docs/decisions/024-session-cache.md): every member call
 * looks its bearer token up, and a token that was live a moment ago is almost always live now. A token is kept
 * by its hash with its member's level and password state, and every entry is forgotten at once when the database
 * announces a change that ends a session or changes what it carries (migration 0020: a token revoked or removed,
 * a member's level or password state changed, a member removed), whoever made it. Changes this process makes are
 * applied at once (`sessionsChanged`); other processes hear them through NOTIFY within milliseconds of the
 * commit. While the announcements cannot be heard the cache is bypassed, and unknown tokens are never kept.
 */

/** The channel migration 0020's triggers announce session changes on. */
export const SESSIONS_CHANNEL = 'shop_sessions';

/** What one process keeps: about 16,000 sessions, each counted at a nominal 256 bytes. */
const SESSION_CACHE_BYTES = 4 * 1024 * 1024;
const ENTRY_BYTES = 256;

export type SessionCache = ReadCache<LiveToken | null>;

/** The listening caches of this process, told of its own session changes without waiting for the NOTIFY. */
const listening = new Set<SessionCache>();

export function createSessionCache(): SessionCache {
  return new ReadCache<LiveToken | null>(
    SESSION_CACHE_BYTES,
    () => ENTRY_BYTES,
    (found) => found !== null,
  );
}

/**
 * Called by every write of this process that ends a session or changes what it carries, right after its
 * statement: the member's next call here reads the token again, even before the database's announcement arrives.
 */
export function sessionsChanged(): void {
  for (const cache of listening) cache.invalidate();
}

/**
 * Keeps `cache` honest: forgotten whole at each announced change, trusted only while the LISTEN connection is
 * up. Resolves once listening is under way; the function it returns stops it and bypasses the cache again.
 */
export async function listenForSessionChanges(
  database: Pick<DatabaseHandle, 'listen'>,
  cache: SessionCache,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  let stop: (() => Promise<void>) | null = null;
  listening.add(cache);
  try {
    stop = await database.listen(
      SESSIONS_CHANNEL,
      () => cache.invalidate(),
      (heard) => cache.trust(heard),
    );
  } catch (error) {
    // Without LISTEN no revocation would be heard: every call reads its token from the database.
    onError(error);
  }
  return async () => {
    listening.delete(cache);
    cache.trust(false);
    await stop?.();
  };
}
