import { and, count, desc, eq, gte, inArray, like, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { logisticsEvents, orders } from '../../db/schema';
import type { OrderRow } from './order.repository';

/**
 * The console's reads of every member's orders (issue 'Staff console'): filtered and paged in SQL, newest
 * first, with each page's packs summed up in the same statement.
 */

export interface ConsoleOrderFilters {
  status?: number | undefined;
  warehouse?: number | undefined;
  /** The member's id (resolved from the username by the member module); -1 matches nobody. */
  memberId?: number | undefined;
  orderNoLike?: string | undefined;
  payChannel?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  until?: Date | undefined;
  /** The receiver: part of their name, or these digits within their phone number's (when the text had any). */
  receiver?: { nameLike: string; phoneDigits: string } | undefined;
  /** Orders with a line of one of these SKUs, or whose product or SKU name holds `nameLike`. */
  goods?: { skuIds: readonly number[]; nameLike: string } | undefined;
  /** Part of a parcel's tracking number, any case. */
  trackingNoLike?: string | undefined;
}

export interface ConsoleOrderListRow {
  order: OrderRow;
  /** Distinct pack locations, in pack order. */
  locations: number[];
  packCount: number;
}

/** '%' '_' and '\' typed in a search mean the characters themselves. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The list's conditions, every value a parameter. What lives in the packs and lines is asked with `exists`, so
 * an order is counted once however many of its packs or lines match, and the newest-first scan stops at a page.
 */
function where(f: ConsoleOrderFilters): SQL | undefined {
  const c: SQL[] = [];
  if (f.status !== undefined) c.push(eq(orders.status, f.status));
  if (f.memberId !== undefined) c.push(eq(orders.memberId, f.memberId));
  if (f.orderNoLike !== undefined) c.push(like(orders.orderNo, contains(f.orderNoLike)));
  if (f.payChannel !== undefined) c.push(eq(orders.payChannel, f.payChannel));
  if (f.from) c.push(gte(orders.createdAt, f.from));
  if (f.until) c.push(lt(orders.createdAt, f.until));
  if (f.warehouse !== undefined)
    c.push(
      sql`exists (select 1 from order_beans b where b.order_id = "orders"."id" and b.location = ${f.warehouse})`,
    );
  if (f.receiver) {
    const name = sql`"orders"."receiver"->>'name' ilike ${contains(f.receiver.nameLike)}`;
    c.push(
      f.receiver.phoneDigits === ''
        ? name
        : sql`(${name} or regexp_replace(coalesce("orders"."receiver"->>'phone', ''), '[^0-9]', '', 'g') like ${contains(f.receiver.phoneDigits)})`,
    );
  }
  if (f.goods) {
    const named = contains(f.goods.nameLike);
    const ids = f.goods.skuIds;
    const bySku =
      ids.length > 0
        ? sql`i.sku_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) or `
        : sql``;
    c.push(
      sql`exists (select 1 from order_items i where i.order_id = "orders"."id" and (${bySku}i.name ilike ${named} or i.sku_name ilike ${named}))`,
    );
  }
  if (f.trackingNoLike !== undefined)
    c.push(
      sql`exists (select 1 from order_beans b where b.order_id = "orders"."id" and b.logistic_code ilike ${contains(f.trackingNoLike)})`,
    );
  return c.length > 0 ? and(...c) : undefined;
}

/** One page of orders, newest first, and how many match: two statements. */
export async function listConsoleOrders(
  db: Database,
  filters: ConsoleOrderFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: ConsoleOrderListRow[]; total: number }> {
  const condition = where(filters);
  const [rows, totals] = await Promise.all([
    db
      .select({
        order: orders,
        // Written out with the table names: inside a select list drizzle leaves columns unqualified.
        locations: sql<
          number[]
        >`coalesce((select array_agg(distinct b.location) from order_beans b where b.order_id = "orders"."id"), '{}')`,
        packCount: sql<number>`(select count(*)::int from order_beans b where b.order_id = "orders"."id")`,
      })
      .from(orders)
      .where(condition)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(orders).where(condition),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, locations: (r.locations ?? []).map(Number) })),
    total: totals[0]?.n ?? 0,
  };
}

export async function findOrderByNo(db: Database, orderNo: string): Promise<OrderRow | null> {
  const rows = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  return rows[0] ?? null;
}

/** Tracking events of the given logistic codes, newest first. */
export function listEventsOfCodes(db: Database, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(logisticsEvents)
    .where(inArray(logisticsEvents.logisticCode, [...codes]))
    .orderBy(desc(logisticsEvents.eventTime), desc(logisticsEvents.id));
}
