import { OrderStatus, TICKET_AGE_BUCKETS } from '@shop/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { members, orderItems, orders, skus, supportTickets } from '../../db/schema';

/**
 * The 工作台's charts, read like its counts (dashboard.repository.ts): read-only looks at other modules' tables,
 * grouped by the shop's days in the database (`timezone(zone, instant)`), so a 90-day range is a few hundred rows
 * back, never the orders themselves.
 */

export interface ChartRange {
  /** The first moment of the range's first shop day. */
  since: Date;
  zone: string;
}

type Rows<T> = { rows: T[] };

const day = (column: unknown, zone: string) => sql`to_char(timezone(${zone}, ${column}), 'YYYY-MM-DD')`;

/** Orders paid per shop day (not cancelled), with their totals per order currency. */
export async function salesPerDay(db: Database, { since, zone }: ChartRange) {
  const result = (await db.execute(sql`select ${day(orders.paidAt, zone)} as "day",
      count(*)::int as "orders",
      coalesce(sum(${orders.totalAmount}) filter (where ${orders.currency} = 'AUD'), 0)::bigint as "aud",
      coalesce(sum(${orders.totalAmount}) filter (where ${orders.currency} = 'CNY'), 0)::bigint as "cny"
    from ${orders}
    where ${orders.paidAt} >= ${since.toISOString()}::timestamptz and ${orders.status} <> ${OrderStatus.Cancelled}
    group by 1`)) as unknown as Rows<{
    day: string;
    orders: number;
    aud: string | number;
    cny: string | number;
  }>;
  return result.rows.map((r) => ({
    day: r.day,
    orders: Number(r.orders),
    aud: Number(r.aud),
    cny: Number(r.cny),
  }));
}

/** Orders made in the range, per status. */
export async function ordersPerStatus(db: Database, { since }: ChartRange) {
  const result = (await db.execute(sql`select ${orders.status} as "status", count(*)::int as "count"
    from ${orders} where ${orders.createdAt} >= ${since.toISOString()}::timestamptz
    group by 1 order by 2 desc, 1`)) as unknown as Rows<{ status: number; count: number }>;
  return result.rows.map((r) => ({ status: Number(r.status), count: Number(r.count) }));
}

/** The SKUs sold most in orders paid in the range (gifts aside), pieces. */
export async function topSkus(db: Database, { since }: ChartRange, limit = 10) {
  const result = (await db.execute(sql`select ${orderItems.skuId} as "skuId", ${skus.code} as "skuCode",
      min(${orderItems.name}) as "name", sum(${orderItems.qty})::int as "quantity"
    from ${orderItems}
    join ${orders} on ${orders.id} = ${orderItems.orderId}
    join ${skus} on ${skus.id} = ${orderItems.skuId}
    where ${orders.paidAt} >= ${since.toISOString()}::timestamptz and ${orders.status} <> ${OrderStatus.Cancelled}
      and not ${orderItems.isGift}
    group by ${orderItems.skuId}, ${skus.code}
    order by 4 desc, 1 limit ${limit}`)) as unknown as Rows<{
    skuId: number;
    skuCode: string;
    name: string;
    quantity: number;
  }>;
  return result.rows.map((r) => ({ ...r, skuId: Number(r.skuId), quantity: Number(r.quantity) }));
}

/** Members registered per shop day. */
export async function membersPerDay(db: Database, { since, zone }: ChartRange) {
  const result =
    (await db.execute(sql`select ${day(members.createdAt, zone)} as "day", count(*)::int as "count"
    from ${members} where ${members.createdAt} >= ${since.toISOString()}::timestamptz
    group by 1`)) as unknown as Rows<{ day: string; count: number }>;
  return result.rows.map((r) => ({ day: r.day, count: Number(r.count) }));
}

/** Tickets waiting for the shop, counted by hours since they last changed (TICKET_AGE_BUCKETS). */
export async function ticketsByAge(db: Database, now: Date) {
  const hours = sql`extract(epoch from (${now.toISOString()}::timestamptz - ${supportTickets.updatedAt})) / 3600`;
  const buckets = TICKET_AGE_BUCKETS.map(
    (b, i) =>
      sql`count(*) filter (where ${i === 0 ? sql`true` : sql`${hours} >= ${TICKET_AGE_BUCKETS[i - 1]?.maxHours}`} and ${
        b.maxHours === null ? sql`true` : sql`${hours} < ${b.maxHours}`
      })::int as ${sql.identifier(b.key)}`,
  );
  const result = (await db.execute(sql`select ${sql.join(buckets, sql`, `)}
    from ${supportTickets} where ${supportTickets.status} in ('open', 'waiting_shop')`)) as unknown as Rows<
    Record<string, number>
  >;
  const row = result.rows[0] ?? {};
  return TICKET_AGE_BUCKETS.map((b) => ({ key: b.key, label: b.label, count: Number(row[b.key] ?? 0) }));
}
