import {
  type Currency,
  channelDayWindow,
  channelToday,
  compareStatement,
  type DifferenceKind,
  dailyRunDay,
  type ShopPaymentEntry,
  type ShopRefundEntry,
  type StatementEntry,
  settleActionOf,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { notFoundError, paramsError } from '../../lib/app-error';
import { type AuditActor, type AuditRecorder, operatorName } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import * as repo from './reconciliation.repository';

/**
 * Payment reconciliation (docs/decisions/036-payment-reconciliation.md): a channel's statement of one of its
 * days set against the shop's books of that day, every difference stored until staff settle it. Runs start from
 * the console, the command line or the daily schedule; the work goes on in the background and the run row says
 * where it stands.
 */

export const ReconciliationMessages = {
  unknownProvider: '该支付渠道不能对账（未启用或不提供对账单）',
  badDay: '对账日期无效',
  notOver: '只能对账已结束的日期（按渠道所在时区）',
  running: '该渠道这一天正在对账，请稍候',
  runNotFound: '对账记录不存在',
  differenceNotFound: '对账差异不存在',
  settled: '该差异已处理',
  channelFailed: '获取渠道对账单失败',
  failed: '对账失败，请稍后重试',
} as const;

/** A run still 'running' after this long was left by a stopped process. */
export const STALE_RUN_MS = 15 * 60_000;

/** A channel that publishes statements, as reconciliation uses it (payment.provider.ts). */
export interface StatementChannel {
  readonly name: string;
  fetchStatement?(day: string): Promise<StatementEntry[]>;
  readonly statementCurrencies?: readonly Currency[];
}

/** The shop's books of a channel's day (the payment module's, wired in services.ts). */
export type BooksOfDay = (input: {
  provider: string;
  from: Date;
  until: Date;
  tradeNos: readonly string[];
  refundNos: readonly string[];
  currencies?: readonly Currency[] | undefined;
}) => Promise<{
  dayPayments: ShopPaymentEntry[];
  dayRefunds: ShopRefundEntry[];
  paymentsByTradeNo: Map<string, ShopPaymentEntry>;
  refundsByRefundNo: Map<string, ShopRefundEntry>;
}>;

/** What the channel booked for a payment the shop still has pending, as the settle path takes it. */
export interface LatePayment {
  provider: string;
  tradeNo: string;
  channelRef: string;
  amount: number;
  currency: Currency;
  at: string | null;
}

/**
 * Settling a 'paid at the channel, pending in the shop' difference through the payment's settle path (the
 * settle-payment workflow): `confirm` asks the channel again where it can (outside any transaction) and answers
 * the proven payment; `apply` settles it as a late notify would, in the caller's transaction, and throws an
 * AppError when the payment could not be paid.
 */
export interface LatePaymentSettler {
  confirm(late: LatePayment): Promise<LatePayment>;
  apply(tx: Database, late: LatePayment): Promise<void>;
}

export interface ReconciliationDeps {
  db: Database;
  clock: Clock;
  /** The providers running here (those with fetchStatement can be reconciled). */
  channels: () => readonly StatementChannel[];
  books: BooksOfDay;
  latePayments: LatePaymentSettler;
  audit: AuditRecorder;
  log?: { error(details: object, message: string): void };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;

/** Words staff read for a failed run: the channel's where it gave some, never a stack. */
function failureText(error: unknown): string {
  const named = error as { name?: string; message?: string; channelMessage?: string | null };
  if (named?.name === 'ChannelError')
    return `${ReconciliationMessages.channelFailed}：${named.channelMessage ?? named.message ?? ''}`;
  return ReconciliationMessages.failed;
}

export function createReconciliationService({
  db,
  clock,
  channels,
  books,
  latePayments,
  audit,
  log,
}: ReconciliationDeps) {
  const running = new Set<Promise<unknown>>();

  function channelOf(
    provider: string,
  ): StatementChannel & Required<Pick<StatementChannel, 'fetchStatement'>> {
    const channel = channels().find((candidate) => candidate.name === provider);
    if (!channel?.fetchStatement) throw paramsError(ReconciliationMessages.unknownProvider);
    return channel as StatementChannel & Required<Pick<StatementChannel, 'fetchStatement'>>;
  }

  /** Fetches the statement, compares it with the shop's books and stores the result; a failure is stored too. */
  async function execute(run: repo.RunRow): Promise<repo.RunRow> {
    try {
      const channel = channelOf(run.provider);
      const window = channelDayWindow(run.provider, run.day);
      if (!window) throw paramsError(ReconciliationMessages.badDay);
      const currencies = channel.statementCurrencies;
      const lines = (await channel.fetchStatement(run.day)).filter(
        (line) => currencies === undefined || currencies.includes(line.currency),
      );
      const shop = await books({
        provider: run.provider,
        ...window,
        tradeNos: [...new Set(lines.map((line) => line.tradeNo))],
        refundNos: [...new Set(lines.flatMap((line) => (line.refundNo ? [line.refundNo] : [])))],
        currencies,
      });
      const comparison = compareStatement({ lines, ...shop });
      await db.transaction((tx) =>
        repo.finishRun(tx, run, {
          statementLines: lines.length,
          matched: comparison.matched,
          differences: comparison.differences,
          at: clock(),
        }),
      );
    } catch (error) {
      if ((error as { name?: string }).name !== 'ChannelError')
        log?.error({ err: error, runId: run.id }, 'reconciliation run failed');
      await repo.failRun(db, run.id, failureText(error), clock());
    }
    return (await repo.findRun(db, run.id)) ?? run;
  }

  /** Runs `run` in the background; idle() waits for it. */
  function inBackground(run: repo.RunRow): Promise<repo.RunRow> {
    const task = execute(run);
    running.add(task);
    void task.finally(() => running.delete(task));
    return task;
  }

  /**
   * Claims a run of the channel's day (refused while one is running) and starts it; `done` resolves with the
   * finished run. Staff and the command line are audited with the claim.
   */
  async function start(
    by: AuditActor,
    input: { provider: string; day: string; trigger: 'console' | 'cli' },
  ): Promise<{ run: repo.RunRow; done: Promise<repo.RunRow> }> {
    channelOf(input.provider);
    if (!channelDayWindow(input.provider, input.day)) throw paramsError(ReconciliationMessages.badDay);
    const now = clock();
    if (input.day >= channelToday(input.provider, now)) throw paramsError(ReconciliationMessages.notOver);
    await repo.expireStaleRuns(db, new Date(now.getTime() - STALE_RUN_MS));
    const run = await db.transaction(async (tx) => {
      const claimed = await repo.claimRun(tx, {
        provider: input.provider,
        day: input.day,
        trigger: input.trigger,
        actor: operatorName(by),
        startedAt: now,
      });
      if (!claimed) return null;
      await audit(tx, {
        by,
        action: 'reconciliation.run',
        objectType: 'reconciliation',
        objectId: claimed.id,
        after: { provider: input.provider, day: input.day },
      });
      return claimed;
    });
    if (!run) throw paramsError(ReconciliationMessages.running);
    return { run, done: inBackground(run) };
  }

  return {
    start,

    /**
     * The daily run (app.ts, every few minutes): for each channel with a statement, its yesterday once the
     * statement is ready. The scheduled run of a day is one row (its unique key), so of several workers one runs
     * it and the others skip. Returns the runs it finished.
     */
    async runDaily(): Promise<repo.RunRow[]> {
      const now = clock();
      await repo.expireStaleRuns(db, new Date(now.getTime() - STALE_RUN_MS));
      const finished: repo.RunRow[] = [];
      for (const channel of channels()) {
        if (!channel.fetchStatement) continue;
        const day = dailyRunDay(channel.name, now);
        if (!day) continue;
        const run = await repo.claimRun(db, {
          provider: channel.name,
          day,
          trigger: 'schedule',
          actor: 'system',
          startedAt: now,
        });
        if (run) finished.push(await inBackground(run));
      }
      return finished;
    },

    /** The channels that can be reconciled here, each with its yesterday and time zone. */
    providers() {
      const now = clock();
      return channels()
        .filter((channel) => channel.fetchStatement !== undefined)
        .map((channel) => {
          const today = channelToday(channel.name, now);
          const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000)
            .toISOString()
            .slice(0, 10);
          const window = channelDayWindow(channel.name, today);
          const offset = window ? Date.parse(`${today}T00:00:00Z`) - window.from.getTime() : 0;
          return { provider: channel.name, yesterday, timeZone: offset === 0 ? 'UTC' : 'Asia/Shanghai' };
        });
    },

    /** A run with the differences of its channel's day. */
    async run(id: number) {
      const run = await repo.findRun(db, id);
      if (!run) throw notFoundError(ReconciliationMessages.runNotFound);
      return { run, differences: await repo.listDifferences(db, run.provider, run.day) };
    },

    listRuns: (input: { provider?: string | undefined; pageNo: number; pageSize: number }) =>
      repo.listRuns(db, input),

    /**
     * Settles an open difference (ADR 036): 'paid at the channel, pending in the shop' pays the shop's payment
     * through its settle path, after the channel confirms it where it can be asked; every other kind is marked
     * resolved. Either way with the note, audited, in one transaction; a second click finds it settled.
     */
    async settle(by: AuditActor, input: { id: number; note: string }): Promise<repo.DifferenceRow> {
      const difference = await repo.findDifference(db, input.id);
      if (!difference) throw notFoundError(ReconciliationMessages.differenceNotFound);
      if (difference.status !== 'open') throw paramsError(ReconciliationMessages.settled);
      const action = settleActionOf(difference.kind as DifferenceKind);
      const confirmed =
        action === 'settle_payment'
          ? await latePayments.confirm({
              provider: difference.provider,
              tradeNo: difference.tradeNo,
              channelRef: difference.channelRef,
              amount: difference.channelAmount ?? 0,
              currency: (difference.channelCurrency ?? 'CNY') as Currency,
              at: difference.channelAt?.toISOString() ?? null,
            })
          : null;
      return db.transaction(async (tx) => {
        const settled = await repo.settleDifference(tx, difference.id, {
          note: input.note,
          settledBy: operatorName(by),
          settledAt: clock(),
        });
        if (!settled) throw paramsError(ReconciliationMessages.settled);
        if (confirmed) await latePayments.apply(tx, confirmed);
        await audit(tx, {
          by,
          action: 'reconciliation.settle',
          objectType: 'reconciliation',
          objectId: difference.id,
          before: {
            status: 'open',
            provider: difference.provider,
            day: difference.day,
            kind: difference.kind,
            tradeNo: difference.tradeNo,
            refundNo: difference.refundNo,
          },
          after: { status: 'settled', action, note: input.note },
        });
        return settled;
      });
    },

    /** Resolves once every background run has finished (tests, shutdown). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
