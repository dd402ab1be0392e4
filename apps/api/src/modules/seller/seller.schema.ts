import { sql } from 'drizzle-orm';
import { boolean, char, check, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns';

/**
 * The seller module's table: the seller's details on invoices.
 */

/**
 * The shop as a seller (ADR 038): its legal name, ABN and address as a tax invoice names them, whether it is
 * registered for GST and whether its AUD prices include GST. One row (id 1), written by the migration with no
 * GST, so a shop charges none until its owner registers it in the console. Owned by the seller module.
 */
export const sellerDetails = pgTable(
  'seller_details',
  {
    id: integer('id').primaryKey().default(1),
    legalName: varchar('legal_name', { length: 200 }).notNull().default(''),
    /** 11 digits without spaces, checked with the ABN checksum; null until set. */
    abn: char('abn', { length: 11 }),
    address: varchar('address', { length: 300 }).notNull().default(''),
    gstRegistered: boolean('gst_registered').notNull().default(false),
    pricesIncludeGst: boolean('prices_include_gst').notNull().default(true),
    updatedAt,
  },
  (t) => [
    check('seller_details_one_row', sql`${t.id} = 1`),
    // A shop that charges GST must be able to name itself on a tax invoice.
    check(
      'seller_details_registered',
      sql`not ${t.gstRegistered} or (${t.abn} is not null and ${t.legalName} <> '')`,
    ),
  ],
);
