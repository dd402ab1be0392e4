import { SkuStatus } from '@shop/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderItems, orderPacks, orders } from '../../db/schema';
import type { StatementAnswer, StatementPart } from '../../db/statement';

/** Writes of order creation (spec §7 createdOrder/): the order, its packs and its items. */

/** The order row as creation writes it: its id and order number come from the statement that inserts it. */
export type NewOrder = Pick<
  typeof orders.$inferSelect,
  | 'memberId'
  | 'companyId'
  | 'requestId'
  | 'status'
  | 'currency'
  | 'isPickup'
  | 'locationCode'
  | 'goodsAmount'
  | 'shippingAmount'
  | 'taxAmount'
  | 'gstAmount'
  | 'gstIncluded'
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

/** What writing an order gave: its id and its order number. */
export interface WrittenOrder {
  id: number;
  orderNo: string;
}

/**
 * An item as the order's statement writes it (its units reserved come from the stock take), with its SKU's status
 * when priced: a ByBook line's pieces beyond the stock taken wait as a pre-order (issue #39).
 */
export type OrderItem = Omit<NewItem, 'orderId' | 'packId' | 'reservedQty' | 'waiting'> & { status: number };

/** One line of the order: its item and the index of the pack it goes in. */
export interface OrderLine {
  packIndex: number;
  item: OrderItem;
}

/** The order's part of its statement, with the answer it gives: the order's id and number. */
export interface OrderWritesPart extends StatementPart {
  readonly written: StatementAnswer<WrittenOrder>;
}

/**
 * The order, its packs and its items as a part of the statement that takes their stock (ADR 028, ADR 044;
 * composed by workflows/place-order.ts), so an order is one statement and its commit: the id is taken from the
 * orders' sequence once, the order number built from it as `prefix` followed by the id padded to 8 digits (a longer
 * id kept whole, as padStart keeps it), the packs written with that id (their ids rising with the pack index) and
 * the items with their pack's id, each item the line of the stock take at its position and reserving the units
 * the take's step `taken.lineTaken` (n, reserved) gave it (their ids rising in the order given). A repeat of the
 * member's requestId fails on the unique index. The order's JSON and time values are encoded by their columns, as
 * Drizzle's inserts encode them; packs and items travel as JSON parameters, so the text is the same for every
 * order and runs as a named statement (parsed and planned once per connection).
 */
export function orderWritesPart(
  prefix: string,
  order: NewOrder,
  packs: readonly NewPack[],
  lines: readonly OrderLine[],
  taken: { readonly lineTaken: string },
): OrderWritesPart {
  // The packs and items as JSON parameters: the SQL text stays the same whatever their number.
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
  const itemRows = JSON.stringify(
    lines.map(({ packIndex, item }, n) => ({
      n,
      pack_index: packIndex,
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
      pre_order: item.status === SkuStatus.ByBook,
    })),
  );
  return {
    steps: [
      {
        name: 'new_order',
        body: sql`insert into ${orders} (id, order_no, member_id, request_id, status, currency, is_pickup,
            location_code, goods_amount, shipping_amount, tax_amount, gst_amount, gst_included, promotions_amount,
            total_amount, rate, receiver, sender, member_remark, company_id, created_at, updated_at)
          select n.id, ${prefix}::text || lpad(n.id::text, greatest(8, length(n.id::text)), '0'),
            ${order.memberId}::int, ${order.requestId}::text, ${order.status}::smallint, ${order.currency}::text,
            ${order.isPickup}::boolean, ${order.locationCode}::text, ${order.goodsAmount}::bigint,
            ${order.shippingAmount}::bigint, ${order.taxAmount}::bigint, ${order.gstAmount}::bigint,
            ${order.gstIncluded}::boolean, ${order.promotionsAmount}::bigint,
            ${order.totalAmount}::bigint, ${sql.param(order.rate, orders.rate)}::numeric,
            ${sql.param(order.receiver, orders.receiver)}::jsonb, ${sql.param(order.sender, orders.sender)}::jsonb,
            ${order.memberRemark}::text, ${order.companyId}::int,
            ${sql.param(order.createdAt, orders.createdAt)}::timestamptz,
            ${sql.param(order.updatedAt, orders.updatedAt)}::timestamptz
          from (select nextval(pg_get_serial_sequence('orders', 'id'))::int as id) n
          returning id, order_no`,
      },
      {
        name: 'pack',
        body: sql`select * from json_to_recordset(${packRows}::json) as p(pack_index smallint, location int,
          status smallint, courier_id int, courier_name text, shipping_amount bigint, weight int, pickup jsonb,
          updated_at timestamptz)`,
      },
      {
        name: 'new_packs',
        body: sql`insert into ${orderPacks} (order_id, pack_index, location, status, courier_id, courier_name,
            shipping_amount, weight, pickup, updated_at)
          select o.id, p.pack_index, p.location, p.status, p.courier_id, p.courier_name, p.shipping_amount,
            p.weight, p.pickup, p.updated_at
          from new_order o, pack p
          order by p.pack_index
          returning id, pack_index`,
      },
      {
        name: 'items_written',
        body: sql`insert into ${orderItems} (order_id, bean_id, sku_id, goods_id, name, sku_name, property, image,
            qty, reserved_qty, waiting, unit_price, weight, is_gift, promotion_id)
          select o.id, np.id, i.sku_id, i.goods_id, i.name, i.sku_name, i.property, i.image, i.qty,
            lt.reserved, case when i.pre_order then i.qty - lt.reserved else 0 end,
            i.unit_price, i.weight, i.is_gift, i.promotion_id
          from json_to_recordset(${itemRows}::json) as i(n int, pack_index smallint, sku_id int, goods_id int,
            name text, sku_name text, property json, image text, qty int, unit_price bigint, weight int,
            is_gift boolean, promotion_id int, pre_order boolean)
          join ${sql.identifier(taken.lineTaken)} lt on lt.n = i.n
          join new_packs np on np.pack_index = i.pack_index
          cross join new_order o
          order by i.n
          returning id`,
      },
    ],
    written: {
      step: 'new_order',
      decode: (row) => ({ id: Number(row.id), orderNo: String(row.order_no) }),
    },
  };
}
