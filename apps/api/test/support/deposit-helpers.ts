import { type Currency, DepositLogType } from '@shop/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { App } from '../../src/app';
import type { Database } from '../../src/db/client';
import { depositLogs, members } from '../../src/db/schema';
import { cliActor } from '../../src/lib/audit';

/** Credits a member's deposit as the operator's gift (type 6), minor units. */
export async function giveDeposit(app: App, memberId: number, currency: Currency, amount: number) {
  return app.services.depositAdmin.credit(cliActor('test'), {
    memberId,
    type: DepositLogType.SystemGift,
    currency,
    amount,
    note: '测试赠送',
  });
}

/** A member's balances in minor units, read from the members row. */
export async function balancesOf(db: Database, memberId: number) {
  const [row] = await db
    .select({ cny: members.cnyDeposit, aud: members.audDeposit })
    .from(members)
    .where(eq(members.id, memberId));
  return { CNY: Number(row?.cny ?? -1), AUD: Number(row?.aud ?? -1) };
}

/** A member's deposit-log rows in one currency, oldest first. */
export function logsOf(db: Database, memberId: number, currency?: Currency) {
  return db
    .select()
    .from(depositLogs)
    .where(and(eq(depositLogs.memberId, memberId), currency ? eq(depositLogs.currency, currency) : undefined))
    .orderBy(asc(depositLogs.id));
}

/**
 * The ledger adds up: in each currency the signed log amounts sum to the balance, and the last row's
 * balance-after is the balance (docs/design.md 'Money': every change writes a log row with the balance after it).
 */
export async function ledgerOf(db: Database, memberId: number) {
  const balances = await balancesOf(db, memberId);
  const result: Record<Currency, { balance: number; sum: number; last: number }> = {
    CNY: { balance: balances.CNY, sum: 0, last: 0 },
    AUD: { balance: balances.AUD, sum: 0, last: 0 },
  };
  for (const row of await logsOf(db, memberId)) {
    const entry = result[row.currency as Currency];
    entry.sum += row.amount;
    entry.last = row.balanceAfter;
  }
  return result;
}
