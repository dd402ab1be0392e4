import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { skus } from '../catalogue/catalogue.schema';
import { couriers, promotions } from '../checkout/checkout.schema';
import { companies } from '../company/company.schema';
import { members } from '../member/member.schema';
import { warehouses } from '../warehouse/warehouse.schema';

/**
 * The order module's tables (spec §3 'Order'): orders, their packs, items, attachments and logistics events, and
 * the orders imported from the old shop.
 */

/**
 * Orders. `requestId` is the client's key for one checkout attempt: a repeated submission (double click,
 * retry) finds the order already made instead of creating a second one. Addresses are snapshots.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    requestId: varchar('request_id', { length: 64 }).notNull(),
    status: smallint('status').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    isPickup: boolean('is_pickup').notNull().default(false),
    locationCode: varchar('location_code', { length: 20 }).notNull(),
    goodsAmount: bigint('goods_amount', { mode: 'number' }).notNull(),
    shippingAmount: bigint('shipping_amount', { mode: 'number' }).notNull(),
    /** Tax added on top of the goods other than GST: the Chinese cross-border tax (spec §3 'Checkout info'). */
    taxAmount: bigint('tax_amount', { mode: 'number' }).notNull(),
    /** The Australian GST the order contains or adds (ADR 038), in the order's currency; 0 when none. */
    gstAmount: bigint('gst_amount', { mode: 'number' }).notNull().default(0),
    /** Whether the prices already included the GST (then it is inside the goods and freight, not added). */
    gstIncluded: boolean('gst_included').notNull().default(true),
    promotionsAmount: bigint('promotions_amount', { mode: 'number' }).notNull(),
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
    /** CNY per AUD used when AUD prices were converted (null when nothing was converted). */
    rate: numeric('rate', { precision: 12, scale: 4 }),
    receiver: jsonb('receiver').$type<Record<string, unknown> | null>(),
    sender: jsonb('sender').$type<Record<string, unknown> | null>(),
    memberRemark: varchar('member_remark', { length: 500 }).notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** How the order was paid: the payment method's code (DepositPay, W01 …) or 'offline' (operator). */
    payChannel: varchar('pay_channel', { length: 32 }),
    /** What was charged, in the currency it was charged in (a CNY order may be paid from the AUD deposit). */
    paidCurrency: char('paid_currency', { length: 3 }),
    paidAmount: bigint('paid_amount', { mode: 'number' }),
    /** Returned to the member so far (operator refunds and cancels), in paidCurrency. */
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    /** The GST the refunds so far reversed (gstOfRefund of refundedAmount, ADR 038), in the order's currency. */
    refundedGst: bigint('refunded_gst', { mode: 'number' }).notNull().default(0),
    /**
     * Asked of the payment channel and not yet confirmed (payment_refunds 'processing'), in paidCurrency: the
     * order shows 退款中 while it is above 0, and refunded + refunding never exceeds what was paid.
     */
    refundingAmount: bigint('refunding_amount', { mode: 'number' }).notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * The company the placing member belonged to when they placed it (issue #38): its members see the order with
     * who placed it. `member_id` stays the one who placed it.
     */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('orders_order_no_key').on(t.orderNo),
    index('orders_company_idx').on(t.companyId, t.createdAt).where(sql`${t.companyId} is not null`),
    uniqueIndex('orders_member_request_key').on(t.memberId, t.requestId),
    index('orders_member_status_idx').on(t.memberId, t.status, t.createdAt),
    // The console's day filters and the finance exports read orders by the time they were made.
    index('orders_created_idx').on(t.createdAt),
    check('orders_currency', sql`${t.currency} in ('AUD', 'CNY')`),
    check('orders_amounts', sql`${t.totalAmount} >= 0 and ${t.goodsAmount} >= 0`),
    check('orders_gst', sql`${t.gstAmount} >= 0 and ${t.refundedGst} between 0 and ${t.gstAmount}`),
    check(
      'orders_refunded',
      sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= coalesce(${t.paidAmount}, 0)`,
    ),
    check(
      'orders_refunding',
      sql`${t.refundingAmount} >= 0 and ${t.refundedAmount} + ${t.refundingAmount} <= coalesce(${t.paidAmount}, 0)`,
    ),
  ],
);

/** An order's packs (spec §3 'Order': orderPacks, each with status, location and items). */
export const orderPacks = pgTable(
  'order_beans',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    packIndex: smallint('pack_index').notNull(),
    location: integer('location')
      .notNull()
      .references(() => warehouses.id),
    status: smallint('status').notNull(),
    courierId: integer('courier_id').references(() => couriers.id),
    courierName: varchar('courier_name', { length: 60 }).notNull().default(''),
    logisticCode: varchar('logistic_code', { length: 60 }).notNull().default(''),
    shippingAmount: bigint('shipping_amount', { mode: 'number' }).notNull().default(0),
    weight: integer('weight').notNull().default(0),
    /** Where a pickup order's pack is collected, as the warehouse's pickup point was when the order was made. */
    pickup: jsonb('pickup').$type<{ address: string; hours: string; phone: string } | null>(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /** A parcel shipped out of another pack of the order (issue #39 split shipments): that pack's index. */
    splitFrom: smallint('split_from'),
    updatedAt,
  },
  (t) => [
    uniqueIndex('order_beans_order_pack_key').on(t.orderId, t.packIndex),
    index('order_beans_logistic_code_idx').on(t.logisticCode),
  ],
);

/**
 * Ordered goods, priced when the order was made. `reservedQty` is the stock actually taken (ByBook goods may
 * be ordered beyond stock as a pre-order), so a cancellation gives back exactly that. `waiting` is the pieces of a
 * ByBook line pre-ordered and not yet served from stock (issue #39): its pack does not leave with them, and stock
 * received serves them first come first served (workflows/serve-pre-orders.ts), moving them to `reservedQty`.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    packId: integer('bean_id')
      .notNull()
      .references(() => orderPacks.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id),
    goodsId: integer('goods_id').notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    skuName: varchar('sku_name', { length: 200 }).notNull().default(''),
    property: json('property').$type<Record<string, string>>().notNull().default({}),
    image: varchar('image', { length: 255 }).notNull().default(''),
    qty: integer('qty').notNull(),
    reservedQty: integer('reserved_qty').notNull().default(0),
    waiting: integer('waiting').notNull().default(0),
    /** Unit price in the order's currency. */
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    weight: integer('weight').notNull().default(0),
    isGift: boolean('is_gift').notNull().default(false),
    promotionId: integer('promotion_id').references(() => promotions.id),
  },
  (t) => [
    index('order_items_order_id_idx').on(t.orderId),
    // The pre-orders a SKU's stock serves, oldest first (workflows/serve-pre-orders.ts).
    index('order_items_waiting_idx').on(t.skuId, t.orderId).where(sql`${t.waiting} > 0`),
    check('order_items_qty', sql`${t.qty} > 0 and ${t.reservedQty} between 0 and ${t.qty}`),
    check('order_items_waiting', sql`${t.waiting} >= 0 and ${t.reservedQty} + ${t.waiting} <= ${t.qty}`),
  ],
);

/** Package photos and other files the warehouse attaches to an order (spec §7 getAttach/). */
export const orderAttachments = pgTable(
  'order_attachments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    packId: integer('bean_id').references(() => orderPacks.id, { onDelete: 'cascade' }),
    path: varchar('path', { length: 255 }).notNull(),
    note: varchar('note', { length: 200 }).notNull().default(''),
    createdAt,
  },
  (t) => [index('order_attachments_order_id_idx').on(t.orderId)],
);

/** Tracking events of a parcel by logistic code (spec §7 courierinfo/getByLogisticCode/). */
export const logisticsEvents = pgTable(
  'logistics_events',
  {
    id: serial('id').primaryKey(),
    logisticCode: varchar('logistic_code', { length: 60 }).notNull(),
    eventTime: timestamp('event_time', { withTimezone: true }).notNull(),
    location: varchar('location', { length: 100 }).notNull().default(''),
    description: text('description').notNull(),
    /**
     * A tracking service's event by its content (docs/decisions/061-courier-tracking.md): the same event pushed or
     * polled again is stored once. Null for the events staff typed and the shop wrote itself.
     */
    eventKey: varchar('event_key', { length: 64 }),
    createdAt,
  },
  (t) => [
    index('logistics_events_code_time_idx').on(t.logisticCode, t.eventTime),
    uniqueIndex('logistics_events_event_key').on(t.logisticCode, t.eventKey),
  ],
);

/** Orders of the previous system, imported by the operator (spec §4 'Old-order status'). */
export const oldOrders = pgTable(
  'old_orders',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    orderNo: varchar('order_no', { length: 40 }).notNull().unique('old_orders_order_no_key'),
    status: smallint('status').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
    receiverName: varchar('receiver_name', { length: 50 }).notNull().default(''),
    items: jsonb('items').$type<{ name: string; skuName: string; qty: number; price: number }[]>().notNull(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('old_orders_member_idx').on(t.memberId, t.orderedAt)],
);
