import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { companies } from '../company/company.schema';
import { members } from '../member/member.schema';
import { orders } from '../order/order.schema';

/**
 * Pay on account (issue #38 part 3, docs/decisions/055): a company's credit per currency, the account invoices its
 * on-account orders make, the payments it sends, how they are allocated, and a ledger line for every change.
 * Amounts are integer minor units (fen, cents) of the row's currency; days are the shop's (Beijing) calendar days.
 *
 * The ledger's rule, kept by every statement that moves money here and checked by the tests after every race:
 * `used` = the sum of what the company's open invoices in that currency still owe, and `used <= credit_limit`
 * except when finance lowered nothing below it (a limit below `used` is refused), so available never goes negative.
 */

export const companyCredit = pgTable(
  'company_credit',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    currency: char('currency', { length: 3 }).notNull(),
    creditLimit: bigint('credit_limit', { mode: 'number' }).notNull(),
    /** What the open invoices still owe. */
    used: bigint('used', { mode: 'number' }).notNull().default(0),
    termsDays: integer('terms_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.currency] }),
    check('company_credit_currency', sql`${t.currency} in ('AUD', 'CNY')`),
    check('company_credit_terms', sql`${t.termsDays} in (7, 14, 30, 60)`),
    // Available credit (limit − used) never goes below zero, whatever runs in parallel.
    check('company_credit_within', sql`${t.used} >= 0 and ${t.used} <= ${t.creditLimit}`),
  ],
);

/**
 * One invoice per order paid on account. `amount` is what the order charged less any refund (credit note);
 * `paid` what payments allocated to it; it is settled when they meet. Due on `due_on` (a shop day).
 */
export const accountInvoices = pgTable(
  'account_invoices',
  {
    id: serial('id').primaryKey(),
    invoiceNo: varchar('invoice_no', { length: 40 }).notNull().unique('account_invoices_no_key'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' })
      .unique('account_invoices_order_key'),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    /** Who placed the order. */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    currency: char('currency', { length: 3 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the reminders before and on the due day went out (once each). */
    remindedBeforeAt: timestamp('reminded_before_at', { withTimezone: true }),
    remindedDueAt: timestamp('reminded_due_at', { withTimezone: true }),
    createdAt,
  },
  (t) => [
    index('account_invoices_company_idx').on(t.companyId, t.createdAt),
    // Overdue checks and reminders read only the unpaid ones, by due day.
    index('account_invoices_unpaid_idx').on(t.companyId, t.dueOn).where(sql`${t.paid} < ${t.amount}`),
    check('account_invoices_currency', sql`${t.currency} in ('AUD', 'CNY')`),
    check('account_invoices_paid', sql`${t.amount} >= 0 and ${t.paid} >= 0 and ${t.paid} <= ${t.amount}`),
  ],
);

/** Money the company sent: a bank transfer recorded by finance, or a member's deposit. */
export const accountPayments = pgTable(
  'account_payments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    currency: char('currency', { length: 3 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    allocated: bigint('allocated', { mode: 'number' }).notNull().default(0),
    /** 'bank' (recorded by finance) or 'deposit' (a member's deposit movement). */
    method: varchar('method', { length: 8 }).notNull(),
    /** The bank transfer's reference; for a deposit payment, the deposit movement's. */
    reference: varchar('reference', { length: 64 }).notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    note: varchar('note', { length: 200 }).notNull().default(''),
    /** The staff username, or member:<id>. */
    recordedBy: varchar('recorded_by', { length: 64 }).notNull(),
    createdAt,
  },
  (t) => [
    // A bank transfer is recorded once per company.
    uniqueIndex('account_payments_reference_key').on(t.companyId, t.method, t.reference),
    index('account_payments_company_idx').on(t.companyId, t.createdAt),
    check('account_payments_currency', sql`${t.currency} in ('AUD', 'CNY')`),
    check('account_payments_method', sql`${t.method} in ('bank', 'deposit')`),
    check(
      'account_payments_allocated',
      sql`${t.amount} > 0 and ${t.allocated} >= 0 and ${t.allocated} <= ${t.amount}`,
    ),
  ],
);

export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => accountPayments.id, { onDelete: 'restrict' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => accountInvoices.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    recordedBy: varchar('recorded_by', { length: 64 }).notNull(),
    createdAt,
  },
  (t) => [
    index('payment_allocations_payment_idx').on(t.paymentId),
    index('payment_allocations_invoice_idx').on(t.invoiceId),
    check('payment_allocations_amount', sql`${t.amount} > 0`),
  ],
);

/**
 * The credit ledger: every change of a company's limit or used credit, with the values after it and who made it,
 * written in the change's transaction.
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    currency: char('currency', { length: 3 }).notNull(),
    /** limit, charge (+used), allocation (−used), creditNote (−used, a refund of an on-account order). */
    kind: varchar('kind', { length: 12 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    usedAfter: bigint('used_after', { mode: 'number' }).notNull(),
    limitAfter: bigint('limit_after', { mode: 'number' }).notNull(),
    invoiceId: integer('invoice_id').references(() => accountInvoices.id, { onDelete: 'set null' }),
    paymentId: integer('payment_id').references(() => accountPayments.id, { onDelete: 'set null' }),
    note: varchar('note', { length: 200 }).notNull().default(''),
    by: varchar('by', { length: 64 }).notNull(),
    createdAt,
  },
  (t) => [
    index('credit_entries_company_idx').on(t.companyId, t.id),
    check('credit_entries_kind', sql`${t.kind} in ('limit', 'charge', 'allocation', 'creditNote')`),
  ],
);
