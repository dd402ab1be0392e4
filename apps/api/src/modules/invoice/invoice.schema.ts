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
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { members } from '../member/member.schema';
import { orders } from '../order/order.schema';

/**
 * The invoice module's tables: tax invoices, adjustment notes, fapiao requests and their number counters.
 */

/** What the seller and buyer looked like on the invoice, kept so the same invoice downloads the same. */
export interface InvoiceParty {
  name: string;
  abn: string;
  address: string;
}

export interface InvoiceLine {
  description: string;
  qty: number;
  /** GST-inclusive unit price and line total, minor units. */
  unitPrice: number;
  amount: number;
}

/**
 * Tax documents (docs/invoices.md, ADR 039). Amounts are integer minor units of the order's currency.
 */

/**
 * The last number given in each document series. A number is taken by an upsert that holds this row's lock
 * until the transaction that records the document commits, so a rolled-back document gives its number back
 * and the series has no gaps (a PostgreSQL sequence would keep the gap).
 */
export const documentCounters = pgTable('document_counters', {
  series: varchar('series', { length: 32 }).primaryKey(),
  lastNo: bigint('last_no', { mode: 'number' }).notNull(),
});

/** One tax invoice per paid AUD order, issued at its first download (ATO tax invoice requirements). */
export const taxInvoices = pgTable(
  'tax_invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    invoiceNo: varchar('invoice_no', { length: 20 }).notNull(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    gst: bigint('gst', { mode: 'number' }).notNull(),
    /** The order's prices included GST ('Total price includes GST'); else GST is added to them. */
    pricesIncludeGst: boolean('prices_include_gst').notNull(),
    seller: jsonb('seller').$type<InvoiceParty>().notNull(),
    /** The buyer as printed: empty name and ABN when the total is below the threshold and none was known. */
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    shipping: bigint('shipping', { mode: 'number' }).notNull().default(0),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('tax_invoices_order_key').on(t.orderId),
    uniqueIndex('tax_invoices_seq_key').on(t.seq),
    uniqueIndex('tax_invoices_no_key').on(t.invoiceNo),
    index('tax_invoices_member_idx').on(t.memberId),
    check('tax_invoices_amounts', sql`${t.total} >= 0 and ${t.gst} >= 0 and ${t.gst} <= ${t.total}`),
  ],
);

/** An adjustment note for refunds of an invoiced order: the GST-inclusive amount and the GST reversed. */
export const adjustmentNotes = pgTable(
  'adjustment_notes',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => taxInvoices.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    noteNo: varchar('note_no', { length: 20 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    gst: bigint('gst', { mode: 'number' }).notNull(),
    /** The order's refunded amount (currency paid) this note brings the adjustments up to. */
    refundedThrough: bigint('refunded_through', { mode: 'number' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('adjustment_notes_seq_key').on(t.seq),
    uniqueIndex('adjustment_notes_no_key').on(t.noteNo),
    index('adjustment_notes_invoice_idx').on(t.invoiceId),
    check('adjustment_notes_amounts', sql`${t.amount} > 0 and ${t.gst} >= 0 and ${t.gst} <= ${t.amount}`),
  ],
);

/**
 * A member's request for a 发票 of a paid CNY order, one per order, changeable while 待开票 (pending); staff
 * attach the issued fapiao's number and PDF (a media path under `private/`), which makes it 已开票 (issued).
 */
export const fapiaoRequests = pgTable(
  'fapiao_requests',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    /** The order's total the fapiao is for (CNY fen). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    taxNo: varchar('tax_no', { length: 20 }).notNull(),
    bank: varchar('bank', { length: 100 }).notNull().default(''),
    account: varchar('account', { length: 40 }).notNull().default(''),
    address: varchar('address', { length: 150 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    fapiaoNo: varchar('fapiao_no', { length: 20 }).notNull().default(''),
    filePath: varchar('file_path', { length: 255 }).notNull().default(''),
    issuedBy: varchar('issued_by', { length: 60 }).notNull().default(''),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('fapiao_requests_order_key').on(t.orderId),
    index('fapiao_requests_status_idx').on(t.status, t.createdAt),
    index('fapiao_requests_member_idx').on(t.memberId),
    check('fapiao_requests_kind', sql`${t.kind} in ('normal', 'special')`),
    check('fapiao_requests_status', sql`${t.status} in ('pending', 'issued')`),
    check(
      'fapiao_requests_issued',
      sql`(${t.status} = 'issued') = (${t.fapiaoNo} <> '' and ${t.filePath} <> '' and ${t.issuedAt} is not null)`,
    ),
  ],
);
