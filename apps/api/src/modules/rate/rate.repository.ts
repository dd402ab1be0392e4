import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { exchangeRates } from '../../db/schema';

/** Queries of the exchange rates (DESIGN.md 'Money'). */

export interface RateRow {
  /** Decimal text with 4 places, exactly as stored ('4.7000'). */
  rate: string;
  updatedAt: Date;
}

/** The stored rate of a currency pair, or null. */
export async function findRate(db: Database, base: string, quote: string): Promise<RateRow | null> {
  const rows = await db
    .select({ rate: sql<string>`${exchangeRates.rate}::text`, updatedAt: exchangeRates.updatedAt })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.base, base), eq(exchangeRates.quote, quote)))
    .limit(1);
  return rows[0] ?? null;
}

/** Writes the rate of a currency pair (inserting the pair if missing); returns the stored row. */
export async function saveRate(
  db: Database,
  pair: { base: string; quote: string },
  rate: string,
  at: Date,
): Promise<RateRow> {
  const rows = await db
    .insert(exchangeRates)
    .values({ ...pair, rate, updatedAt: at })
    .onConflictDoUpdate({
      target: [exchangeRates.base, exchangeRates.quote],
      set: { rate, updatedAt: at },
    })
    .returning({ rate: sql<string>`${exchangeRates.rate}::text`, updatedAt: exchangeRates.updatedAt });
  const row = rows[0];
  if (!row) throw new Error('exchange rate upsert returned nothing');
  return row;
}
