import { sql } from 'drizzle-orm';
import { char, check, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns';

/**
 * The rate module's table: the AUD→CNY exchange rate.
 */

/**
 * Exchange rates set by the operator (docs/design.md 'Money': CNY equivalents of AUD amounts). The migration
 * writes the AUD→CNY row, so cart totals work before the operator has set a rate.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    base: char('base', { length: 3 }).notNull(),
    quote: char('quote', { length: 3 }).notNull(),
    rate: numeric('rate', { precision: 12, scale: 4 }).notNull(),
    updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.base, t.quote], name: 'exchange_rates_pkey' }),
    check('exchange_rates_rate_positive', sql`${t.rate} > 0`),
  ],
);
