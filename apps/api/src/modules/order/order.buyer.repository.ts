import { OldOrderStatus, OrderStatus } from '@shop/domain';
import { and, asc, desc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { oldOrders, orderItems, orderPacks, orders } from '../../db/schema';

/**
 * Queries of the buyer's workspace (/user/order, /user/packing; ADR 018). Like every member read of the order
 * module, each names the member in its WHERE: another member's orders and packs are never read.
 */

/** The latest line of a SKU in the member's orders, and the number of orders it was in. */
export interface BoughtLineRow {
  skuId: number;
  name: string;
  skuName: string;
  qty: number;
  unitPrice: number;
  currency: string;
  orderedAt: Date;
  times: number;
}

/**
 * Per SKU the member ordered (cancelled orders and gifts aside): its last line (newest order, its last item)
 * and how many orders held it. One query.
 */
export async function listBoughtLines(db: Database, memberId: number): Promise<BoughtLineRow[]> {
  const result = (await db.execute(sql`
    with lines as (
      select oi.sku_id, oi.name, oi.sku_name, oi.qty, oi.unit_price, o.currency, o.created_at, o.id as order_id, oi.id as item_id
      from ${orderItems} oi join ${orders} o on o.id = oi.order_id
      where o.member_id = ${memberId} and o.status <> ${OrderStatus.Cancelled} and not oi.is_gift
    ),
    last as (
      select distinct on (sku_id) * from lines order by sku_id, created_at desc, order_id desc, item_id desc
    ),
    times as (select sku_id, count(distinct order_id)::int as times from lines group by sku_id)
    select last.sku_id, last.name, last.sku_name, last.qty, last.unit_price, last.currency, last.created_at, times.times
    from last join times using (sku_id)`)) as unknown as {
    rows: {
      sku_id: number;
      name: string;
      sku_name: string;
      qty: number;
      unit_price: string | number;
      currency: string;
      created_at: Date | string;
      times: number;
    }[];
  };
  return result.rows.map((r) => ({
    skuId: Number(r.sku_id),
    name: r.name,
    skuName: r.sku_name,
    qty: Number(r.qty),
    unitPrice: Number(r.unit_price),
    currency: r.currency,
    orderedAt: new Date(r.created_at),
    times: Number(r.times),
  }));
}

/** The member's old orders that went ahead (cancelled and not-effective ones aside), newest first. */
export function listOldOrdersBought(db: Database, memberId: number) {
  return db
    .select({ items: oldOrders.items, currency: oldOrders.currency, orderedAt: oldOrders.orderedAt })
    .from(oldOrders)
    .where(
      and(
        eq(oldOrders.memberId, memberId),
        notInArray(oldOrders.status, [OldOrderStatus.Cancelled, OldOrderStatus.NotEffective]),
      ),
    )
    .orderBy(desc(oldOrders.orderedAt), desc(oldOrders.id));
}

/** A pack with a packing list, with what its order says about it. */
export interface PackingPackRow {
  id: number;
  orderId: number;
  orderNo: string;
  packIndex: number;
  packCount: number;
  location: number;
  status: number;
  courierName: string;
  logisticCode: string;
  weight: number;
  receiverName: string;
  isPickup: boolean;
  shippedAt: Date | null;
  orderedAt: Date;
}

function memberPacks(memberId: number, statuses: readonly number[], ids?: readonly number[]): SQL {
  return and(
    eq(orders.memberId, memberId),
    inArray(orderPacks.status, [...statuses]),
    ids ? inArray(orderPacks.id, [...ids]) : undefined,
  ) as SQL;
}

/** Number of the member's packs in one of `statuses`. */
export async function countPackingPacks(
  db: Database,
  memberId: number,
  statuses: readonly number[],
): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderPacks)
    .innerJoin(orders, eq(orders.id, orderPacks.orderId))
    .where(memberPacks(memberId, statuses));
  return Number(rows[0]?.n ?? 0);
}

/**
 * The member's packs in one of `statuses` (only those of `ids` when given), newest order first, then pack
 * order; a page of them when `page` is given.
 */
export function listPackingPacks(
  db: Database,
  memberId: number,
  statuses: readonly number[],
  options: { ids?: readonly number[]; page?: { limit: number; offset: number } },
): Promise<PackingPackRow[]> {
  const query = db
    .select({
      id: orderPacks.id,
      orderId: orders.id,
      orderNo: orders.orderNo,
      packIndex: orderPacks.packIndex,
      packCount: sql<number>`(select count(*)::int from ${orderPacks} b where b.order_id = ${orders.id})`,
      location: orderPacks.location,
      status: orderPacks.status,
      courierName: orderPacks.courierName,
      logisticCode: orderPacks.logisticCode,
      weight: orderPacks.weight,
      receiverName: sql<string>`coalesce(${orders.receiver}->>'name', '')`,
      isPickup: orders.isPickup,
      shippedAt: orderPacks.shippedAt,
      orderedAt: orders.createdAt,
    })
    .from(orderPacks)
    .innerJoin(orders, eq(orders.id, orderPacks.orderId))
    .where(memberPacks(memberId, statuses, options.ids))
    .orderBy(desc(orders.createdAt), desc(orders.id), asc(orderPacks.packIndex))
    .$dynamic();
  return options.page ? query.limit(options.page.limit).offset(options.page.offset) : query;
}

/** The items of some packs (goods before gifts, in the order they were made). */
export function listItemsOfPacks(db: Database, packIds: readonly number[]) {
  if (packIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.packId, [...packIds]))
    .orderBy(asc(orderItems.packId), asc(orderItems.isGift), asc(orderItems.id));
}
