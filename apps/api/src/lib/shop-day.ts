import { paramsError } from './app-error';

/**
 * The shop's own days (Beijing time), in which the console's 'yyyy-MM-dd' dates and the 工作台's today and
 * this week are counted.
 */
export const SHOP_TIME_ZONE = '+08:00';
const SHOP_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

export const ShopDayMessages = {
  badDate: '日期无效',
  badRange: '开始日期不能晚于结束日期',
} as const;

/** Midnight at the start of a shop day; null for a date that does not exist (2025-02-30). */
export function shopDayStart(day: string): Date | null {
  const date = new Date(`${day}T00:00:00${SHOP_TIME_ZONE}`);
  if (Number.isNaN(date.getTime())) return null;
  const back = new Date(date.getTime() + SHOP_OFFSET_MS).toISOString().slice(0, 10);
  return back === day ? date : null;
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
  const until = toStart ? new Date(toStart.getTime() + DAY_MS) : undefined;
  if (from && until && from >= until) throw paramsError(ShopDayMessages.badRange);
  return { from, until };
}

/** Midnight of the shop day holding `now`, and of the Monday that starts its week. */
export function shopPeriods(now: Date): { dayStart: Date; weekStart: Date } {
  const local = now.getTime() + SHOP_OFFSET_MS;
  const dayStartLocal = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  const weekday = (new Date(dayStartLocal).getUTCDay() + 6) % 7; // Monday 0
  return {
    dayStart: new Date(dayStartLocal - SHOP_OFFSET_MS),
    weekStart: new Date(dayStartLocal - weekday * DAY_MS - SHOP_OFFSET_MS),
  };
}

/** The first moment of the shop's calendar month holding `now`. */
export function shopMonthStart(now: Date): Date {
  const local = new Date(now.getTime() + SHOP_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - SHOP_OFFSET_MS);
}

/** The shop day holding `now`, 'yyyy-MM-dd'. */
export function shopDay(now: Date): string {
  return new Date(now.getTime() + SHOP_OFFSET_MS).toISOString().slice(0, 10);
}

/** The shop day `days` after `day` (both 'yyyy-MM-dd'). */
export function addShopDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
