import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { exchangeRates } from '../../db/schema';

/** Queries of the exchange rates (docs/design.md 'Money'). */

export interface RateRow {
  /** Decimal text with 4 places, exactly as stored ('4.7000'). */
  rate: string;
  updatedAt: Date;
}

function selectRate(db: Database, base: string, quote: string) {
  return db
    .select({ rate: sql<string>`${exchangeRates.rate}::text`, updatedAt: exchangeRates.updatedAt })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.base, base), eq(exchangeRates.quote, quote)));
}

/** The stored rate of a currency pair, or null. */
export async function findRate(db: Database, base: string, quote: string): Promise<RateRow | null> {
  return (await selectRate(db, base, quote).limit(1))[0] ?? null;
}

/** The stored rate of a currency pair, its row locked until the transaction ends; null when missing. */
export async function lockRate(db: Database, base: string, quote: string): Promise<RateRow | null> {
  return (await selectRate(db, base, quote).for('update'))[0] ?? null;
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
