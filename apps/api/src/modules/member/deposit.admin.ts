import {
  type Currency,
  DepositLogType,
  formatPrice,
  RECHARGE_STATUS_LABELS,
  type Recharge,
  ResultCode,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { orderNumbers } from '../order/order.payment';
import * as repo from './deposit.repository';
import { type DepositService, toDepositLogItem, toRechargeDto } from './deposit.service';
import type { MemberService } from './member.service';

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
} as const;

/** Types the operator enters by hand: cash received at the counter, and the shop's gifts. */
export type ManualDepositType = typeof DepositLogType.CashRecharge | typeof DepositLogType.SystemGift;

/** Rows `deposit:show` prints. */
export const SHOW_LOG_ROWS = 20;

export type DepositAdminService = ReturnType<typeof createDepositAdminService>;

const paramsError = (message: string) => new AppError(ResultCode.ParamsError, message);

export function createDepositAdminService({
  db,
  clock,
  deposits,
  members,
}: {
  db: Database;
  clock: Clock;
  deposits: Pick<DepositService, 'credit' | 'creditRecharge' | 'balances'>;
  members: Pick<MemberService, 'idsByUsernames'>;
}) {
  async function memberId(username: string): Promise<number> {
    const id = (await members.idsByUsernames([username])).get(username.toLowerCase());
    if (id === undefined)
      throw new AppError(ResultCode.NotFound, DepositAdminMessages.memberNotFound(username));
    return id;
  }

  async function recharge(executor: Database, rechargeNo: string): Promise<repo.RechargeRow> {
    const row = await repo.findRechargeByNo(executor, rechargeNo);
    if (!row) throw new AppError(ResultCode.NotFound, DepositAdminMessages.rechargeNotFound(rechargeNo));
    if (row.type !== DepositLogType.BankTransferRecharge)
      throw paramsError(DepositAdminMessages.onlineRecharge(rechargeNo));
    return row;
  }

  return {
    /**
     * Credits cash received (type 1) or a gift of the shop (type 6) to a member's deposit, with the
     * operator's name and note on the log row. `amount` is minor units.
     */
    async credit(input: {
      username?: string | undefined;
      memberId?: number | undefined;
      type: ManualDepositType;
      currency: Currency;
      amount: number;
      note?: string | undefined;
      by?: string | undefined;
    }) {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
        throw paramsError(DepositAdminMessages.badAmount);
      const note = (input.note ?? '').trim();
      if (note.length > 200) throw paramsError(DepositAdminMessages.badNote);
      const id = input.memberId ?? (await memberId(input.username ?? ''));
      const movement = await db.transaction((tx) =>
        deposits.credit(tx, {
          memberId: id,
          currency: input.currency,
          amount: input.amount,
          type: input.type,
          note,
          operator: input.by,
        }),
      );
      return { memberId: id, currency: input.currency, amount: input.amount, ...movement };
    },

    /** A member's balances (minor units) and their last log rows, newest first. */
    async show(username: string, rows = SHOW_LOG_ROWS) {
      const id = await memberId(username);
      const [balances, logs] = await Promise.all([
        deposits.balances(id),
        repo.listLogs(db, id, { limit: rows, offset: 0 }),
      ]);
      const numbers = await orderNumbers(
        db,
        logs.flatMap((r) => (r.orderId === null ? [] : [r.orderId])),
      );
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
     * Approves a bank transfer (type 2): the pending recharge is credited to the deposit through the deposit
     * service, in one transaction. `changed` is false when it was credited before (a repeated approval);
     * a rejected one is refused.
     */
    async approve(rechargeNo: string, by?: string | undefined) {
      return db.transaction(async (tx) => {
        const row = await recharge(tx, rechargeNo);
        const credited = await deposits.creditRecharge(tx, row.id, {
          operator: by,
          note: `银行转账 ${row.rechargeNo}${row.reference ? `（${row.reference}）` : ''}`,
        });
        if (credited) {
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

    /**
     * Rejects a pending bank transfer with the reason the member will read in their recharge list. `changed`
     * is false when it was rejected before; a credited one is refused (its money is in the deposit).
     */
    async reject(rechargeNo: string, reason: string, by?: string | undefined) {
      const why = reason.trim();
      if (why === '' || why.length > 100) throw paramsError(DepositAdminMessages.badReason);
      return db.transaction(async (tx) => {
        const row = await recharge(tx, rechargeNo);
        const note = `驳回：${why}${row.note ? `（原备注：${row.note}）` : ''}`.slice(0, 200);
        const settled = await repo.settleRecharge(tx, row.id, 'rejected', {
          reviewedAt: clock(),
          note,
          ...(by ? { reviewedBy: by.slice(0, 60) } : {}),
        });
        if (settled) return { changed: true, recharge: toRechargeDto(settled) };
        const now = (await repo.findRecharge(tx, row.id)) ?? row;
        if (now.status === 'rejected') return { changed: false, recharge: toRechargeDto(now) };
        if (now.status === 'credited') throw paramsError(DepositAdminMessages.alreadyCredited(rechargeNo));
        throw paramsError(DepositAdminMessages.closed(rechargeNo, now.status));
      });
    },
  };
}

/** A balance line for the operator: '¥5,000.00'-style amounts through the domain's formatter. */
export function balanceLine(balances: { cnyDeposit: number; audDeposit: number }): string {
  return `人民币 / CNY ${formatPrice(balances.cnyDeposit, 'CNY')}，澳币 / AUD ${formatPrice(balances.audDeposit, 'AUD')}`;
}
