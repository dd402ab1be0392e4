import { OrderStatus } from '@shop/domain';
import { and, asc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { logisticsEvents, orderPacks, orders } from '../../db/schema';

/**
 * What courier tracking (modules/tracking, docs/decisions/061-courier-tracking.md) asks of the order module, on
 * the caller's executor: the tracking service's events written beside the ones staff type (spec §7
 * courierinfo/getByLogisticCode/ reads them all, newest first), whose orders a parcel belongs to, and the parcels
 * shipped and not yet done with.
 */

/** A tracking service's event of a parcel; `eventKey` names it by its content, so it is stored once. */
export interface TrackedEvent {
  eventTime: Date;
  location: string;
  description: string;
  eventKey: string;
}

/**
 * Writes a parcel's events from its tracking service, each at most once however often the service reports it (a
 * repeated push, a poll after a push, two pushes at the same moment): the unique (logistic code, event key) makes
 * the database keep the first. Answers how many were new.
 */
export async function saveTrackedEvents(
  executor: Database,
  logisticCode: string,
  events: readonly TrackedEvent[],
): Promise<number> {
  if (events.length === 0) return 0;
  const rows = await executor
    .insert(logisticsEvents)
    .values(
      events.map((e) => ({
        logisticCode,
        eventTime: e.eventTime,
        location: e.location.slice(0, 100),
        description: e.description,
        eventKey: e.eventKey,
      })),
    )
    .onConflictDoNothing({ target: [logisticsEvents.logisticCode, logisticsEvents.eventKey] })
    .returning({ id: logisticsEvents.id });
  return rows.length;
}

/** An order a parcel belongs to, as its member's notice names it. */
export interface ParcelOwner {
  orderId: number;
  orderNo: string;
  memberId: number;
  /** The indexes of the order's packs that left as this parcel. */
  packs: number[];
  courierName: string;
}

/** The orders (usually one) with packs shipped under a logistic code, each with those packs; none for an unknown code. */
export async function parcelOwners(executor: Database, logisticCode: string): Promise<ParcelOwner[]> {
  const rows = await executor
    .select({
      orderId: orders.id,
      orderNo: orders.orderNo,
      memberId: orders.memberId,
      packIndex: orderPacks.packIndex,
      courierName: orderPacks.courierName,
    })
    .from(orderPacks)
    .innerJoin(orders, eq(orders.id, orderPacks.orderId))
    .where(eq(orderPacks.logisticCode, logisticCode))
    .orderBy(asc(orders.id), asc(orderPacks.packIndex));
  const owners = new Map<number, ParcelOwner>();
  for (const row of rows) {
    const owner = owners.get(row.orderId);
    if (owner) owner.packs.push(row.packIndex);
    else
      owners.set(row.orderId, {
        orderId: row.orderId,
        orderNo: row.orderNo,
        memberId: row.memberId,
        packs: [row.packIndex],
        courierName: row.courierName,
      });
  }
  return [...owners.values()];
}

/** A shipped parcel still on its way, as tracking takes it up. */
export interface ShippedParcel {
  logisticCode: string;
  courierId: number;
  /** The receiver's phone of the order (some couriers answer only with it). */
  phone: string;
  shippedAt: Date;
}

/** The receiver's phone of an order's address snapshot, '' when it has none. */
export function receiverPhone(receiver: Record<string, unknown> | null | undefined): string {
  const phone = receiver?.phone;
  return typeof phone === 'string' ? phone.trim() : '';
}

/**
 * Parcels shipped since `since` and not yet at 已完成 or cancelled (Shipped 80, InTransit 90), one per logistic code,
 * oldest first: the ones tracking takes up when it is turned on after they left (tracking:adopt).
 */
export async function shippedParcels(executor: Database, since: Date): Promise<ShippedParcel[]> {
  const rows = await executor
    .select({
      logisticCode: orderPacks.logisticCode,
      courierId: orderPacks.courierId,
      receiver: orders.receiver,
      shippedAt: orderPacks.shippedAt,
    })
    .from(orderPacks)
    .innerJoin(orders, eq(orders.id, orderPacks.orderId))
    .where(
      and(
        inArray(orderPacks.status, [OrderStatus.Shipped, OrderStatus.InTransit]),
        ne(orderPacks.logisticCode, ''),
        gte(orderPacks.shippedAt, since),
        sql`${orderPacks.courierId} is not null`,
      ),
    )
    .orderBy(asc(orderPacks.shippedAt), asc(orderPacks.id));
  const seen = new Set<string>();
  const parcels: ShippedParcel[] = [];
  for (const row of rows) {
    if (seen.has(row.logisticCode) || row.courierId === null || row.shippedAt === null) continue;
    seen.add(row.logisticCode);
    parcels.push({
      logisticCode: row.logisticCode,
      courierId: row.courierId,
      phone: receiverPhone(row.receiver),
      shippedAt: row.shippedAt,
    });
  }
  return parcels;
}
