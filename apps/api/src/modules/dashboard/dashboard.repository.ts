import { LOW_STOCK, OrderStatus, SkuStatus } from '@shop/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderPacks, orders, recharges, skus, supportTickets } from '../../db/schema';

/**
 * The 工作台's counts (issue 'Staff console'), read in one statement. This is the one read-only query module
 * that looks at other modules' tables (orders, tickets, recharges, SKUs): it only counts, never writes, and a
 * count through five services would be five round trips on every console start.
 */

export interface DashboardCounts {
  todayOrders: number;
  todayAud: number;
  todayCny: number;
  weekOrders: number;
  weekAud: number;
  weekCny: number;
  paidToPush: number;
  packsToShip: number;
  ticketsWaiting: number;
  rechargesWaiting: number;
  lowStock: number;
}

/** Orders made since `dayStart` / `weekStart` (not cancelled) and what was paid, per order currency. */
export async function dashboardCounts(
  db: Database,
  range: { dayStart: Date; weekStart: Date },
): Promise<DashboardCounts> {
  const day = range.dayStart.toISOString();
  const week = range.weekStart.toISOString();
  const live = sql`${orders.status} <> ${OrderStatus.Cancelled}`;
  const paidSum = (since: string, currency: string) =>
    sql`(select coalesce(sum(${orders.totalAmount}), 0)::bigint from ${orders} where ${orders.paidAt} >= ${since}::timestamptz and ${orders.currency} = ${currency} and ${live})`;
  const result = (await db.execute(sql`select
    (select count(*)::int from ${orders} where ${orders.createdAt} >= ${day}::timestamptz and ${live}) as "todayOrders",
    ${paidSum(day, 'AUD')} as "todayAud",
    ${paidSum(day, 'CNY')} as "todayCny",
    (select count(*)::int from ${orders} where ${orders.createdAt} >= ${week}::timestamptz and ${live}) as "weekOrders",
    ${paidSum(week, 'AUD')} as "weekAud",
    ${paidSum(week, 'CNY')} as "weekCny",
    (select count(*)::int from ${orders} where ${orders.status} = ${OrderStatus.Paid}) as "paidToPush",
    (select count(*)::int from ${orderPacks} where ${orderPacks.status} = ${OrderStatus.AwaitingDispatch}) as "packsToShip",
    (select count(*)::int from ${supportTickets} where ${supportTickets.status} in ('open', 'waiting_shop')) as "ticketsWaiting",
    (select count(*)::int from ${recharges} where ${recharges.status} = 'pending' and ${recharges.type} = 2) as "rechargesWaiting",
    (select count(*)::int from ${skus} where ${skus.status} = ${SkuStatus.ByStock} and ${skus.stock} <= coalesce(${skus.lowStockAt}, ${LOW_STOCK})) as "lowStock"`)) as unknown as {
    rows: Record<keyof DashboardCounts, string | number>[];
  };
  const row: Partial<Record<keyof DashboardCounts, string | number>> = result.rows[0] ?? {};
  const n = (key: keyof DashboardCounts) => Number(row[key] ?? 0);
  return {
    todayOrders: n('todayOrders'),
    todayAud: n('todayAud'),
    todayCny: n('todayCny'),
    weekOrders: n('weekOrders'),
    weekAud: n('weekAud'),
    weekCny: n('weekCny'),
    paidToPush: n('paidToPush'),
    packsToShip: n('packsToShip'),
    ticketsWaiting: n('ticketsWaiting'),
    rechargesWaiting: n('rechargesWaiting'),
    lowStock: n('lowStock'),
  };
}
