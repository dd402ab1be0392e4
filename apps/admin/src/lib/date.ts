import { DEFAULT_SHOP_TIME_ZONE, type ShopTimeZone, wallClock } from '@shop/domain';

/**
 * The console shows times on the shop's clock (SHOP_TIME_ZONE, told with the staff session), whatever the zone of
 * the computer it runs on, so a time reads the same in the console, the day filters and the exports.
 */
let zone: ShopTimeZone = DEFAULT_SHOP_TIME_ZONE;
let fields = wallClock(zone);

/** Sets the zone the console's times are shown in (the session gate, from the signed-in session). */
export function setConsoleTimeZone(next: ShopTimeZone): void {
  if (next === zone) return;
  zone = next;
  fields = wallClock(next);
}

/** The zone the console's times are shown in. */
export function consoleTimeZone(): ShopTimeZone {
  return zone;
}

/** A server time as the console shows it, on the shop's clock ('2026-11-24 12:05'); '—' when there is none. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '—';
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) return value;
  const f = fields(time.getTime());
  const two = (n: number) => String(n).padStart(2, '0');
  return `${f.year}-${two(f.month)}-${two(f.day)} ${two(f.hour)}:${two(f.minute)}`;
}
