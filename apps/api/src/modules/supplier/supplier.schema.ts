import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

/**
 * The supplier module's tables: supplier applications and their notes.
 */

/**
 * Applications of 成为供应商 / Become a supplier (the supplier area, docs/design.md): what the company told us, and the
 * state the staff keep as they follow it up (new → contacted → accepted | declined).
 */
export const supplierApplications = pgTable(
  'supplier_applications',
  {
    id: serial('id').primaryKey(),
    company: varchar('company', { length: 100 }).notNull(),
    contact: varchar('contact', { length: 50 }).notNull(),
    phone: varchar('phone', { length: 32 }).notNull(),
    email: varchar('email', { length: 120 }).notNull(),
    /** Spec §3 'Countries' code (AU … OTHER). */
    country: varchar('country', { length: 8 }).notNull(),
    categories: varchar('categories', { length: 200 }).notNull(),
    brands: varchar('brands', { length: 200 }).notNull().default(''),
    /** Country codes of the warehouses the supplier ships from. */
    warehouseCountries: varchar('warehouse_countries', { length: 8 }).array().notNull(),
    message: text('message').notNull().default(''),
    /** The language of the page it was sent from: zh | en (the staff answer in it). */
    lang: varchar('lang', { length: 2 }).notNull(),
    /** new | contacted | accepted | declined. */
    status: varchar('status', { length: 12 }).notNull().default('new'),
    /** The client address it came from, for follow-up of abuse. */
    clientAddress: varchar('client_address', { length: 64 }).notNull(),
    createdAt,
    updatedAt,
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
  },
  (t) => [
    index('supplier_applications_status_idx').on(t.status, t.createdAt),
    check(
      'supplier_applications_status_known',
      sql`${t.status} in ('new', 'contacted', 'accepted', 'declined')`,
    ),
    check('supplier_applications_lang_known', sql`${t.lang} in ('zh', 'en')`),
  ],
);

/**
 * The contact history of an application (the console's 供应商申请, `supplier:status`): each note or change of
 * status is a row of its own, never an edit, so what the staff learnt on the phone last week stays readable.
 * Migration 0015 moved the applications' former single `note` here as their first entry.
 */
export const supplierApplicationNotes = pgTable(
  'supplier_application_notes',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => supplierApplications.id),
    /** What was said or agreed; '' when the entry only moved the status. */
    note: varchar('note', { length: 500 }).notNull().default(''),
    /** The status the application moved to; null for a note alone. */
    status: varchar('status', { length: 12 }),
    /** The staff username, or 'cli' / 'cli:<--by>' (the audit log's actor). */
    actor: varchar('actor', { length: 100 }).notNull(),
    createdAt,
  },
  (t) => [
    index('supplier_application_notes_application_idx').on(t.applicationId, t.createdAt),
    check(
      'supplier_application_notes_status_known',
      sql`${t.status} is null or ${t.status} in ('new', 'contacted', 'accepted', 'declined')`,
    ),
    check('supplier_application_notes_not_empty', sql`${t.note} <> '' or ${t.status} is not null`),
  ],
);
