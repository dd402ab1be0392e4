import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config/env';
import {
  setShopTimeZone,
  shopDay,
  shopDayRange,
  shopDayStart,
  shopMonthStart,
  shopPeriods,
  shopTime,
  shopTimeZone,
} from '../src/lib/shop-day';

afterEach(() => setShopTimeZone('Asia/Shanghai'));

describe('the shop time zone', () => {
  it('is Beijing unless SHOP_TIME_ZONE names Sydney, and nothing else is taken', () => {
    const plain = parseConfig({}, '/srv/shop');
    expect(plain.ok && plain.config.timeZone).toBe('Asia/Shanghai');
    const sydney = parseConfig({ SHOP_TIME_ZONE: 'Australia/Sydney' }, '/srv/shop');
    expect(sydney.ok && sydney.config.timeZone).toBe('Australia/Sydney');
    const wrong = parseConfig({ SHOP_TIME_ZONE: 'Europe/London' }, '/srv/shop');
    expect(wrong.ok).toBe(false);
    expect(wrong.ok ? [] : wrong.errors.join('\n')).toContain('SHOP_TIME_ZONE');
  });

  it('counts Beijing days at +08:00', () => {
    expect(shopTimeZone()).toBe('Asia/Shanghai');
    expect(shopDayStart('2026-12-01')?.toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(shopDay(new Date('2026-11-30T15:59:59Z'))).toBe('2026-11-30');
    expect(shopDay(new Date('2026-11-30T16:00:00Z'))).toBe('2026-12-01');
    expect(shopTime(new Date('2026-11-30T16:05:09Z'))).toBe('2026-12-01 00:05:09');
    expect(shopDayStart('2025-02-30')).toBeNull();
    expect(shopDayStart('2025-2-3')).toBeNull();
  });

  it('counts Sydney days with its summer time, a 23-hour and a 25-hour day included', () => {
    setShopTimeZone('Australia/Sydney');
    // Winter (+10), summer (+11).
    expect(shopDayStart('2026-07-01')?.toISOString()).toBe('2026-06-30T14:00:00.000Z');
    expect(shopDayStart('2026-12-01')?.toISOString()).toBe('2026-11-30T13:00:00.000Z');
    // Clocks go forward on Sunday 4 October 2026 and back on Sunday 5 April 2026.
    const forward = shopDayRange({ from: '2026-10-04', to: '2026-10-04' });
    expect(((forward.until?.getTime() ?? 0) - (forward.from?.getTime() ?? 0)) / 3600_000).toBe(23);
    const back = shopDayRange({ from: '2026-04-05', to: '2026-04-05' });
    expect(((back.until?.getTime() ?? 0) - (back.from?.getTime() ?? 0)) / 3600_000).toBe(25);
    expect(shopDay(new Date('2026-11-30T12:59:59Z'))).toBe('2026-11-30');
    expect(shopDay(new Date('2026-11-30T13:00:00Z'))).toBe('2026-12-01');
  });

  it('starts weeks on Monday and months on the 1st in the shop zone', () => {
    setShopTimeZone('Australia/Sydney');
    // Tuesday 1 December 2026, 09:00 in Sydney.
    const now = new Date('2026-11-30T22:00:00Z');
    const { dayStart, weekStart } = shopPeriods(now);
    expect(dayStart.toISOString()).toBe('2026-11-30T13:00:00.000Z');
    expect(weekStart.toISOString()).toBe('2026-11-29T13:00:00.000Z');
    // 01:00 on 1 December in Sydney is still 30 November in Beijing.
    const late = new Date('2026-11-30T14:00:00Z');
    expect(shopMonthStart(late).toISOString()).toBe('2026-11-30T13:00:00.000Z');
    setShopTimeZone('Asia/Shanghai');
    expect(shopMonthStart(late).toISOString()).toBe('2026-10-31T16:00:00.000Z');
  });

  it('refuses a range that runs backwards', () => {
    expect(() => shopDayRange({ from: '2026-12-02', to: '2026-12-01' })).toThrow('开始日期不能晚于结束日期');
    expect(() => shopDayRange({ from: '2026-13-01' })).toThrow('日期无效');
  });
});
