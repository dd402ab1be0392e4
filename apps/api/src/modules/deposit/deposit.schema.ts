import type { BankAccount } from '@shop/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { members } from '../member/member.schema';
import { orders } from '../order/order.schema';
import { payments } from '../payment/payment.schema';

/**
 * The deposit module's tables: recharges, the deposit log and the deposit's settings (the receiving bank accounts). The balances are columns of the member's row, owned by
 * this module (ADR 044).
 */

/**
 * Recharges of the deposit that wait for something: an online recharge (type 7) waits for the channel's
 * notify, a bank transfer (type 2) for the operator's approval. Cash (1) and gifts (6) are entered by the
 * operator and go straight to the deposit log.
 */
export const recharges = pgTable(
  'recharges',
  {
    id: serial('id').primaryKey(),
    rechargeNo: varchar('recharge_no', { length: 32 }).notNull().unique('recharges_recharge_no_key'),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** Deposit-log type it becomes: 2 bank transfer, 7 online. */
    type: smallint('type').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** pending → credited, or pending → rejected (bank transfer) / cancelled (online). */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    /** Bank transfer: the payer's name or the bank's reference, so the operator can match the statement. */
    reference: varchar('reference', { length: 100 }).notNull().default(''),
    note: varchar('note', { length: 200 }).notNull().default(''),
    reviewedBy: varchar('reviewed_by', { length: 60 }).notNull().default(''),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** What was credited (minor units): the amount that reached the account, set once, when credited. */
    creditedAmount: bigint('credited_amount', { mode: 'number' }),
    /**
     * Bank transfer: the member's transfer slip, a media path under `private/` (never served by the public
     * image host; read through the member's and the console's slip calls); '' when none.
     */
    slipPath: varchar('slip_path', { length: 255 }).notNull().default(''),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('recharges_member_idx').on(t.memberId, t.createdAt),
    index('recharges_status_idx').on(t.status, t.createdAt),
    check('recharges_type', sql`${t.type} in (2, 7)`),
    check('recharges_currency', sql`${t.currency} in ('AUD', 'CNY')`),
    check('recharges_amount', sql`${t.amount} > 0`),
    check(
      'recharges_credited_amount',
      sql`${t.creditedAmount} is null or (${t.creditedAmount} > 0 and ${t.status} = 'credited')`,
    ),
    check('recharges_status', sql`${t.status} in ('pending', 'credited', 'rejected', 'cancelled')`),
  ],
);

/**
 * The deposit log (spec §3 'Deposit log'): every change of a member's balance, with the signed amount and
 * the balance after it. Types 1 cash, 2 bank transfer, 3 order payment, 4 order cancel, 5 order refund,
 * 6 system gift, 7 online recharge. An order is paid from the deposit once and returned by a cancel once
 * (partial unique indexes); a recharge or an online payment is credited once.
 */
export const depositLogs = pgTable(
  'deposit_logs',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    type: smallint('type').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    orderId: integer('order_id').references(() => orders.id),
    rechargeId: integer('recharge_id').references(() => recharges.id),
    paymentId: integer('payment_id').references(() => payments.id),
    note: varchar('note', { length: 200 }).notNull().default(''),
    operator: varchar('operator', { length: 60 }).notNull().default(''),
    /** The console's id of a hand-made credit: the same request again credits nothing (a double click). */
    requestId: varchar('request_id', { length: 64 }),
    createdAt,
  },
  (t) => [
    index('deposit_logs_member_idx').on(t.memberId, t.createdAt, t.id),
    // The finance exports read the movements of a range of days.
    index('deposit_logs_created_idx').on(t.createdAt),
    uniqueIndex('deposit_logs_order_payment_key').on(t.orderId).where(sql`${t.type} = 3`),
    uniqueIndex('deposit_logs_order_cancel_key').on(t.orderId).where(sql`${t.type} = 4`),
    uniqueIndex('deposit_logs_recharge_key').on(t.rechargeId),
    uniqueIndex('deposit_logs_payment_key').on(t.paymentId),
    uniqueIndex('deposit_logs_request_key').on(t.requestId),
    check('deposit_logs_type', sql`${t.type} between 1 and 8`),
    check('deposit_logs_currency', sql`${t.currency} in ('AUD', 'CNY')`),
    check('deposit_logs_amount', sql`${t.amount} <> 0`),
    check('deposit_logs_balance', sql`${t.balanceAfter} >= 0`),
  ],
);

/**
 * The deposit's settings: one row (id 1). `bank_accounts` are the accounts members transfer money to for a
 * bank-transfer recharge (the storefront shows them in the basic template), a JSON list of the domain's
 * bankAccountSchema. Money-receiving details: only the owner or finance, with their second factor, change them
 * (permission settings.money), each change audited and told to the other money role.
 */
export const depositSettings = pgTable(
  'deposit_settings',
  {
    id: integer('id').primaryKey().default(1),
    bankAccounts: jsonb('bank_accounts').$type<BankAccount[]>().notNull().default([]),
    /** The staff username (or 'cli…') of the last change; '' when never changed. */
    updatedBy: varchar('updated_by', { length: 64 }).notNull().default(''),
    updatedAt,
  },
  (t) => [check('deposit_settings_one_row', sql`${t.id} = 1`)],
);
