import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { companies } from '../company/company.schema';
import { members } from '../member/member.schema';
import { orders } from '../order/order.schema';

/**
 * Quotes (询价, issue #38 part 4, docs/decisions/055): what a member asked a price for, staff's answer and the
 * messages between them. Amounts are integer minor units of the quote's currency; days are the shop's (Beijing).
 * `version` rises with every answer: accepting names the version the member saw, in one conditional update with
 * the state and the last day, so an answer changed meanwhile, a lapse or a second accept makes no order.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    quoteNo: varchar('quote_no', { length: 32 }).notNull().unique('quotes_no_key'),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The company the member asked for, if they belonged to one then. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    currency: char('currency', { length: 3 }).notNull(),
    /** requested, answered, accepted, withdrawn, closed ('expired' is an answered one past valid_until). */
    state: varchar('state', { length: 10 }).notNull().default('requested'),
    note: varchar('note', { length: 1000 }).notNull().default(''),
    version: integer('version').notNull().default(0),
    freight: bigint('freight', { mode: 'number' }),
    validUntil: date('valid_until', { mode: 'string' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: varchar('answered_by', { length: 64 }),
    /** The newest message was the member's, and staff have not answered or replied since. */
    awaitingStaff: boolean('awaiting_staff').notNull().default(true),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    closedReason: varchar('closed_reason', { length: 200 }).notNull().default(''),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('quotes_member_idx').on(t.memberId, t.id),
    index('quotes_company_idx').on(t.companyId, t.id),
    index('quotes_state_idx').on(t.state, t.id),
    check('quotes_state', sql`${t.state} in ('requested', 'answered', 'accepted', 'withdrawn', 'closed')`),
    check('quotes_currency', sql`${t.currency} in ('AUD', 'CNY')`),
    check('quotes_freight', sql`${t.freight} is null or ${t.freight} >= 0`),
  ],
);

export const quoteLines = pgTable(
  'quote_lines',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id').notNull(),
    goodsId: integer('goods_id').notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    skuName: varchar('sku_name', { length: 200 }).notNull().default(''),
    image: varchar('image', { length: 500 }).notNull().default(''),
    qty: integer('qty').notNull(),
    /** The member's unit price when asked (null: none in the currency). */
    listPrice: bigint('list_price', { mode: 'number' }),
    /** The quoted unit price; null until answered. */
    price: bigint('price', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('quote_lines_sku_key').on(t.quoteId, t.skuId),
    check('quote_lines_qty', sql`${t.qty} > 0`),
    check('quote_lines_price', sql`${t.price} is null or ${t.price} >= 0`),
  ],
);

export const quoteMessages = pgTable(
  'quote_messages',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    /** 'member' or 'staff'. */
    sender: varchar('sender', { length: 8 }).notNull(),
    /** The member's name or the staff username, as it was. */
    author: varchar('author', { length: 64 }).notNull(),
    text: varchar('text', { length: 1000 }).notNull(),
    createdAt,
  },
  (t) => [
    index('quote_messages_quote_idx').on(t.quoteId, t.id),
    check('quote_messages_sender', sql`${t.sender} in ('member', 'staff')`),
  ],
);
