import type { DashboardResponse } from '@shop/domain';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { shopPeriods } from '../../lib/shop-day';
import { dashboardCounts } from './dashboard.repository';

export type DashboardService = ReturnType<typeof createDashboardService>;

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
  };
}
