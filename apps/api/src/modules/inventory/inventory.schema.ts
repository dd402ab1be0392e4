import { index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { skus } from '../catalogue/catalogue.schema';

/**
 * The inventory's own table (docs/design.md 'Modules and their faces'). The stock itself is the `stock` column of
 * the catalogue's SKU rows and the sales count the `sales` column of its goods rows: the inventory is their only
 * writer (ADR 044).
 */

/**
 * Every stock change made by hand (the console's 库存 and `goods:stock`) or by after-sales (goods returned to stock
 * or written off, an exchange sent): who, when, the stock before and after, and why. Orders move stock in their one statement (ADR 028) and are not written here. `request_id` makes a retried
 * adjustment (a double click) apply once.
 */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    id: serial('id').primaryKey(),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    before: integer('before').notNull(),
    after: integer('after').notNull(),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    /** Pieces that came back and were written off as damaged (after-sales): counted here, never put in stock. */
    writtenOff: integer('written_off').notNull().default(0),
    /** The staff username, or 'cli' / 'cli:<--by>'. */
    actor: varchar('actor', { length: 100 }).notNull(),
    staffId: integer('staff_id'),
    requestId: varchar('request_id', { length: 64 }),
    createdAt,
  },
  (t) => [
    index('stock_ledger_sku_idx').on(t.skuId, t.id),
    uniqueIndex('stock_ledger_request_id_key').on(t.requestId),
  ],
);
