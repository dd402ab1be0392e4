import type { Currency, ShopPaymentEntry, ShopRefundEntry } from '@shop/domain';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paymentRefunds, payments } from '../../db/schema';

/**
 * The payment module's books of a channel's day, as reconciliation compares them with the channel's statement
 * (docs/decisions/036-payment-reconciliation.md): paid payments by paid time, successful refunds by confirmation
 * time, and the rows of the numbers a statement names whatever their day and status.
 */

export interface DayBooks {
  dayPayments: ShopPaymentEntry[];
  dayRefunds: ShopRefundEntry[];
  paymentsByTradeNo: Map<string, ShopPaymentEntry>;
  refundsByRefundNo: Map<string, ShopRefundEntry>;
}

const paymentFields = {
  tradeNo: payments.tradeNo,
  status: payments.status,
  amount: payments.amount,
  currency: payments.currency,
};
const refundFields = {
  refundNo: paymentRefunds.refundNo,
  tradeNo: payments.tradeNo,
  status: paymentRefunds.status,
  amount: paymentRefunds.amount,
  currency: paymentRefunds.currency,
};

const asPayment = (row: { tradeNo: string; status: string; amount: number; currency: string }) =>
  ({ ...row, status: row.status, currency: row.currency as Currency }) as ShopPaymentEntry;
const asRefund = (row: {
  refundNo: string;
  tradeNo: string;
  status: string;
  amount: number;
  currency: string;
}) => ({ ...row, currency: row.currency as Currency }) as ShopRefundEntry;

/** Numbers are looked up in batches, so a long statement stays within PostgreSQL's parameter limit. */
const BATCH = 1000;

async function inBatches<T>(keys: readonly string[], read: (batch: string[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let at = 0; at < keys.length; at += BATCH) rows.push(...(await read(keys.slice(at, at + BATCH))));
  return rows;
}

/**
 * The shop's books of `provider` between `from` and `until`, with the rows of `tradeNos` and `refundNos`.
 * `currencies` limits them to what the channel's statement covers.
 */
export async function dayBooks(
  db: Database,
  input: {
    provider: string;
    from: Date;
    until: Date;
    tradeNos: readonly string[];
    refundNos: readonly string[];
    currencies?: readonly Currency[] | undefined;
  },
): Promise<DayBooks> {
  const { provider, from, until } = input;
  const covered = (currency: string) =>
    input.currencies === undefined || input.currencies.includes(currency as Currency);
  const paidRows = await db
    .select(paymentFields)
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.status, 'paid'),
        gte(payments.paidAt, from),
        lt(payments.paidAt, until),
      ),
    );
  const refundRows = await db
    .select(refundFields)
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(
      and(
        eq(paymentRefunds.provider, provider),
        eq(paymentRefunds.status, 'success'),
        gte(paymentRefunds.confirmedAt, from),
        lt(paymentRefunds.confirmedAt, until),
      ),
    );
  const named = await inBatches(input.tradeNos, (batch) =>
    db
      .select(paymentFields)
      .from(payments)
      .where(and(eq(payments.provider, provider), inArray(payments.tradeNo, batch))),
  );
  const namedRefunds = await inBatches(input.refundNos, (batch) =>
    db
      .select(refundFields)
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(and(eq(paymentRefunds.provider, provider), inArray(paymentRefunds.refundNo, batch))),
  );
  return {
    dayPayments: paidRows.filter((row) => covered(row.currency)).map(asPayment),
    dayRefunds: refundRows.filter((row) => covered(row.currency)).map(asRefund),
    paymentsByTradeNo: new Map(named.map((row) => [row.tradeNo, asPayment(row)])),
    refundsByRefundNo: new Map(namedRefunds.map((row) => [row.refundNo, asRefund(row)])),
  };
}

/** A payment by its trade number (any state), or null. */
export async function findPaymentByTradeNo(db: Database, tradeNo: string) {
  const rows = await db.select().from(payments).where(eq(payments.tradeNo, tradeNo)).limit(1);
  return rows[0] ?? null;
}
