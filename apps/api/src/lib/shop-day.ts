import { DEFAULT_SHOP_TIME_ZONE, type ShopTimeZone, wallClock } from '@shop/domain';
import { paramsError } from './app-error';

/**
 * The shop's own days, in its one time zone (SHOP_TIME_ZONE: Asia/Shanghai by default, or Australia/Sydney with its
 * summer time). The console's 'yyyy-MM-dd' dates, the 工作台's today, this week and its charts, every export and the
 * owner's morning summary are counted in it, on the server and in the console alike (the console is told the zone
 * with the staff member's session).
 */
export { DEFAULT_SHOP_TIME_ZONE, SHOP_TIME_ZONES, type ShopTimeZone } from '@shop/domain';

const DAY_MS = 24 * 3600_000;

let zone: ShopTimeZone = DEFAULT_SHOP_TIME_ZONE;
let fields = wallClock(zone);

/** Sets the shop's time zone; the services call it once, from the configuration, before any request. */
export function setShopTimeZone(next: ShopTimeZone): void {
  if (next === zone) return;
  zone = next;
  fields = wallClock(next);
}

/** The shop's time zone, as configured. */
export function shopTimeZone(): ShopTimeZone {
  return zone;
}

/** How far the shop's wall clock is ahead of UTC at `instant`, in milliseconds (+8 h in Beijing, +10 or +11 h in Sydney). */
export function shopOffsetMs(instant: number): number {
  const f = fields(instant);
  const wall = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant at which the shop's wall clock shows `wall` (a UTC-based time standing for a shop time). */
function fromShopWall(wall: number): Date {
  const guess = wall - shopOffsetMs(wall);
  return new Date(wall - shopOffsetMs(guess));
}

/** The shop's wall-clock time at `now`, as a UTC-based time ('getUTC…' reads the shop's fields). */
function shopWall(now: Date): number {
  return now.getTime() + shopOffsetMs(now.getTime());
}

export const ShopDayMessages = {
  badDate: '日期无效',
  badRange: '开始日期不能晚于结束日期',
} as const;

/** Midnight at the start of a shop day; null for a date that does not exist (2025-02-30). */
export function shopDayStart(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const wall = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(wall) || new Date(wall).toISOString().slice(0, 10) !== day) return null;
  return fromShopWall(wall);
}

/**
 * A console filter's days, both inclusive, as instants: `from` at its first moment, `until` just after `to`.
 * A day that does not exist or a range that runs backwards is a ParamsError.
 */
export function shopDayRange(input: { from?: string | undefined; to?: string | undefined }): {
  from: Date | undefined;
  until: Date | undefined;
} {
  const from = input.from === undefined ? undefined : shopDayStart(input.from);
  const toStart = input.to === undefined ? undefined : shopDayStart(input.to);
  if (from === null || toStart === null) throw paramsError(ShopDayMessages.badDate);
  const until = input.to === undefined ? undefined : shopDayStart(addShopDays(input.to, 1));
  if (from && until && from >= until) throw paramsError(ShopDayMessages.badRange);
  return { from, until: until ?? undefined };
}

/** Midnight of the shop day holding `now`, and of the Monday that starts its week. */
export function shopPeriods(now: Date): { dayStart: Date; weekStart: Date } {
  const day = shopDay(now);
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return {
    dayStart: shopDayStart(day) as Date,
    weekStart: shopDayStart(addShopDays(day, -weekday)) as Date,
  };
}

/** The first moment of the shop's calendar month holding `now`. */
export function shopMonthStart(now: Date): Date {
  return shopDayStart(`${shopDay(now).slice(0, 8)}01`) as Date;
}

/** The shop day holding `now`, 'yyyy-MM-dd'. */
export function shopDay(now: Date): string {
  return new Date(shopWall(now)).toISOString().slice(0, 10);
}

/** The shop's wall-clock time at `now`, 'yyyy-MM-dd HH:mm:ss' (exports and printed lists). */
export function shopTime(now: Date): string {
  return new Date(shopWall(now)).toISOString().slice(0, 19).replace('T', ' ');
}

/** The shop day `days` after `day` (both 'yyyy-MM-dd'). */
export function addShopDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
