import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, updatedAt } from '../../db/columns';
import { staff } from '../staff/staff.schema';

/**
 * The finance exports (issue 'Found, shared and run like a real product' part 2): one row per export asked for,
 * with its progress, and its file kept in the database a slice at a time, so any API process serves it and none
 * holds it whole (ADR 060).
 */

export const financeExports = pgTable(
  'finance_exports',
  {
    id: serial('id').primaryKey(),
    /** orders | payments | refunds | depositMoves | recharges. */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** xlsx | csv. */
    format: varchar('format', { length: 4 }).notNull(),
    /** The shop days asked for, both inclusive. */
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    /** running | done | failed. */
    state: varchar('state', { length: 8 }).notNull().default('running'),
    rows: integer('rows').notNull().default(0),
    total: integer('total').notNull().default(0),
    bytes: integer('bytes').notNull().default(0),
    fileName: varchar('file_name', { length: 120 }).notNull(),
    error: varchar('error', { length: 200 }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    staffName: varchar('staff_name', { length: 60 }).notNull(),
    createdAt,
    /** Moved on with every slice written: a running export that stopped moving was cut off (a restart). */
    updatedAt,
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('finance_exports_created_idx').on(t.createdAt),
    check('finance_exports_state', sql`${t.state} in ('running', 'done', 'failed')`),
    check('finance_exports_format', sql`${t.format} in ('xlsx', 'csv')`),
  ],
);

/** An export's file, in slices of a quarter megabyte, in order. */
export const financeExportParts = pgTable(
  'finance_export_parts',
  {
    exportId: integer('export_id')
      .notNull()
      .references(() => financeExports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.seq] })],
);
