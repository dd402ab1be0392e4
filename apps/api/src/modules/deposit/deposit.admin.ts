import {
  CURRENCY_LABELS,
  type Currency,
  creditedAmountProblem,
  creditedDifferenceText,
  DepositLogType,
  depositLogTypeLabel,
  formatPrice,
  InvalidAmountError,
  MessageType,
  RECHARGE_STATUS_LABELS,
  type Recharge,
  toMinor,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { notFoundError, paramsError } from '../../lib/app-error';
import { type AuditActor, type AuditRecorder, operatorName } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { type MemberNotifier, silentNotifier } from '../../lib/member-notice';
import * as repo from './deposit.repository';
import {
  type DepositService,
  type OrderNumberLookup,
  toDepositLogItem,
  toRechargeDto,
} from './deposit.service';

/**
 * The operator's side of the deposit (commands in deposit.cli.ts; spec §3 'Deposit log'): cash recharges and
 * gifts entered by hand, a member's balances and log, and the review of bank-transfer recharges. Every change
 * goes through the deposit service, so the balance and its log row commit together.
 */

export const DepositAdminMessages = {
  memberNotFound: (username: string) => `会员不存在：${username}`,
  rechargeNotFound: (rechargeNo: string) => `充值单不存在：${rechargeNo}`,
  onlineRecharge: (rechargeNo: string) => `充值单 ${rechargeNo} 为在线充值，由支付渠道通知入账，不能人工审核`,
  alreadyCredited: (rechargeNo: string) => `充值单 ${rechargeNo} 已入账，不能驳回`,
  alreadyRejected: (rechargeNo: string) => `充值单 ${rechargeNo} 已驳回，不能入账`,
  closed: (rechargeNo: string, status: string) =>
    `充值单 ${rechargeNo} 状态为「${RECHARGE_STATUS_LABELS[status as Recharge['status']] ?? status}」，不能审核`,
  badAmount: '金额须为大于0、最多两位小数的数字',
  badNote: '备注最多200个字符',
  badReason: '请填写驳回原因（最多100个字符）',
  requestReused: '该请求编号已用于另一笔入账，请刷新页面后重试',
} as const;

/** Types the operator enters by hand: cash received at the counter, and the shop's gifts. */
export type ManualDepositType = typeof DepositLogType.CashRecharge | typeof DepositLogType.SystemGift;

/** Rows `deposit:show` prints. */
export const SHOW_LOG_ROWS = 20;

export type DepositAdminService = ReturnType<typeof createDepositAdminService>;

/** A recharge as the console lists it: the member's dto plus who it belongs to and who reviewed it. */
function toAdminRecharge(r: { recharge: repo.RechargeRow; username: string }) {
  return {
    ...toRechargeDto(r.recharge),
    memberId: r.recharge.memberId,
    username: r.username,
    reviewedBy: r.recharge.reviewedBy,
  };
}

export function createDepositAdminService({
  db,
  clock,
  deposits,
  members,
  orderNumbers,
  notify = silentNotifier,
  audit,
}: {
  db: Database;
  clock: Clock;
  /** Every change by staff or the command line is audited on its own transaction (docs/decisions/019). */
  audit: AuditRecorder;
  deposits: Pick<DepositService, 'credit' | 'creditRecharge' | 'balances' | 'reviewSlip'>;
  /** The member module's ids by username (the operator names members by username), wired in services.ts. */
  members: { idsByUsernames(usernames: readonly string[]): Promise<Map<string, number>> };
  orderNumbers: OrderNumberLookup;
  /** Tells the member what the shop did to their deposit (the messages module). */
  notify?: MemberNotifier;
}) {
  async function memberId(username: string): Promise<number> {
    const id = (await members.idsByUsernames([username])).get(username.toLowerCase());
    if (id === undefined) throw notFoundError(DepositAdminMessages.memberNotFound(username));
    return id;
  }

  async function recharge(executor: Database, rechargeNo: string): Promise<repo.RechargeRow> {
    const row = await repo.findRechargeByNo(executor, rechargeNo);
    if (!row) throw notFoundError(DepositAdminMessages.rechargeNotFound(rechargeNo));
    if (row.type !== DepositLogType.BankTransferRecharge)
      throw paramsError(DepositAdminMessages.onlineRecharge(rechargeNo));
    return row;
  }

  return {
    /**
     * Credits cash received (type 1) or a gift of the shop (type 6) to a member's deposit, with the
     * operator's name and note on the log row. `amount` is minor units.
     */
    async credit(
      by: AuditActor,
      input: {
        username?: string | undefined;
        memberId?: number | undefined;
        type: ManualDepositType;
        currency: Currency;
        amount: number;
        note?: string | undefined;
        /**
         * The console's id of this credit: sent again (a double click, a retry), it credits nothing and answers
         * the first credit with `changed` false.
         */
        requestId?: string | undefined;
      },
    ) {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
        throw paramsError(DepositAdminMessages.badAmount);
      const note = (input.note ?? '').trim();
      if (note.length > 200) throw paramsError(DepositAdminMessages.badNote);
      const id = input.memberId ?? (await memberId(input.username ?? ''));
      const result = await db.transaction(async (tx) => {
        if (input.requestId !== undefined) {
          // The member's row lock orders two sends of one request: the second sees the first's log row.
          // The unique request_id is the last guard should anything reach the insert twice.
          if (!(await repo.lockMember(tx, id)))
            throw notFoundError(DepositAdminMessages.memberNotFound(`#${id}`));
          const earlier = await repo.findLogByRequestId(tx, input.requestId);
          if (earlier) {
            if (
              earlier.memberId !== id ||
              earlier.currency !== input.currency ||
              earlier.amount !== input.amount
            )
              throw paramsError(DepositAdminMessages.requestReused);
            return { changed: false, logId: earlier.id, balanceAfter: Number(earlier.balanceAfter) };
          }
        }
        const moved = await deposits.credit(tx, {
          memberId: id,
          currency: input.currency,
          amount: input.amount,
          type: input.type,
          note,
          operator: operatorName(by),
          requestId: input.requestId,
        });
        await audit(tx, {
          by,
          action: input.type === DepositLogType.CashRecharge ? 'deposit.cash' : 'deposit.gift',
          objectType: 'member',
          objectId: id,
          before: { currency: input.currency, balance: moved.balanceAfter - input.amount },
          after: { currency: input.currency, balance: moved.balanceAfter, amount: input.amount, note },
        });
        await notify(tx, {
          memberId: id,
          type: MessageType.System,
          title: `账户余额增加 ${formatPrice(input.amount, input.currency)}`,
          content:
            `${depositLogTypeLabel(input.type)} ${formatPrice(input.amount, input.currency)}，` +
            `当前${CURRENCY_LABELS[input.currency]}余额 ${formatPrice(moved.balanceAfter, input.currency)}${note ? `。备注：${note}` : ''}`,
          link: '/member/deposit',
        });
        return { changed: true, ...moved };
      });
      return { memberId: id, currency: input.currency, amount: input.amount, ...result };
    },

    /** A member's balances (minor units) and their last log rows, newest first. */
    async show(username: string, rows = SHOW_LOG_ROWS) {
      const id = await memberId(username);
      const [balances, logs] = await Promise.all([
        deposits.balances(id),
        repo.listLogs(db, id, { limit: rows, offset: 0 }),
      ]);
      const numbers = await orderNumbers(logs.flatMap((r) => (r.orderId === null ? [] : [r.orderId])));
      return {
        memberId: id,
        ...balances,
        totalCount: await repo.countLogs(db, id),
        logs: logs.map((r) => ({
          ...toDepositLogItem(r, r.orderId === null ? null : (numbers.get(r.orderId) ?? null)),
          operator: r.operator,
        })),
      };
    },

    /** One page of a member's deposit log for the console, newest first, with who moved each hand-made row. */
    async logPage(input: { memberId: number; pageNo: number; pageSize: number }) {
      const [logs, totalCount] = await Promise.all([
        repo.listLogs(db, input.memberId, {
          limit: input.pageSize,
          offset: (input.pageNo - 1) * input.pageSize,
        }),
        repo.countLogs(db, input.memberId),
      ]);
      const numbers = await orderNumbers(logs.flatMap((r) => (r.orderId === null ? [] : [r.orderId])));
      return {
        items: logs.map((r) => ({
          ...toDepositLogItem(r, r.orderId === null ? null : (numbers.get(r.orderId) ?? null)),
          operator: r.operator,
        })),
        totalCount,
      };
    },

    /** Recharges newest first, optionally of one status, each with its member's username. */
    async listRecharges(
      filter: { status?: Recharge['status'] | undefined; limit?: number | undefined } = {},
    ) {
      const rows = await repo.listRecharges(
        db,
        { status: filter.status },
        { limit: filter.limit ?? 50, offset: 0 },
      );
      return rows.map((r) => ({
        ...toRechargeDto(r.recharge),
        username: r.username,
        reviewedBy: r.recharge.reviewedBy,
      }));
    },

    /**
     * The console's page of recharges (spec §4 recharge list, staff side), with each member's username and who
     * reviewed it. A page past the end answers an empty page with the total (the count comes with the rows).
     */
    async pageRecharges(input: {
      pageNo: number;
      pageSize: number;
      status?: Recharge['status'] | undefined;
      keyword?: string | undefined;
    }) {
      const { rows, total } = await repo.pageRecharges(
        db,
        { status: input.status, keyword: input.keyword || undefined },
        { limit: input.pageSize, offset: (input.pageNo - 1) * input.pageSize },
      );
      const filter = { status: input.status, keyword: input.keyword || undefined };
      const totalCount =
        rows.length === 0 && input.pageNo > 1
          ? (await repo.pageRecharges(db, filter, { limit: 1, offset: 0 })).total
          : total;
      return { items: rows.map(toAdminRecharge), totalCount };
    },

    /**
     * Approves a bank transfer (type 2): the pending recharge is credited to the deposit through the deposit
     * service, in one transaction, with the amount that reached the account (`creditedAmount`, major units of
     * the recharge's currency with at most 2 decimals as on the wire, converted here once by toMinor; the amount
     * asked when absent) and finance's note, required when the two differ
     * (creditedAmountProblem). One conditional UPDATE settles the recharge, so of two approvals at once one
     * credits and the other answers `changed` false, as a repeated approval does; a rejected one is refused.
     */
    async approve(
      by: AuditActor,
      input: { rechargeNo: string; creditedAmount?: number | undefined; note?: string | undefined },
    ) {
      const { rechargeNo } = input;
      const note = (input.note ?? '').trim();
      return db.transaction(async (tx) => {
        const row = await recharge(tx, rechargeNo);
        const currency = row.currency as Currency;
        const asked = Number(row.amount);
        const creditedAmount =
          input.creditedAmount === undefined ? asked : creditedMinor(input.creditedAmount);
        const problem = creditedAmountProblem(asked, creditedAmount, note);
        if (problem) throw paramsError(problem);
        const differs = creditedAmount !== asked;
        const credited = await deposits.creditRecharge(tx, row.id, {
          operator: operatorName(by),
          creditedAmount,
          note: (
            `银行转账 ${row.rechargeNo}${row.reference ? `（${row.reference}）` : ''}` +
            (differs
              ? `；申请 ${formatPrice(asked, currency)}，实际到账 ${formatPrice(creditedAmount, currency)}` +
                `；备注：${note}`
              : note
                ? `；备注：${note}`
                : '')
          ).slice(0, 200),
        });
        if (credited) {
          const balance = `当前余额 ${formatPrice(credited.balanceAfter, currency)}`;
          await notify(tx, {
            memberId: row.memberId,
            type: MessageType.System,
            title: `银行转账充值已到账 ${formatPrice(creditedAmount, currency)}`,
            content: differs
              ? `${creditedDifferenceText({ asked, credited: creditedAmount, currency, note })}` +
                `（充值单 ${row.rechargeNo}，${balance}）`
              : `充值单 ${row.rechargeNo} 已入账，${balance}${note ? `。备注：${note}` : ''}`,
            link: '/member/recharge',
            outside: {
              kind: 'rechargeApproved',
              params: { amount: formatPrice(creditedAmount, currency) },
            },
          });
          await audit(tx, {
            by,
            action: 'recharge.approve',
            objectType: 'recharge',
            objectId: row.rechargeNo,
            before: { status: row.status },
            after: {
              status: 'credited',
              memberId: row.memberId,
              currency: row.currency,
              askedAmount: asked,
              creditedAmount,
              note,
              balanceAfter: credited.balanceAfter,
            },
          });
          return {
            changed: true,
            recharge: toRechargeDto((await repo.findRecharge(tx, row.id)) ?? row),
            balanceAfter: credited.balanceAfter,
          };
        }
        const now = (await repo.findRecharge(tx, row.id)) ?? row;
        if (now.status === 'credited')
          return { changed: false, recharge: toRechargeDto(now), balanceAfter: null };
        if (now.status === 'rejected') throw paramsError(DepositAdminMessages.alreadyRejected(rechargeNo));
        throw paramsError(DepositAdminMessages.closed(rechargeNo, now.status));
      });
    },

    /** A recharge's transfer slip, for the staff who review recharges. */
    slip(rechargeNo: string) {
      return deposits.reviewSlip(rechargeNo);
    },

    /**
     * Rejects a pending bank transfer with the reason the member will read in their recharge list. `changed`
     * is false when it was rejected before; a credited one is refused (its money is in the deposit).
     */
    async reject(by: AuditActor, { rechargeNo, reason }: { rechargeNo: string; reason: string }) {
      const why = reason.trim();
      if (why === '' || why.length > 100) throw paramsError(DepositAdminMessages.badReason);
      return db.transaction(async (tx) => {
        const row = await recharge(tx, rechargeNo);
        const note = `驳回：${why}${row.note ? `（原备注：${row.note}）` : ''}`.slice(0, 200);
        const settled = await repo.settleRecharge(tx, row.id, 'rejected', {
          reviewedAt: clock(),
          note,
          reviewedBy: operatorName(by).slice(0, 60),
        });
        if (settled) {
          await audit(tx, {
            by,
            action: 'recharge.reject',
            objectType: 'recharge',
            objectId: row.rechargeNo,
            before: { status: row.status, note: row.note },
            after: { status: 'rejected', note, reason: why },
          });
          await notify(tx, {
            memberId: row.memberId,
            type: MessageType.System,
            title: '银行转账充值未通过审核',
            content: `充值单 ${row.rechargeNo}（${formatPrice(row.amount, row.currency as Currency)}）未通过审核：${why}`,
            link: '/member/recharge',
            outside: {
              kind: 'rechargeRefused',
              params: { amount: formatPrice(row.amount, row.currency as Currency) },
            },
          });
          return { changed: true, recharge: toRechargeDto(settled) };
        }
        const now = (await repo.findRecharge(tx, row.id)) ?? row;
        if (now.status === 'rejected') return { changed: false, recharge: toRechargeDto(now) };
        if (now.status === 'credited') throw paramsError(DepositAdminMessages.alreadyCredited(rechargeNo));
        throw paramsError(DepositAdminMessages.closed(rechargeNo, now.status));
      });
    },
  };
}

/**
 * The amount finance credits, sent in major units ('990.50'), as minor units for the rule and the database; an
 * amount toMinor refuses (3 decimals, not finite) becomes NaN, which creditedAmountProblem refuses in Chinese.
 */
function creditedMinor(major: number): number {
  try {
    return toMinor(major);
  } catch (error) {
    if (error instanceof InvalidAmountError) return Number.NaN;
    throw error;
  }
}

/** A balance line for the operator: '¥5,000.00'-style amounts through the domain's formatter. */
export function balanceLine(balances: { cnyDeposit: number; audDeposit: number }): string {
  return `人民币 / CNY ${formatPrice(balances.cnyDeposit, 'CNY')}，澳币 / AUD ${formatPrice(balances.audDeposit, 'AUD')}`;
}
