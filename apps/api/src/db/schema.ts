import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The one Drizzle schema (PostgreSQL dialect) for PGlite and PostgreSQL alike, gathered from the modules that own
 * the tables (docs/design.md 'Modules and their faces') for drizzle-kit and the database client. Stay within
 * PostgreSQL 15 features: Debian's server is 15 while PGlite is 18 inside (docs/design.md 'Stack'). The two tables
 * here belong to no module: the demo seed's steps and the database rate limiter's counters.
 */

/**
 * Demo-data steps that finished (seed/seed.ts). Each step commits with its row, so a first start stopped halfway
 * (a crash, a kill) finishes the missing steps at the next start instead of leaving a half-filled shop.
 */
export const seedSteps = pgTable('seed_steps', {
  name: varchar('name', { length: 64 }).primaryKey(),
  summary: varchar('summary', { length: 500 }).notNull().default(''),
  doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fixed-window counters of the database rate limiter (lib/db-rate-limiter.ts): shared by every API process on
 * one PostgreSQL, counted by one atomic upsert each, so parallel requests cannot slip past a limit.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: varchar('key', { length: 200 }).primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_counters_expires_at_idx').on(t.expiresAt)],
);

export * from '../modules/address-book/address-book.schema';
export * from '../modules/aftersale/aftersale.schema';
export * from '../modules/audit/audit.schema';
export * from '../modules/captcha/captcha.schema';
export * from '../modules/cart/cart.schema';
export * from '../modules/catalogue/catalogue.schema';
export * from '../modules/checkout/checkout.schema';
export * from '../modules/company/company.schema';
export * from '../modules/content/content.schema';
export * from '../modules/credit/credit.schema';
export * from '../modules/deposit/deposit.schema';
export * from '../modules/exports/exports.schema';
export * from '../modules/inventory/inventory.schema';
export * from '../modules/invoice/invoice.schema';
export * from '../modules/media/media.schema';
export * from '../modules/member/member.schema';
export * from '../modules/messages/messages.schema';
export * from '../modules/notices/notices.schema';
export * from '../modules/order/order.schema';
export * from '../modules/payment/payment.schema';
export * from '../modules/quote/quote.schema';
export * from '../modules/rate/rate.schema';
export * from '../modules/reconciliation/reconciliation.schema';
export * from '../modules/saved-list/saved-list.schema';
export * from '../modules/seller/seller.schema';
export * from '../modules/staff/staff.schema';
export * from '../modules/supplier/supplier.schema';
export * from '../modules/tickets/tickets.schema';
export * from '../modules/tracking/tracking.schema';
export * from '../modules/warehouse/warehouse.schema';
export * from '../modules/wechat/wechat.schema';
