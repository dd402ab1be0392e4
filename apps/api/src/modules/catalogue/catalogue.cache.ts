import type { DatabaseHandle } from '../../db/client';

/**
 * The channel every committed change of the catalogue, its page templates and the checkout settings is announced
 * on, with the changed table's name as payload (migration 0018's triggers).
 */
export const CATALOGUE_CHANNEL = 'shop_catalogue';

/** A cache kept honest by the announcements: dropped when one of its tables changes. */
export interface ListeningCache {
  cache: { invalidate(): void; trust(trusted: boolean): void };
  /** The tables its answers are read from. */
  tables: ReadonlySet<string>;
}

/** What the catalogue's answers (goods, brands, categories, templates) are read from. */
export const CATALOGUE_TABLES: ReadonlySet<string> = new Set([
  'categories',
  'brands',
  'goods',
  'goods_images',
  'skus',
  'sku_prices',
  'sku_price_breaks',
  'warehouses',
  // The price sort converts with the stored rate.
  'exchange_rates',
  'templates',
]);

/** What the SKUs of carts are read from (catalogue service `skusToShow`). */
export const SKU_OFFER_TABLES: ReadonlySet<string> = new Set([
  'goods',
  'goods_images',
  'skus',
  'sku_prices',
  'sku_price_breaks',
]);

/** What every checkout quote reads besides the cart and its SKUs. */
export const CHECKOUT_SETTINGS_TABLES: ReadonlySet<string> = new Set([
  // The promotions' gift products (name, main image, warehouse, shelf). Orders change goods (their sales), so
  // under a stream of orders these are read again once per change window (CHANGE_WINDOW_MS).
  'goods',
  'goods_images',
  'couriers',
  'courier_rules',
  'exchange_rates',
  'pickup_points',
  'warehouses',
  // Whether the shop charges GST (ADR 038).
  'seller_details',
]);

/**
 * How long a cache may go on answering after a change while changes come in a stream: a busy shop's orders each
 * move stock (and sales), and dropping the catalogue on every one of them would leave it empty. Within the 1 s the
 * shop promises for any change to show.
 */
export const CHANGE_WINDOW_MS = 250;

/**
 * Drops a cache at most once per window: the first change after a quiet spell at once, so a lone change (a price
 * edited) shows in the next read; the changes heard in the window after a drop together once more, at its end.
 */
function windowed(invalidate: () => void, windowMs: number) {
  let quietAt = 0;
  let pending: NodeJS.Timeout | undefined;
  const drop = () => {
    pending = undefined;
    invalidate();
    quietAt = Date.now() + windowMs;
  };
  return {
    changed() {
      if (pending) return;
      const wait = quietAt - Date.now();
      if (wait <= 0) {
        drop();
        return;
      }
      pending = setTimeout(drop, wait);
      pending.unref();
    },
    stop() {
      clearTimeout(pending);
      pending = undefined;
    },
  };
}

/**
 * Keeps this process's caches (docs/decisions/022-catalogue-read-cache.md) honest: each is dropped whenever the
 * database announces a committed change of one of its tables, made by any process, the command line or by hand
 * (an announcement naming no known table drops them all): at once after a quiet spell, and at most once per
 * `windowMs` (CHANGE_WINDOW_MS) while changes keep coming. They answer only while this listens: before the LISTEN
 * is in place and while its connection is down they are bypassed. Resolves once listening is under way; the
 * function it returns stops it.
 */
export async function listenForCatalogueChanges(
  database: Pick<DatabaseHandle, 'listen'>,
  listeners: readonly ListeningCache[],
  onError: (error: unknown) => void,
  windowMs = CHANGE_WINDOW_MS,
): Promise<() => Promise<void>> {
  let stop: (() => Promise<void>) | null = null;
  const known = new Set(listeners.flatMap((l) => [...l.tables]));
  const drops = listeners.map(({ cache }) => windowed(() => cache.invalidate(), windowMs));
  try {
    stop = await database.listen(
      CATALOGUE_CHANNEL,
      (table) => {
        listeners.forEach(({ tables }, i) => {
          if (tables.has(table) || !known.has(table)) drops[i]?.changed();
        });
      },
      (listening) => {
        for (const { cache } of listeners) cache.trust(listening);
      },
    );
  } catch (error) {
    // Without LISTEN no change would be heard: the caches stay bypassed, the shop answers from the database.
    onError(error);
  }
  return async () => {
    for (const drop of drops) drop.stop();
    for (const { cache } of listeners) cache.trust(false);
    await stop?.();
  };
}
