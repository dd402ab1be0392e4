import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/**
 * The reconciliation module's tables: runs against the channels' bills and the differences found.
 */

/**
 * A reconciliation run (docs/decisions/036-payment-reconciliation.md): one channel's statement of one day set
 * against the shop's books. At most one run of a channel's day is 'running' at a time (partial unique index), and
 * the daily scheduled run of a day is inserted once however many workers try (the scheduled key): the row is the
 * lock.
 */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 16 }).notNull(),
    /** The channel's calendar day, yyyy-MM-dd. */
    day: varchar('day', { length: 10 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('running'),
    /** schedule, console or cli. */
    trigger: varchar('trigger', { length: 10 }).notNull(),
    actor: varchar('actor', { length: 60 }).notNull().default(''),
    statementLines: integer('statement_lines').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    differences: integer('differences').notNull().default(0),
    error: varchar('error', { length: 300 }).notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('reconciliation_runs_day_idx').on(t.provider, t.day, t.id),
    uniqueIndex('reconciliation_runs_running_key').on(t.provider, t.day).where(sql`${t.status} = 'running'`),
    uniqueIndex('reconciliation_runs_scheduled_key')
      .on(t.provider, t.day)
      .where(sql`${t.trigger} = 'schedule'`),
    check('reconciliation_runs_status', sql`${t.status} in ('running', 'done', 'failed')`),
    check('reconciliation_runs_trigger', sql`${t.trigger} in ('schedule', 'console', 'cli')`),
  ],
);

/**
 * A difference a run found between a channel's day and the shop's books. A re-run of the day replaces the open
 * ones and keeps the settled ones (the key on provider, day, kind and numbers keeps a settled difference from
 * being found again as open). Amounts are minor units; a side that has nothing is null.
 */
export const reconciliationDifferences = pgTable(
  'reconciliation_differences',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => reconciliationRuns.id),
    provider: varchar('provider', { length: 16 }).notNull(),
    day: varchar('day', { length: 10 }).notNull(),
    kind: varchar('kind', { length: 24 }).notNull(),
    object: varchar('object', { length: 8 }).notNull(),
    tradeNo: varchar('trade_no', { length: 64 }).notNull(),
    refundNo: varchar('refund_no', { length: 64 }).notNull().default(''),
    shopAmount: bigint('shop_amount', { mode: 'number' }),
    shopCurrency: char('shop_currency', { length: 3 }),
    channelAmount: bigint('channel_amount', { mode: 'number' }),
    channelCurrency: char('channel_currency', { length: 3 }),
    channelRef: varchar('channel_ref', { length: 64 }).notNull().default(''),
    channelAt: timestamp('channel_at', { withTimezone: true }),
    /** open → settled, once (the UPDATE names the state it leaves). */
    status: varchar('status', { length: 8 }).notNull().default('open'),
    note: varchar('note', { length: 200 }).notNull().default(''),
    settledBy: varchar('settled_by', { length: 60 }).notNull().default(''),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt,
  },
  (t) => [
    uniqueIndex('reconciliation_differences_key').on(t.provider, t.day, t.kind, t.tradeNo, t.refundNo),
    index('reconciliation_differences_run_idx').on(t.runId),
    check('reconciliation_differences_status', sql`${t.status} in ('open', 'settled')`),
    check('reconciliation_differences_object', sql`${t.object} in ('payment', 'refund')`),
  ],
);
