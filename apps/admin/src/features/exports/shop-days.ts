import type { ShopTimeZone } from '@shop/domain';

const DAY_MS = 86_400_000;

/** Today on the shop's clock ('yyyy-MM-dd'), whatever the zone of the computer the console runs on. */
export function shopToday(zone: ShopTimeZone, now: Date = new Date()): string {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  for (const part of format.formatToParts(now)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The calendar month before the one `today` is in, first and last day: what finance usually exports. */
export function lastMonth(today: string): { from: string; to: string } {
  const [year = 0, month = 1] = today.split('-').map(Number);
  return {
    from: dayOf(new Date(Date.UTC(year, month - 2, 1))),
    to: dayOf(new Date(Date.UTC(year, month - 1, 0))),
  };
}

/** How many days a range covers, both ends counted ('2026-01-01'–'2026-01-31' is 31). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}
