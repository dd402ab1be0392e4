import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { goods } from '../catalogue/catalogue.schema';
import { warehouses } from '../warehouse/warehouse.schema';

/**
 * The checkout module's tables: couriers, their fee rules, and promotions.
 */

/**
 * Couriers, promotions and orders (spec §3 'Checkout info', 'Order'; §4 'Order status', 'Promotion methods';
 * docs/design.md 'Stock and orders'). Amounts are integer minor units of the order's currency.
 */

/** Couriers; only public ones are offered to shoppers (spec §3 'Pack': couriers with isPublic true). */
export const couriers = pgTable('couriers', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique('couriers_code_key'),
  name: varchar('name', { length: 60 }).notNull(),
  isPublic: boolean('is_public').notNull().default(true),
  active: boolean('active').notNull().default(true),
  /** Shown to the shopper, e.g. '5-8个工作日'. */
  estimatedDays: varchar('estimated_days', { length: 40 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
  /**
   * The courier's company code at the tracking service (Kuaidi100's, e.g. 'shunfeng'); '' when its parcels are
   * not tracked automatically (docs/decisions/061-courier-tracking.md).
   */
  trackingCode: varchar('tracking_code', { length: 32 }).notNull().default(''),
  createdAt,
});

/**
 * A courier's fee rule from one warehouse in one currency: the first weight block, then each started extra
 * block (domain checkout/shipping.ts). A courier serves a warehouse when it has a rule for it.
 */
export const courierRules = pgTable(
  'courier_rules',
  {
    id: serial('id').primaryKey(),
    courierId: integer('courier_id')
      .notNull()
      .references(() => couriers.id, { onDelete: 'cascade' }),
    location: integer('location')
      .notNull()
      .references(() => warehouses.id),
    currency: char('currency', { length: 3 }).notNull(),
    firstWeight: integer('first_weight').notNull(),
    firstFee: bigint('first_fee', { mode: 'number' }).notNull(),
    extraWeight: integer('extra_weight').notNull(),
    extraFee: bigint('extra_fee', { mode: 'number' }).notNull(),
    maxWeight: integer('max_weight'),
  },
  (t) => [
    uniqueIndex('courier_rules_courier_location_currency_key').on(t.courierId, t.location, t.currency),
    check('courier_rules_currency', sql`${t.currency} in ('AUD', 'CNY')`),
    check('courier_rules_weights', sql`${t.firstWeight} > 0 and ${t.extraWeight} > 0`),
    check('courier_rules_fees', sql`${t.firstFee} >= 0 and ${t.extraFee} >= 0`),
  ],
);

/**
 * Promotions (spec §4 'Promotion methods'): method 0 AmountOfReduction, 1 Discount, 2 OnTheHouse (a gift the
 * shopper picks a SKU of), 3 BuyDiscountAgain, 4 AndBuyDiscount. Empty `skuIds` means every SKU. Only one
 * 满减 of a currency applies to an order unless `stackable`; `priority` breaks a tie (ADR 031). Two promotions
 * that are not stopped never share a name, compared as the domain's promotionNameKey does.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    method: smallint('method').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    threshold: bigint('threshold', { mode: 'number' }).notNull().default(0),
    reduce: bigint('reduce', { mode: 'number' }).notNull().default(0),
    discountPercent: integer('discount_percent'),
    skuIds: integer('sku_ids').array().notNull().default(sql`'{}'::integer[]`),
    pairSkuIds: integer('pair_sku_ids').array().notNull().default(sql`'{}'::integer[]`),
    giftGoodsId: integer('gift_goods_id').references(() => goods.id),
    stackable: boolean('stackable').notNull().default(false),
    priority: integer('priority').notNull().default(0),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt,
  },
  (t) => [
    check('promotions_method', sql`${t.method} between 0 and 4`),
    check('promotions_currency', sql`${t.currency} in ('AUD', 'CNY')`),
    check('promotions_discount', sql`${t.discountPercent} is null or ${t.discountPercent} between 1 and 99`),
    check('promotions_priority', sql`${t.priority} between 0 and 999`),
    uniqueIndex('promotions_live_name')
      .on(sql`lower(regexp_replace(normalize(${t.name}, NFKC), '\\s+', '', 'g'))`)
      .where(sql`${t.active}`),
  ],
);
