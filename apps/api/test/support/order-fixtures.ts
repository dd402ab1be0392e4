import { MemberPaths, OrderStatus, Warehouse } from '@shop/domain';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import type { Database } from '../../src/db/client';
import { couriers, orderItems, orderPacks, orders, skus } from '../../src/db/schema';
import { envelope, post } from './test-app';

/**
 * Orders written with Drizzle directly, the rows order creation (createdOrder/) makes: the order with its
 * amounts and address snapshots, one pack per pack, items with their reserved stock taken from the SKU.
 * Amounts are minor units.
 */

export interface FixtureItem {
  skuId: number;
  qty: number;
  /** Stock the order took; defaults to qty (less `waiting`) and is taken from the SKU's stock. */
  reservedQty?: number;
  /** Pre-ordered pieces waiting for stock (issue #39); default 0. */
  waiting?: number;
  unitPrice: number;
  isGift?: boolean;
  /** Index of the pack (pack) the item is in; default 0. */
  pack?: number;
  name?: string;
  skuName?: string;
  property?: Record<string, string>;
}

export interface FixtureOrder {
  memberId: number;
  orderNo?: string;
  status?: number;
  currency?: 'AUD' | 'CNY';
  isPickup?: boolean;
  /** Packs in index order; their status defaults to the order's. Default: one AU pack. */
  packs?: { location?: number; status?: number; courierName?: string; logisticCode?: string }[];
  items: FixtureItem[];
  shipping?: number;
  tax?: number;
  promotions?: number;
  memberRemark?: string;
  receiver?: Record<string, unknown> | null;
  sender?: Record<string, unknown> | null;
  createdAt?: Date;
}

export interface InsertedOrder {
  id: number;
  orderNo: string;
  packIds: number[];
  itemIds: number[];
}

let sequence = 0;

/** Inserts an order as checkout would have made it, in one transaction. */
export async function insertOrder(db: Database, spec: FixtureOrder): Promise<InsertedOrder> {
  sequence += 1;
  const status = spec.status ?? OrderStatus.NotPaid;
  const orderNo = spec.orderNo ?? `SO${Date.now()}${String(sequence).padStart(4, '0')}`;
  const goodsAmount = spec.items.filter((i) => !i.isGift).reduce((sum, i) => sum + i.qty * i.unitPrice, 0);
  const shipping = spec.shipping ?? 1500;
  const tax = spec.tax ?? 0;
  const promotions = spec.promotions ?? 0;
  const packs = spec.packs ?? [{}];
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        orderNo,
        memberId: spec.memberId,
        requestId: `req-${orderNo}`,
        status,
        currency: spec.currency ?? 'CNY',
        isPickup: spec.isPickup ?? false,
        locationCode: spec.isPickup ? 'Pickup' : '310000',
        goodsAmount,
        shippingAmount: shipping,
        taxAmount: tax,
        promotionsAmount: promotions,
        totalAmount: goodsAmount + shipping + tax - promotions,
        receiver:
          spec.receiver === undefined
            ? {
                name: '张三',
                phone: '13800138000',
                country: 'CN',
                province: '上海市',
                city: '上海市',
                district: '浦东新区',
                detail: '世纪大道100号',
                postCode: '200120',
                company: '',
                idCardNo: '',
              }
            : spec.receiver,
        sender: spec.sender ?? null,
        memberRemark: spec.memberRemark ?? '',
        ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
      })
      .returning();
    if (!order) throw new Error('order insert failed');
    const packRows = await tx
      .insert(orderPacks)
      .values(
        packs.map((p, packIndex) => ({
          orderId: order.id,
          packIndex,
          location: p.location ?? Warehouse.AU,
          status: p.status ?? status,
          courierName: p.courierName ?? '',
          logisticCode: p.logisticCode ?? '',
          shippingAmount: packIndex === 0 ? shipping : 0,
        })),
      )
      .returning();
    const packIds = packRows.sort((a, b) => a.packIndex - b.packIndex).map((b) => b.id);
    const items = await tx
      .insert(orderItems)
      .values(
        spec.items.map((i) => ({
          orderId: order.id,
          packId: packIds[i.pack ?? 0] ?? 0,
          skuId: i.skuId,
          goodsId: 0,
          name: i.name ?? `商品${i.skuId}`,
          skuName: i.skuName ?? '',
          property: i.property ?? {},
          qty: i.qty,
          reservedQty: i.reservedQty ?? i.qty - (i.waiting ?? 0),
          waiting: i.waiting ?? 0,
          unitPrice: i.unitPrice,
          isGift: i.isGift ?? false,
        })),
      )
      .returning({ id: orderItems.id });
    for (const i of spec.items) {
      const taken = i.reservedQty ?? i.qty - (i.waiting ?? 0);
      if (taken > 0)
        await tx
          .update(skus)
          .set({ stock: sql`${skus.stock} - ${taken}` })
          .where(eq(skus.id, i.skuId));
    }
    // The goods id as creation writes it: the SKU's product.
    await tx.execute(
      sql`update ${orderItems} oi set goods_id = s.goods_id from ${skus} s where s.id = oi.sku_id and oi.order_id = ${order.id}`,
    );
    return { id: order.id, orderNo, packIds, itemIds: items.map((r) => r.id) };
  });
}

/** A SKU's stock now. */
export async function stockOf(db: Database, skuId: number): Promise<number> {
  const rows = await db.select({ stock: skus.stock }).from(skus).where(eq(skus.id, skuId));
  return rows[0]?.stock ?? -1;
}

/** An order's row and its packs' statuses, to check what a refused call left unchanged. */
export async function orderState(db: Database, id: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  const packs = await db
    .select({ status: orderPacks.status })
    .from(orderPacks)
    .where(eq(orderPacks.orderId, id))
    .orderBy(orderPacks.packIndex);
  return { order, packStatuses: packs.map((b) => b.status) };
}

/** The couriers the shipping tests use. */
export async function insertCouriers(db: Database) {
  await db.insert(couriers).values([
    { code: 'SF', name: '顺丰速运' },
    { code: 'EMS', name: '中国邮政EMS' },
  ]);
}

let memberCounter = 0;

/** A new member and their login token. */
export async function newMember(
  app: App,
  prefix = 'buyer',
): Promise<{ id: number; username: string; token: string }> {
  memberCounter += 1;
  const username = `${prefix}_${memberCounter}`;
  const row = await app.services.member.createMember({ username, password: 'secret123' });
  const login = envelope<{ token: string }>(
    await post(app, MemberPaths.login, { username, password: 'secret123' }),
  );
  expect(login.success, login.message).toBe(true);
  return { id: row.id, username, token: login.data.token };
}
