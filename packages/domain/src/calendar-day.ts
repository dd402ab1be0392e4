/** A calendar day written 'yyyy-MM-dd' that exists (not 2026-02-30): the console's and the statements' days. */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** The time zones a shop may count its days in (SHOP_TIME_ZONE): Beijing, or Sydney with its summer time. */
export const SHOP_TIME_ZONES = ['Asia/Shanghai', 'Australia/Sydney'] as const;
export type ShopTimeZone = (typeof SHOP_TIME_ZONES)[number];
export const DEFAULT_SHOP_TIME_ZONE: ShopTimeZone = 'Asia/Shanghai';

const zoneNames: Record<ShopTimeZone, string> = {
  'Asia/Shanghai': '北京时间',
  'Australia/Sydney': '悉尼时间',
};

/** The zone's name as staff read it ('北京时间'). */
export function shopTimeZoneName(zone: ShopTimeZone): string {
  return zoneNames[zone];
}

/** A moment's fields on a zone's wall clock. */
export interface WallClockFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Reads moments on `zone`'s wall clock (summer time included), one formatter made once per zone. */
export function wallClock(zone: string): (instant: number) => WallClockFields {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (instant) => {
    const p: Record<string, number> = {};
    for (const part of format.formatToParts(new Date(instant)))
      if (part.type !== 'literal') p[part.type] = Number(part.value);
    return {
      year: p.year ?? 0,
      month: p.month ?? 1,
      day: p.day ?? 1,
      hour: p.hour ?? 0,
      minute: p.minute ?? 0,
      second: p.second ?? 0,
    };
  };
}
