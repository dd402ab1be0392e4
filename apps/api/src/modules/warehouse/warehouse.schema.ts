import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns';

/**
 * The warehouse module's tables: the shop's warehouses and their pickup points.
 */

/** The nine warehouses of spec §3 (ids 1 AU … 9 Mix); rows are written by the migration. */
export const warehouses = pgTable('warehouses', {
  id: integer('id').primaryKey(),
  code: varchar('code', { length: 8 }).notNull().unique('warehouses_code_key'),
  name: varchar('name', { length: 32 }).notNull(),
  sort: integer('sort').notNull().default(0),
});

/**
 * Pickup points (到仓自提), one per warehouse that has a desk where members collect their goods (spec §3
 * 'Warehouses', §4 'Setting pickup stores isPickup'). A warehouse without a row, or with `enabled` false, can
 * only ship; turning pickup off keeps the address for the next time. Owned by the warehouse module; the
 * migration that made the table gave the Sydney (AU) warehouse its pickup desk, as the shop's help promises.
 */
export const pickupPoints = pgTable(
  'pickup_points',
  {
    warehouseId: integer('warehouse_id')
      .primaryKey()
      .references(() => warehouses.id),
    enabled: boolean('enabled').notNull().default(false),
    address: varchar('address', { length: 200 }).notNull().default(''),
    hours: varchar('hours', { length: 100 }).notNull().default(''),
    phone: varchar('phone', { length: 40 }).notNull().default(''),
    updatedAt,
  },
  (t) => [
    // A member told to collect there must be told where and when.
    check('pickup_points_enabled_where', sql`not ${t.enabled} or (${t.address} <> '' and ${t.hours} <> '')`),
  ],
);
