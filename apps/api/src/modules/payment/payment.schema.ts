import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { recharges } from '../deposit/deposit.schema';
import { members } from '../member/member.schema';
import { orders } from '../order/order.schema';

/**
 * The payment module's tables: channels' settings, trades, refunds, notifies and the sandbox's.
 */

/**
 * Payment channels, payments, deposit movements and recharges (spec §3 'Payment', 'Deposit log'; §4 'Payment
 * by channel'; §7 'Payment'; docs/design.md 'Outside services, and their sandboxes'). Amounts are integer minor
 * units of the row's currency.
 */

/**
 * The payment methods the shop offers (paymentConfigList/). `kind` decides the flow: 'deposit' pays from the
 * member's balance, 'syb' (A01, W01) asks the channel for a cashier URL server to server (payBySyb/), 'supay'
 * posts a hidden form to the channel's bridge, 'supay_proxy' GETs the channel's proxy for a cashier URL
 * (supayParam/). `currency` is what the channel charges; `provider` names the adapter behind it.
 */
export const paymentConfigs = pgTable(
  'payment_configs',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull().unique('payment_configs_code_key'),
    name: varchar('name', { length: 60 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    provider: varchar('provider', { length: 16 }).notNull().default('sandbox'),
    supportWebsite: boolean('support_website').notNull().default(true),
    enabled: boolean('enabled').notNull().default(true),
    /** Offered for online recharge of the deposit as well as for orders. */
    forRecharge: boolean('for_recharge').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    description: varchar('description', { length: 200 }).notNull().default(''),
    createdAt,
  },
  (t) => [
    check('payment_configs_kind', sql`${t.kind} in ('deposit', 'syb', 'supay', 'supay_proxy', 'account')`),
    check('payment_configs_currency', sql`${t.currency} in ('AUD', 'CNY')`),
  ],
);

/**
 * One attempt to pay through an online channel, for an order or a recharge. `tradeNo` is the shop's trade
 * number sent to the channel; `channelTradeNo` is the channel's own, unique, so a notify is settled once.
 * `settlement` records where a paid amount went: 'order' (the order became Paid), 'recharge' (credited as a
 * recharge), 'deposit' (the order was no longer payable, so the money went to the member's deposit).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    tradeNo: varchar('trade_no', { length: 32 }).notNull().unique('payments_trade_no_key'),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    purpose: varchar('purpose', { length: 10 }).notNull(),
    orderId: integer('order_id').references(() => orders.id),
    rechargeId: integer('recharge_id').references(() => recharges.id),
    configId: integer('config_id')
      .notNull()
      .references(() => paymentConfigs.id),
    channel: varchar('channel', { length: 32 }).notNull(),
    provider: varchar('provider', { length: 16 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    channelTradeNo: varchar('channel_trade_no', { length: 64 }),
    settlement: varchar('settlement', { length: 10 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('payments_channel_trade_key').on(t.provider, t.channelTradeNo),
    index('payments_order_idx').on(t.orderId),
    index('payments_member_idx').on(t.memberId, t.createdAt),
    check('payments_purpose', sql`${t.purpose} in ('order', 'recharge')`),
    check(
      'payments_target',
      sql`(${t.purpose} = 'order' and ${t.orderId} is not null) or (${t.purpose} = 'recharge' and ${t.rechargeId} is not null)`,
    ),
    check('payments_currency', sql`${t.currency} in ('AUD', 'CNY')`),
    check('payments_amount', sql`${t.amount} > 0`),
    check('payments_status', sql`${t.status} in ('pending', 'paid', 'cancelled', 'failed')`),
    check(
      'payments_settlement',
      sql`${t.settlement} is null or ${t.settlement} in ('order', 'recharge', 'deposit')`,
    ),
  ],
);

/**
 * A refund asked of the channel that took a payment (a staff refund or cancel of a channel-paid order): one row per
 * request, `refundNo` being the shop's number sent to the channel (unique, so a retry is the same refund). It is
 * 'processing' (the order shows 退款中) until the channel confirms ('success') or ends it ('closed', 'abnormal');
 * 'refused' when the channel turned it down at once, with the channel's reason in `channelMessage`. Amounts are
 * minor units of `currency`, the payment's.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    refundNo: varchar('refund_no', { length: 32 }).notNull().unique('payment_refunds_refund_no_key'),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    orderId: integer('order_id').references(() => orders.id),
    provider: varchar('provider', { length: 16 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('processing'),
    channelRefundNo: varchar('channel_refund_no', { length: 64 }),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    channelMessage: varchar('channel_message', { length: 200 }).notNull().default(''),
    operator: varchar('operator', { length: 60 }).notNull().default(''),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('payment_refunds_channel_key').on(t.provider, t.channelRefundNo),
    index('payment_refunds_payment_idx').on(t.paymentId),
    index('payment_refunds_open_idx').on(t.createdAt).where(sql`${t.status} = 'processing'`),
    check('payment_refunds_currency', sql`${t.currency} in ('AUD', 'CNY')`),
    check('payment_refunds_amount', sql`${t.amount} > 0`),
    check(
      'payment_refunds_status',
      sql`${t.status} in ('processing', 'success', 'closed', 'abnormal', 'refused')`,
    ),
  ],
);

/**
 * Every notify a channel sent, kept as received (forged ones too) with what the shop did with it, so an
 * operator can answer 'did the channel tell us?' without the channel.
 */
export const paymentNotifies = pgTable(
  'payment_notifies',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 16 }).notNull(),
    tradeNo: varchar('trade_no', { length: 32 }).notNull().default(''),
    channelTradeNo: varchar('channel_trade_no', { length: 64 }).notNull().default(''),
    /** verified, paid, duplicate, cancelled, rejected (bad signature, unknown trade, amount or currency). */
    outcome: varchar('outcome', { length: 16 }).notNull(),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_notifies_trade_idx').on(t.tradeNo)],
);

/**
 * The sandbox channel's own books (docs/design.md 'sandboxes'): the trades its cashier page shows. They play the
 * part of the third party's database, so the shop's tables never learn a payment from here except through a
 * signed notify.
 */
export const sandboxTrades = pgTable(
  'sandbox_trades',
  {
    channelTradeNo: varchar('channel_trade_no', { length: 40 }).primaryKey(),
    merchantTradeNo: varchar('merchant_trade_no', { length: 32 }).notNull(),
    channel: varchar('channel', { length: 32 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    subject: varchar('subject', { length: 120 }).notNull().default(''),
    notifyUrl: varchar('notify_url', { length: 255 }).notNull(),
    returnUrl: varchar('return_url', { length: 500 }).notNull(),
    /** open → paid or cancelled; closed when the merchant closes it first. */
    status: varchar('status', { length: 12 }).notNull().default('open'),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('sandbox_trades_merchant_trade_key').on(t.merchantTradeNo),
    check('sandbox_trades_status', sql`${t.status} in ('open', 'paid', 'cancelled', 'closed')`),
  ],
);

/**
 * The sandbox channel's refunds (its own books, like sandbox_trades): asked with a signed request naming the
 * merchant's trade and refund number (one refund per number, so a retry is the same refund), 'processing' until
 * the sandbox's notify delay has passed, then 'success' and notified.
 */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    merchantRefundNo: varchar('merchant_refund_no', { length: 32 }).primaryKey(),
    channelRefundNo: varchar('channel_refund_no', { length: 40 }).notNull(),
    merchantTradeNo: varchar('merchant_trade_no', { length: 32 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    notifyUrl: varchar('notify_url', { length: 255 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('processing'),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('sandbox_refunds_trade_idx').on(t.merchantTradeNo),
    check('sandbox_refunds_status', sql`${t.status} in ('processing', 'success')`),
    check('sandbox_refunds_amount', sql`${t.amount} > 0`),
  ],
);

/**
 * Secrets the shop makes for itself on first start (the sandbox channel's signing key), kept in the database
 * so every API process and every restart signs and verifies with the same one.
 */
export const appSecrets = pgTable('app_secrets', {
  name: varchar('name', { length: 40 }).primaryKey(),
  value: varchar('value', { length: 200 }).notNull(),
  createdAt,
});
