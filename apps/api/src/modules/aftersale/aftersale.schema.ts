import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { skus } from '../catalogue/catalogue.schema';
import { members } from '../member/member.schema';
import { orderItems, orders } from '../order/order.schema';

/**
 * After-sales (售后, issue #39, docs/decisions/057): a member's request on lines of a delivered order, its lines and
 * pieces, and every change of its state. `version` rises with every change: each step is one conditional update on
 * the state and the version the actor saw, so two staff (or a double click) act once. Amounts are integer minor
 * units of the currency paid.
 */
export const afterSales = pgTable(
  'after_sales',
  {
    id: serial('id').primaryKey(),
    afterSaleNo: varchar('after_sale_no', { length: 32 }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The order's number and currency, as the lists show them. */
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** refund (仅退款), return (退货退款), exchange (换货). */
    type: varchar('type', { length: 10 }).notNull(),
    state: varchar('state', { length: 12 }).notNull().default('pending'),
    reason: varchar('reason', { length: 20 }).notNull(),
    text: varchar('text', { length: 500 }).notNull().default(''),
    /** The photos, moved from the member's ticket uploads: image host paths with their sizes. */
    images: jsonb('images').$type<{ url: string; width: number; height: number }[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    returnAddress: varchar('return_address', { length: 300 }),
    shipBackBy: timestamp('ship_back_by', { withTimezone: true }),
    returnCourier: varchar('return_courier', { length: 60 }),
    returnLogisticCode: varchar('return_logistic_code', { length: 60 }),
    rejectReason: varchar('reject_reason', { length: 200 }),
    /** The refund: amount and currency paid, where it went, the channel's refund number while it is asked. */
    refundAmount: bigint('refund_amount', { mode: 'number' }),
    refundCurrency: char('refund_currency', { length: 3 }),
    refundTo: varchar('refund_to', { length: 8 }),
    refundNo: varchar('refund_no', { length: 64 }),
    /** Whether the refund gave the order's freight back. */
    withFreight: boolean('with_freight').notNull().default(false),
    /** The state a channel refund started from: a refused one goes back to it. */
    refundFrom: varchar('refund_from', { length: 12 }),
    exchangeCourier: varchar('exchange_courier', { length: 60 }),
    exchangeLogisticCode: varchar('exchange_logistic_code', { length: 60 }),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('after_sales_no_key').on(t.afterSaleNo),
    index('after_sales_member_idx').on(t.memberId, t.id),
    index('after_sales_order_idx').on(t.orderId),
    index('after_sales_state_idx').on(t.state, t.id),
    uniqueIndex('after_sales_refund_no_key').on(t.refundNo),
    check('after_sales_type', sql`${t.type} in ('refund', 'return', 'exchange')`),
    check(
      'after_sales_state',
      sql`${t.state} in ('pending', 'approved', 'shippedBack', 'received', 'refunding', 'refunded', 'exchanged', 'rejected', 'cancelled')`,
    ),
    check('after_sales_refund', sql`${t.refundAmount} is null or ${t.refundAmount} > 0`),
  ],
);

/** The pieces of each order line a request claims, and what came back of them (to stock, or written off). */
export const afterSaleLines = pgTable(
  'after_sale_lines',
  {
    id: serial('id').primaryKey(),
    afterSaleId: integer('after_sale_id')
      .notNull()
      .references(() => afterSales.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id),
    /** The line as ordered: its name, spec, picture and unit price (minor units of the order's currency). */
    name: varchar('name', { length: 200 }).notNull(),
    skuName: varchar('sku_name', { length: 200 }).notNull().default(''),
    image: varchar('image', { length: 255 }).notNull().default(''),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    qty: integer('qty').notNull(),
    restocked: integer('restocked').notNull().default(0),
    writtenOff: integer('written_off').notNull().default(0),
  },
  (t) => [
    uniqueIndex('after_sale_lines_item_key').on(t.afterSaleId, t.itemId),
    index('after_sale_lines_item_idx').on(t.itemId),
    check(
      'after_sale_lines_qty',
      sql`${t.qty} > 0 and ${t.restocked} >= 0 and ${t.writtenOff} >= 0 and ${t.restocked} + ${t.writtenOff} <= ${t.qty}`,
    ),
  ],
);

/** Every change of a request's state, with who made it and their note: the member's timeline. */
export const afterSaleEvents = pgTable(
  'after_sale_events',
  {
    id: serial('id').primaryKey(),
    afterSaleId: integer('after_sale_id')
      .notNull()
      .references(() => afterSales.id, { onDelete: 'cascade' }),
    state: varchar('state', { length: 12 }).notNull(),
    /** member, staff or system. */
    by: varchar('by', { length: 6 }).notNull(),
    /** The staff username (the audit names them too); empty for the member and the system. */
    actor: varchar('actor', { length: 100 }).notNull().default(''),
    note: varchar('note', { length: 300 }).notNull().default(''),
    createdAt,
  },
  (t) => [index('after_sale_events_idx').on(t.afterSaleId, t.id)],
);

/** The shop's after-sales settings: one row (id 1), written by the console's 售后设置. */
export const afterSaleSettings = pgTable(
  'after_sale_settings',
  {
    id: smallint('id').primaryKey(),
    windowDays: integer('window_days').notNull().default(7),
    returnAddress: varchar('return_address', { length: 300 }).notNull().default(''),
    updatedAt,
  },
  (t) => [check('after_sale_settings_one', sql`${t.id} = 1`)],
);
