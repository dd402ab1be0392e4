import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { skus } from './catalogue-schema';
import { createdAt, updatedAt } from './columns';
import { members } from './schema';

/**
 * Cart, address book and exchange-rate tables (spec §3 'Cart', 'Sender address / receiver address'; docs/design.md
 * 'Money'). Prices are never stored in the cart: a line is priced from the catalogue when it is listed.
 */

/**
 * A member's server cart: one line per SKU (spec §3 'Cart'). The unique (member, SKU) pair lets an add be a
 * single atomic upsert that adds to the line's quantity.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull(),
    selected: boolean('selected').notNull().default(true),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('cart_lines_member_sku_key').on(t.memberId, t.skuId),
    index('cart_lines_sku_id_idx').on(t.skuId),
    check('cart_lines_qty_range', sql`${t.qty} between 1 and 9999`),
  ],
);

/**
 * Sender and receiver address books in one table (spec §3, §7 'Addresses'): both books have the same fields,
 * and `book` says which one an entry belongs to. A member has at most one default entry per book.
 */
export const addressBook = pgTable(
  'address_book',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    book: varchar('book', { length: 8 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    phone: varchar('phone', { length: 24 }).notNull(),
    country: varchar('country', { length: 8 }).notNull(),
    province: varchar('province', { length: 40 }).notNull(),
    city: varchar('city', { length: 40 }).notNull().default(''),
    district: varchar('district', { length: 40 }).notNull().default(''),
    detail: varchar('detail', { length: 200 }).notNull(),
    postCode: varchar('post_code', { length: 8 }).notNull().default(''),
    company: varchar('company', { length: 100 }).notNull().default(''),
    idCardNo: varchar('id_card_no', { length: 18 }).notNull().default(''),
    defaultFlag: boolean('default_flag').notNull().default(false),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('address_book_member_book_idx').on(t.memberId, t.book, t.createdAt),
    uniqueIndex('address_book_one_default_key').on(t.memberId, t.book).where(sql`${t.defaultFlag}`),
    check('address_book_book', sql`${t.book} in ('sender', 'receiver')`),
  ],
);

/**
 * Exchange rates set by the operator (docs/design.md 'Money': CNY equivalents of AUD amounts). The migration
 * writes the AUD→CNY row, so cart totals work before the operator has set a rate.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    base: char('base', { length: 3 }).notNull(),
    quote: char('quote', { length: 3 }).notNull(),
    rate: numeric('rate', { precision: 12, scale: 4 }).notNull(),
    updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.base, t.quote], name: 'exchange_rates_pkey' }),
    check('exchange_rates_rate_positive', sql`${t.rate} > 0`),
  ],
);
