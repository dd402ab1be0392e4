import { type DashboardCharts, type DashboardResponse, orderStatusLabel } from '@shop/domain';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { addShopDays, shopDay, shopDayStart, shopPeriods, shopTimeZone } from '../../lib/shop-day';
import * as charts from './dashboard.charts';
import { dashboardCounts } from './dashboard.repository';

export type DashboardService = ReturnType<typeof createDashboardService>;

/** Every shop day from `first` to `last`, both inclusive. */
function daysFrom(first: string, last: string): string[] {
  const days: string[] = [];
  for (let d = first; d <= last; d = addShopDays(d, 1)) days.push(d);
  return days;
}

export function createDashboardService({ db, clock }: { db: Database; clock: Clock }) {
  return {
    /** Today's and this week's orders and takings per currency, and the shop's to-dos (one statement). */
    async overview(): Promise<DashboardResponse> {
      const c = await dashboardCounts(db, shopPeriods(clock()));
      return {
        today: { orders: c.todayOrders, aud: c.todayAud, cny: c.todayCny },
        week: { orders: c.weekOrders, aud: c.weekAud, cny: c.weekCny },
        todo: {
          paidToPush: c.paidToPush,
          packsToShip: c.packsToShip,
          ticketsWaiting: c.ticketsWaiting,
          rechargesWaiting: c.rechargesWaiting,
          lowStock: c.lowStock,
        },
      };
    },

    /** The charts over the last `days` shop days, today included; days with nothing are there with zeros. */
    async charts(days: 30 | 90): Promise<DashboardCharts> {
      const now = clock();
      const last = shopDay(now);
      const first = addShopDays(last, 1 - days);
      const range = { since: shopDayStart(first) as Date, zone: shopTimeZone() };
      const [sales, statuses, top, joined, tickets] = await Promise.all([
        charts.salesPerDay(db, range),
        charts.ordersPerStatus(db, range),
        charts.topSkus(db, range),
        charts.membersPerDay(db, range),
        charts.ticketsByAge(db, now),
      ]);
      const salesOf = new Map(sales.map((s) => [s.day, s]));
      const joinedOf = new Map(joined.map((j) => [j.day, j.count]));
      const all = daysFrom(first, last);
      return {
        timeZone: range.zone,
        days,
        sales: all.map((day) => salesOf.get(day) ?? { day, orders: 0, aud: 0, cny: 0 }),
        ordersByStatus: statuses.map((s) => ({ ...s, statusName: orderStatusLabel(s.status) })),
        topSkus: top,
        newMembers: all.map((day) => ({ day, count: joinedOf.get(day) ?? 0 })),
        ticketsByAge: tickets,
      };
    },
  };
}
