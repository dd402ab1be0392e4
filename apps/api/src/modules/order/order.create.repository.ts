import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, executeNamed } from '../../db/client';
import { orderItems, orderPacks, orders } from '../../db/schema';

/** Writes of order creation (spec §7 createdOrder/): the order, its packs and its items. */

/** The order row as creation writes it: its id and order number come from the statement that inserts it. */
export type NewOrder = Pick<
  typeof orders.$inferSelect,
  | 'memberId'
  | 'requestId'
  | 'status'
  | 'currency'
  | 'isPickup'
  | 'locationCode'
  | 'goodsAmount'
  | 'shippingAmount'
  | 'taxAmount'
  | 'promotionsAmount'
  | 'totalAmount'
  | 'rate'
  | 'receiver'
  | 'sender'
  | 'memberRemark'
  | 'createdAt'
  | 'updatedAt'
>;
/** A pack as creation writes it, without its order's id (not known before the statement). */
export type NewPack = Pick<
  typeof orderPacks.$inferSelect,
  | 'packIndex'
  | 'location'
  | 'status'
  | 'courierId'
  | 'courierName'
  | 'shippingAmount'
  | 'weight'
  | 'pickup'
  | 'updatedAt'
>;
export type NewItem = typeof orderItems.$inferInsert;

/** The member's order of one checkout attempt, or null. */
export async function findByRequest(
  db: Database,
  memberId: number,
  requestId: string,
): Promise<{ id: number; orderNo: string; status: number; currency: string; totalAmount: number } | null> {
  const rows = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      status: orders.status,
      currency: orders.currency,
      totalAmount: orders.totalAmount,
    })
    .from(orders)
    .where(and(eq(orders.memberId, memberId), eq(orders.requestId, requestId)))
    .limit(1);
  return rows[0] ?? null;
}

/** What inserting an order gave: its id, its order number, its packs' ids by pack index, the cart lines removed. */
export interface InsertedOrder {
  id: number;
  orderNo: string;
  packIds: Map<number, number>;
  /** How many rows `cartDelete` removed. */
  cartRemoved: number;
}

/**
 * The order and its packs in one statement (one round trip, where taking the id, writing the order and writing
 * the packs were three): the id is taken from the orders' sequence once, the order number built from it as
 * `prefix` followed by the id padded to 8 digits (a longer id kept whole, as padStart keeps it), and the packs
 * written with that id, their ids rising with the pack index. A repeat of the member's requestId fails here on the
 * unique index, before the caller touches anything else. The order's JSON and time values are encoded by their
 * columns, as Drizzle's inserts encode them; the packs travel as one JSON parameter, so the text is the same for
 * every order and runs as a named statement (parsed and planned once per connection). `cartDelete` (the cart
 * module's delete of the ordered lines, answering their ids) runs in the same statement, and how many it removed
 * comes back with the order.
 */
export async function insertOrderWithPacks(
  db: Database,
  prefix: string,
  order: NewOrder,
  packs: readonly NewPack[],
  cartDelete: SQL,
): Promise<InsertedOrder> {
  const orderRow = sql`
    with new_order as (
      insert into ${orders} (id, order_no, member_id, request_id, status, currency, is_pickup, location_code,
        goods_amount, shipping_amount, tax_amount, promotions_amount, total_amount, rate, receiver, sender,
        member_remark, created_at, updated_at)
      select n.id, ${prefix}::text || lpad(n.id::text, greatest(8, length(n.id::text)), '0'),
        ${order.memberId}::int, ${order.requestId}::text, ${order.status}::smallint, ${order.currency}::text,
        ${order.isPickup}::boolean, ${order.locationCode}::text, ${order.goodsAmount}::bigint,
        ${order.shippingAmount}::bigint, ${order.taxAmount}::bigint, ${order.promotionsAmount}::bigint,
        ${order.totalAmount}::bigint, ${sql.param(order.rate, orders.rate)}::numeric,
        ${sql.param(order.receiver, orders.receiver)}::jsonb, ${sql.param(order.sender, orders.sender)}::jsonb,
        ${order.memberRemark}::text, ${sql.param(order.createdAt, orders.createdAt)}::timestamptz,
        ${sql.param(order.updatedAt, orders.updatedAt)}::timestamptz
      from (select nextval(pg_get_serial_sequence('orders', 'id'))::int as id) n
      returning id, order_no
    )`;
  // The packs as one JSON parameter: the SQL text stays the same whatever their number (a named statement).
  const packRows = JSON.stringify(
    packs.map((p) => ({
      pack_index: p.packIndex,
      location: p.location,
      status: p.status,
      courier_id: p.courierId,
      courier_name: p.courierName,
      shipping_amount: p.shippingAmount,
      weight: p.weight,
      pickup: p.pickup,
      updated_at: p.updatedAt.toISOString(),
    })),
  );
  const rows = await executeNamed<{
    id: number;
    order_no: string;
    pack_id: number | null;
    pack_index: number | null;
    cart_removed: number;
  }>(
    db,
    'order_insert',
    sql`${orderRow},
    pack as (
      select * from json_to_recordset(${packRows}::json) as p(pack_index smallint, location int, status smallint,
        courier_id int, courier_name text, shipping_amount bigint, weight int, pickup jsonb, updated_at timestamptz)
    ),
    new_packs as (
      insert into ${orderPacks} (order_id, pack_index, location, status, courier_id, courier_name, shipping_amount,
        weight, pickup, updated_at)
      select o.id, p.pack_index, p.location, p.status, p.courier_id, p.courier_name, p.shipping_amount, p.weight,
        p.pickup, p.updated_at
      from new_order o, pack p
      order by p.pack_index
      returning id, pack_index
    ),
    cart_removed as (${cartDelete})
    select o.id, o.order_no, np.id as pack_id, np.pack_index, (select count(*) from cart_removed)::int as cart_removed
    from new_order o left join new_packs np on true`,
  );
  const first = rows[0];
  if (!first) throw new Error('no order row from the insert');
  const packIds = new Map<number, number>();
  for (const row of rows)
    if (row.pack_id !== null && row.pack_index !== null)
      packIds.set(Number(row.pack_index), Number(row.pack_id));
  return { id: Number(first.id), orderNo: first.order_no, packIds, cartRemoved: Number(first.cart_removed) };
}

/**
 * An order's items as more of the statement that takes its stock (catalogue reserveStock's `then`), so they cost
 * no round trip of their own while the SKUs' rows are locked: each item is a line of the take, in the same order,
 * and reserves the units `line_take` gave that line; nothing is written when the take was refused. The rows travel
 * as one JSON parameter, so the text is the same for every order; their ids rise in the order given.
 */
export function itemsAfterStockTake(items: readonly Omit<NewItem, 'reservedQty'>[]): SQL {
  const rows = items.map((item, n) => ({
    n,
    order_id: item.orderId,
    bean_id: item.packId,
    sku_id: item.skuId,
    goods_id: item.goodsId,
    name: item.name,
    sku_name: item.skuName ?? '',
    property: item.property ?? {},
    image: item.image ?? '',
    qty: item.qty,
    unit_price: item.unitPrice,
    weight: item.weight ?? 0,
    is_gift: item.isGift ?? false,
    promotion_id: item.promotionId ?? null,
  }));
  return sql`items_written as (
      insert into ${orderItems} (order_id, bean_id, sku_id, goods_id, name, sku_name, property, image, qty,
        reserved_qty, unit_price, weight, is_gift, promotion_id)
      select i.order_id, i.bean_id, i.sku_id, i.goods_id, i.name, i.sku_name, i.property, i.image, i.qty,
        lt.reserved, i.unit_price, i.weight, i.is_gift, i.promotion_id
      from json_to_recordset(${JSON.stringify(rows)}::json) as i(n int, order_id int, bean_id int, sku_id int,
        goods_id int, name text, sku_name text, property json, image text, qty int, unit_price bigint, weight int,
        is_gift boolean, promotion_id int)
      join line_take lt on lt.n = i.n
      where (select ok from enough)
      order by i.n
      returning id
    )`;
}
