import type { DatabaseHandle } from '../../db/client';

/** The channel every committed change of the catalogue, its page templates and checkout settings is announced on (migration 0018's triggers). */
export const CATALOGUE_CHANNEL = 'shop_catalogue';

/**
 * Keeps this process's catalogue caches (docs/decisions/022-catalogue-read-cache.md) honest: each is dropped
 * whenever the database announces a committed change of the tables behind it, made by any process, the command
 * line or by hand. They answer only while this listens: before the LISTEN is in place and while its connection
 * is down they are bypassed. Resolves once listening is under way; the function it returns stops it.
 */
export async function listenForCatalogueChanges(
  database: Pick<DatabaseHandle, 'listen'>,
  caches: readonly { invalidate(): void; trust(trusted: boolean): void }[],
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  let stop: (() => Promise<void>) | null = null;
  try {
    stop = await database.listen(
      CATALOGUE_CHANNEL,
      () => {
        for (const cache of caches) cache.invalidate();
      },
      (listening) => {
        for (const cache of caches) cache.trust(listening);
      },
    );
  } catch (error) {
    // Without LISTEN no change would be heard: the caches stay bypassed, the shop answers from the database.
    onError(error);
  }
  return async () => {
    for (const cache of caches) cache.trust(false);
    await stop?.();
  };
}
