import { OrderStatus } from '@shop/domain';
import { and, asc, desc, eq, gte, inArray, lte, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  logisticsEvents,
  oldOrders,
  orderAttachments,
  orderItems,
  orderPacks,
  orders,
} from '../../db/schema';

/**
 * Queries of the order lifecycle. Member reads and writes name the member in the WHERE, so another member's
 * order id is simply not found; status changes carry the allowed current statuses in the UPDATE's WHERE, so
 * a repeated or concurrent request changes nothing twice (docs/design.md 'Stock and orders').
 */

export type OrderRow = typeof orders.$inferSelect;
export type PackRow = typeof orderPacks.$inferSelect;
export type ItemRow = typeof orderItems.$inferSelect;
export type AttachmentRow = typeof orderAttachments.$inferSelect;
export type OldOrderRow = typeof oldOrders.$inferSelect;
export type NewOldOrderRow = typeof oldOrders.$inferInsert;

/** The status an order shows: its first pack's, else its own (spec §4 'Order status'). */
const effectiveStatus = sql<number>`coalesce((select b.status from ${orderPacks} b where b.order_id = ${orders.id} order by b.pack_index limit 1), ${orders.status})`;

/** Whose orders a member sees: their own, and in a company the company's (issue #38). */
export type OrderViewer = { memberId: number; companyId: number | null };

const seenBy = (viewer: OrderViewer) =>
  viewer.companyId === null
    ? eq(orders.memberId, viewer.memberId)
    : or(eq(orders.memberId, viewer.memberId), eq(orders.companyId, viewer.companyId));

function memberOrders(viewer: OrderViewer, status: number | undefined): SQL | undefined {
  return and(seenBy(viewer), status === undefined ? undefined : sql`${effectiveStatus} = ${status}`);
}

/** Number of the orders the member sees, optionally of one shown status. */
export async function countOrders(db: Database, viewer: OrderViewer, status?: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(memberOrders(viewer, status));
  return Number(rows[0]?.n ?? 0);
}

/** One page of the orders the member sees, newest first, optionally of one shown status. */
export function listOrdersPage(
  db: Database,
  viewer: OrderViewer,
  status: number | undefined,
  page: { limit: number; offset: number },
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(memberOrders(viewer, status))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** The packs of some orders, each order's in pack order. */
export function listPacks(db: Database, orderIds: readonly number[]): Promise<PackRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orderPacks)
    .where(inArray(orderPacks.orderId, [...orderIds]))
    .orderBy(asc(orderPacks.orderId), asc(orderPacks.packIndex));
}

/** Every item of some orders, goods before gifts, in the order they were made. */
export function listItems(db: Database, orderIds: readonly number[]): Promise<ItemRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.orderId), asc(orderItems.isGift), asc(orderItems.id));
}

/** How much an order holds: its item lines (kinds of goods, gifts included) and the pieces of all of them. */
export interface GoodsCount {
  lines: number;
  pieces: number;
}

/**
 * The first `perOrder` items of each order (goods before gifts) with each order's number of item lines and
 * pieces, in one query: a list page shows a few items per order, not all of them.
 */
export async function listFirstItems(
  db: Database,
  orderIds: readonly number[],
  perOrder: number,
): Promise<{ items: ItemRow[]; counts: Map<number, GoodsCount> }> {
  if (orderIds.length === 0) return { items: [], counts: new Map() };
  const ranked = db
    .select({
      id: orderItems.id,
      rn: sql<number>`row_number() over (partition by ${orderItems.orderId} order by ${orderItems.isGift}, ${orderItems.id})`.as(
        'rn',
      ),
      total: sql<number>`count(*) over (partition by ${orderItems.orderId})`.as('total'),
      pieces: sql<number>`sum(${orderItems.qty}) over (partition by ${orderItems.orderId})`.as('pieces'),
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .as('ranked');
  const rows = await db
    .select({ item: orderItems, total: ranked.total, pieces: ranked.pieces })
    .from(ranked)
    .innerJoin(orderItems, eq(orderItems.id, ranked.id))
    .where(lte(ranked.rn, perOrder))
    .orderBy(asc(orderItems.orderId), asc(ranked.rn));
  const counts = new Map<number, GoodsCount>();
  for (const row of rows)
    counts.set(row.item.orderId, { lines: Number(row.total), pieces: Number(row.pieces) });
  return { items: rows.map((r) => r.item), counts };
}

/** An order the member sees (their own, or their company's), or null: another's is not found. */
export async function findSeenOrder(db: Database, viewer: OrderViewer, id: number): Promise<OrderRow | null> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), seenBy(viewer)))
    .limit(1);
  return rows[0] ?? null;
}

/** One of the member's orders, or null (another member's order is not found). */
export async function findMemberOrder(db: Database, memberId: number, id: number): Promise<OrderRow | null> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.memberId, memberId)))
    .limit(1);
  return rows[0] ?? null;
}

/** An order by its number, locked until the transaction ends (operator transitions); null when unknown. */
export async function lockOrderByNo(db: Database, orderNo: string): Promise<OrderRow | null> {
  const rows = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1).for('update');
  return rows[0] ?? null;
}

/** An order's attachments, oldest first. */
export function listAttachments(db: Database, orderId: number): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(orderAttachments)
    .where(eq(orderAttachments.orderId, orderId))
    .orderBy(asc(orderAttachments.createdAt), asc(orderAttachments.id));
}

/** The member's attachments of an order, in one query with the ownership check; null when not theirs. */
export async function findMemberAttachments(
  db: Database,
  viewer: OrderViewer,
  orderId: number,
): Promise<AttachmentRow[] | null> {
  const rows = await db
    .select({ attachment: orderAttachments, orderId: orders.id })
    .from(orders)
    .leftJoin(orderAttachments, eq(orderAttachments.orderId, orders.id))
    .where(and(eq(orders.id, orderId), seenBy(viewer)))
    .orderBy(asc(orderAttachments.createdAt), asc(orderAttachments.id));
  if (rows.length === 0) return null;
  return rows.map((r) => r.attachment).filter((a): a is AttachmentRow => a !== null);
}

/**
 * Sets the member's order to `to` only while its status is one of `from`; null when nothing matched (not
 * the member's, or in another status — e.g. a second cancel, or a payment that came first).
 */
export async function moveMemberOrder(
  db: Database,
  input: {
    memberId: number;
    id: number;
    from: readonly number[];
    to: number;
    set?: Partial<Pick<OrderRow, 'cancelledAt' | 'finishedAt'>>;
    /** Extra condition on the row, e.g. every pack shipped. */
    where?: SQL;
  },
): Promise<OrderRow | null> {
  const rows = await db
    .update(orders)
    .set({ status: input.to, ...input.set, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, input.id),
        eq(orders.memberId, input.memberId),
        inArray(orders.status, [...input.from]),
        input.where,
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/** Moves an order from one of `from` to `to` whoever placed it (the caller has checked who may), or null. */
export async function moveOrder(
  db: Database,
  input: { id: number; from: readonly number[]; to: number; set?: Partial<Pick<OrderRow, 'cancelledAt'>> },
): Promise<OrderRow | null> {
  const rows = await db
    .update(orders)
    .set({ status: input.to, ...input.set, updatedAt: sql`now()` })
    .where(and(eq(orders.id, input.id), inArray(orders.status, [...input.from])))
    .returning();
  return rows[0] ?? null;
}

/**
 * What a member's orders for a company in one currency add up to since `since`, cancelled ones aside (minor
 * units): a buyer's spend this month (issue #38 approvals).
 */
export async function spentSince(
  db: Database,
  input: { memberId: number; companyId: number; currency: string; since: Date },
): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${orders.totalAmount}), 0)` })
    .from(orders)
    .where(
      and(
        eq(orders.memberId, input.memberId),
        eq(orders.companyId, input.companyId),
        eq(orders.currency, input.currency),
        gte(orders.createdAt, input.since),
        ne(orders.status, OrderStatus.Cancelled),
      ),
    );
  return Number(row?.total ?? 0);
}

/** True while every pack of the order is in one of `statuses` (an SQL condition on the orders row). */
export function allPacksIn(statuses: readonly number[]): SQL {
  return sql`not exists (select 1 from ${orderPacks} b where b.order_id = ${orders.id} and b.status not in (${sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  )}))`;
}

/** Sets the packs of an order that are in one of `from` to `to`. */
export async function movePacks(
  db: Database,
  orderId: number,
  from: readonly number[],
  to: number,
): Promise<void> {
  await db
    .update(orderPacks)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(orderPacks.orderId, orderId), inArray(orderPacks.status, [...from])));
}

/** The stock an order took, per item (spec DESIGN 'Stock and orders': cancelling returns exactly that). */
export function reservedStock(db: Database, orderId: number): Promise<{ skuId: number; qty: number }[]> {
  return db
    .select({ skuId: orderItems.skuId, qty: orderItems.reservedQty })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), sql`${orderItems.reservedQty} > 0`));
}

/** The units an order counted as sales when it was made: its items other than gifts. */
export function soldGoods(db: Database, orderId: number): Promise<{ goodsId: number; qty: number }[]> {
  return db
    .select({ goodsId: orderItems.goodsId, qty: orderItems.qty })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.isGift, false)));
}

/** Sets the member's remark while the order is neither finished nor cancelled; null when nothing matched. */
export async function updateRemark(
  db: Database,
  input: { memberId: number; id: number; remark: string; closed: readonly number[] },
): Promise<OrderRow | null> {
  const rows = await db
    .update(orders)
    .set({ memberRemark: input.remark, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, input.id),
        eq(orders.memberId, input.memberId),
        notInArray(orders.status, [...input.closed]),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/** The member's pack sent with a logistic code, with its courier's name; null when none of theirs has it. */
export async function findMemberParcel(
  db: Database,
  memberId: number,
  logisticCode: string,
): Promise<{ courierName: string } | null> {
  const rows = await db
    .select({ courierName: orderPacks.courierName })
    .from(orderPacks)
    .innerJoin(orders, eq(orders.id, orderPacks.orderId))
    .where(and(eq(orderPacks.logisticCode, logisticCode), eq(orders.memberId, memberId)))
    .limit(1);
  return rows[0] ?? null;
}

/** True when some pack was sent with this logistic code. */
export async function parcelExists(db: Database, logisticCode: string): Promise<boolean> {
  const rows = await db
    .select({ id: orderPacks.id })
    .from(orderPacks)
    .where(eq(orderPacks.logisticCode, logisticCode))
    .limit(1);
  return rows.length > 0;
}

/** Tracking events of a logistic code, newest first. */
export function listLogisticsEvents(db: Database, logisticCode: string) {
  return db
    .select({
      time: logisticsEvents.eventTime,
      location: logisticsEvents.location,
      description: logisticsEvents.description,
    })
    .from(logisticsEvents)
    .where(eq(logisticsEvents.logisticCode, logisticCode))
    .orderBy(desc(logisticsEvents.eventTime), desc(logisticsEvents.id));
}

export async function insertLogisticsEvent(
  db: Database,
  event: { logisticCode: string; eventTime: Date; location: string; description: string },
): Promise<void> {
  await db.insert(logisticsEvents).values(event);
}

/** Changes packs of an order by id (operator transitions). */
export async function updatePacks(
  db: Database,
  packIds: readonly number[],
  set: Partial<Pick<PackRow, 'status' | 'courierId' | 'courierName' | 'logisticCode' | 'shippedAt'>>,
): Promise<void> {
  if (packIds.length === 0) return;
  await db
    .update(orderPacks)
    .set({ ...set, updatedAt: sql`now()` })
    .where(inArray(orderPacks.id, [...packIds]));
}

/** Changes an order by id (operator transitions). */
export async function updateOrder(
  db: Database,
  id: number,
  set: Partial<Pick<OrderRow, 'status' | 'paidAt' | 'finishedAt'>>,
): Promise<void> {
  await db
    .update(orders)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(orders.id, id));
}

export async function insertAttachment(
  db: Database,
  attachment: { orderId: number; packId: number | null; path: string; note: string },
): Promise<AttachmentRow> {
  const [row] = await db.insert(orderAttachments).values(attachment).returning();
  if (!row) throw new Error('attachment insert returned nothing');
  return row;
}

/** Number of the member's imported legacy orders. */
export async function countOldOrders(db: Database, memberId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(oldOrders)
    .where(eq(oldOrders.memberId, memberId));
  return Number(rows[0]?.n ?? 0);
}

/** One page of the member's legacy orders, newest first. */
export function listOldOrdersPage(
  db: Database,
  memberId: number,
  page: { limit: number; offset: number },
): Promise<OldOrderRow[]> {
  return db
    .select()
    .from(oldOrders)
    .where(eq(oldOrders.memberId, memberId))
    .orderBy(desc(oldOrders.orderedAt), desc(oldOrders.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** Inserts legacy orders, skipping order numbers already imported; returns the numbers written. */
export async function insertOldOrders(db: Database, rows: readonly NewOldOrderRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const written = await db
    .insert(oldOrders)
    .values([...rows])
    .onConflictDoNothing({ target: oldOrders.orderNo })
    .returning({ orderNo: oldOrders.orderNo });
  return written.map((r) => r.orderNo);
}

/** Which of these SKUs some order's item holds (their rows must stay: order items refer to them). */
export async function orderedSkuIds(db: Database, skuIds: readonly number[]): Promise<Set<number>> {
  if (skuIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ skuId: orderItems.skuId })
    .from(orderItems)
    .where(inArray(orderItems.skuId, [...skuIds]));
  return new Set(rows.map((r) => r.skuId));
}

/** A parcel split out of a pack (issue #39): a new pack of the order, written in the shipping transaction. */
export async function insertPack(
  db: Database,
  pack: Omit<typeof orderPacks.$inferInsert, 'id' | 'updatedAt'>,
): Promise<number> {
  const [row] = await db.insert(orderPacks).values(pack).returning({ id: orderPacks.id });
  if (!row) throw new Error('pack not written');
  return row.id;
}

/** Moves a whole item line to another pack of its order (a split shipment taking all its pieces). */
export async function moveItem(db: Database, itemId: number, packId: number): Promise<void> {
  await db.update(orderItems).set({ packId }).where(eq(orderItems.id, itemId));
}

/**
 * Splits `qty` pieces of an item line off into a new line of another pack (a split shipment taking part of a line):
 * the same goods at the same price, `reserved` of its reserved stock going with them; the old line keeps the rest.
 */
export async function splitItem(
  db: Database,
  item: ItemRow,
  move: { qty: number; reserved: number; packId: number },
): Promise<void> {
  await db
    .update(orderItems)
    .set({ qty: item.qty - move.qty, reservedQty: item.reservedQty - move.reserved })
    .where(eq(orderItems.id, item.id));
  const { id: _id, ...rest } = item;
  await db
    .insert(orderItems)
    .values({ ...rest, packId: move.packId, qty: move.qty, reservedQty: move.reserved, waiting: 0 });
}

/** Sets a pack's weight (grams) after a split shipment took some of its goods. */
export async function setPackWeight(db: Database, packId: number, weight: number): Promise<void> {
  await db
    .update(orderPacks)
    .set({ weight: Math.max(0, weight), updatedAt: sql`now()` })
    .where(eq(orderPacks.id, packId));
}
