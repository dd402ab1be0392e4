import { randomInt } from 'node:crypto';
import {
  type Currency,
  type DepositLogItem,
  DepositLogType,
  depositLogTypeLabel,
  formatPrice,
  Permission,
  RECHARGE_STATUS_LABELS,
  type Recharge,
  ResultCode,
  toMajor,
  toMinor,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { AppError, notFoundError, paramsError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../lib/rate-limiter';
import { type StaffNotifier, silentStaffNotifier } from '../../lib/staff-notice';
import type { AuthContext } from '../../plugins/auth';
import * as repo from './deposit.repository';

/** A recharge number: R, the time to the second (UTC) and 6 random digits. */
export function newRechargeNo(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14);
  return `R${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export const DepositMessages = {
  insufficient: (currency: Currency, balance: number) =>
    `${currency === 'AUD' ? '澳币' : '人民币'}余额不足，当前余额 ${formatPrice(balance, currency)}`,
  memberNotFound: '会员不存在',
  tooManyPending: '待确认的转账充值过多，请等待审核',
  bankTransferSubmitted: '转账充值已提交，请等待审核',
  rechargeNotFound: '充值记录不存在',
  bankTransferCancelled: '转账充值已撤销',
  cannotCancelOnline: '在线充值由支付渠道确认，不能撤销',
  cannotCancelCredited: '该笔转账已确认到账，不能撤销',
  cannotCancelRejected: '该笔转账已被驳回，无需撤销',
  slipNotPending: '只能为待确认的银行转账上传转账凭证',
  noSlip: '该笔充值未上传转账凭证',
  slipSaved: '转账凭证已上传',
  tooManySlips: '上传过于频繁，请稍后再试',
} as const;

/** Slip uploads a member may make in a window (each is checked and re-encoded: bounded work per member). */
export const SLIP_UPLOAD_RATE = { perWindow: 20, windowMs: 10 * 60 * 1000 } as const;

/** Where transfer slips are kept in the media store: private, never on the public image host. */
export const SLIP_FOLDER = 'private/recharge-slip';

/** What the deposit module asks of the media module for transfer slips, wired in services.ts. */
export interface SlipStorage {
  /** Checks, re-encodes and stores an upload by the ticket images' rules; its path. */
  storeUpload(bytes: Buffer, folder: string): Promise<string>;
  /** A private file's bytes; null when missing. */
  readPrivate(path: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  deleteFiles(paths: readonly string[]): Promise<void>;
}

/** A stored slip as the slip calls answer it. */
export interface SlipFile {
  bytes: Buffer;
  contentType: string;
}

/** A member may have at most this many bank transfers waiting for the operator. */
export const MAX_PENDING_BANK_TRANSFERS = 5;

/** A deposit-log row for the wire (spec §3 'Deposit log'): major units, signed amount, the order's number. */
export function toDepositLogItem(row: repo.DepositLogRow, orderNo: string | null): DepositLogItem {
  return {
    id: row.id,
    type: row.type,
    typeLabel: depositLogTypeLabel(row.type),
    currency: row.currency as Currency,
    amount: toMajor(row.amount),
    balanceAfter: toMajor(row.balanceAfter),
    orderId: row.orderId,
    orderNo,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A recharge for the wire, with its type and status labels. */
export function toRechargeDto(row: repo.RechargeRow): Recharge {
  const status = row.status as Recharge['status'];
  return {
    rechargeNo: row.rechargeNo,
    type: row.type,
    typeLabel: depositLogTypeLabel(row.type),
    currency: row.currency as Currency,
    amount: toMajor(row.amount),
    status,
    statusLabel: RECHARGE_STATUS_LABELS[status] ?? row.status,
    reference: row.reference,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
    creditedAmount: row.creditedAmount === null ? null : toMajor(Number(row.creditedAmount)),
    hasSlip: row.slipPath !== '',
  };
}

/** One movement of a member's deposit; `amount` is positive minor units (the direction is credit or debit). */
export interface DepositEntry {
  memberId: number;
  currency: Currency;
  amount: number;
  type: DepositLogType;
  orderId?: number | null | undefined;
  rechargeId?: number | null | undefined;
  paymentId?: number | null | undefined;
  note?: string | undefined;
  operator?: string | undefined;
  /** A hand-made credit's request id (unique): the same request is never credited twice. */
  requestId?: string | undefined;
}

export interface DepositMovement {
  logId: number;
  /** The balance after the movement, minor units. */
  balanceAfter: number;
}

export type DepositService = ReturnType<typeof createDepositService>;

/**
 * The numbers of orders by id (the order module's, wired in services.ts): the log names the order of each
 * movement. Unknown ids are left out.
 */
export type OrderNumberLookup = (ids: readonly number[]) => Promise<Map<number, string>>;

/**
 * The member's deposit balances and their log (spec §3 'Deposit log'). `credit` and `debit` run on the
 * caller's transaction so the balance, its log row and whatever caused them (an order paid, a recharge
 * credited) commit together; the log's unique keys refuse a second credit for the same recharge or payment
 * and a second payment or cancel of the same order.
 */
export function createDepositService({
  db,
  clock,
  orderNumbers,
  slips,
  rateLimiter,
  notifyStaff = silentStaffNotifier,
}: {
  db: Database;
  clock: Clock;
  orderNumbers: OrderNumberLookup;
  slips: SlipStorage;
  rateLimiter: RateLimiter;
  /** Finance hears of a bank transfer to review by e-mail (#31). */
  notifyStaff?: StaffNotifier;
}) {
  /** Why a slip cannot go on this recharge of the member: not theirs or unknown (404), online, or settled. */
  async function slipRefusal(auth: AuthContext, rechargeNo: string): Promise<AppError> {
    const row = await repo.findRechargeByNo(db, rechargeNo);
    if (!row || row.memberId !== auth.memberId) return notFoundError(DepositMessages.rechargeNotFound);
    return paramsError(DepositMessages.slipNotPending, { status: row.status });
  }

  /** A recharge's slip file; NotFound when it has none. */
  async function slipOf(row: repo.RechargeRow): Promise<SlipFile> {
    const file = row.slipPath === '' ? null : await slips.readPrivate(row.slipPath);
    if (!file) throw notFoundError(DepositMessages.noSlip);
    return file;
  }

  async function move(executor: Database, entry: DepositEntry, sign: 1 | -1): Promise<DepositMovement> {
    if (!Number.isSafeInteger(entry.amount) || entry.amount <= 0)
      throw new RangeError(`deposit amount must be a positive integer of minor units: ${entry.amount}`);
    const balanceAfter = await repo.changeBalance(
      executor,
      entry.memberId,
      entry.currency,
      sign * entry.amount,
    );
    if (balanceAfter === null) {
      const balances = await repo.findBalances(executor, entry.memberId);
      if (!balances) throw notFoundError(DepositMessages.memberNotFound);
      const balance = entry.currency === 'AUD' ? balances.audDeposit : balances.cnyDeposit;
      throw paramsError(DepositMessages.insufficient(entry.currency, balance), {
        balance: toMajor(balance),
      });
    }
    const log = await repo.insertLog(executor, {
      memberId: entry.memberId,
      type: entry.type,
      currency: entry.currency,
      amount: sign * entry.amount,
      balanceAfter,
      orderId: entry.orderId ?? null,
      rechargeId: entry.rechargeId ?? null,
      paymentId: entry.paymentId ?? null,
      note: (entry.note ?? '').slice(0, 200),
      operator: (entry.operator ?? '').slice(0, 60),
      requestId: entry.requestId ?? null,
    });
    return { logId: log.id, balanceAfter };
  }

  return {
    /** Adds to the balance and logs it (recharges, cancels, refunds, gifts). */
    credit(executor: Database, entry: DepositEntry): Promise<DepositMovement> {
      return move(executor, entry, 1);
    },
    /** Takes from the balance only if it covers the amount, and logs it; ParamsError '余额不足' otherwise. */
    debit(executor: Database, entry: DepositEntry): Promise<DepositMovement> {
      return move(executor, entry, -1);
    },
    /**
     * Opens an online recharge (type 7) waiting for the channel's notify; the payment module starts the
     * channel payment for it and calls creditRecharge or cancelRecharge when the channel answers.
     */
    async openOnlineRecharge(
      executor: Database,
      input: { memberId: number; currency: Currency; amount: number },
    ): Promise<{ rechargeId: number; rechargeNo: string }> {
      const row = await repo.insertRecharge(executor, {
        rechargeNo: newRechargeNo(clock()),
        memberId: input.memberId,
        type: DepositLogType.OnlineRecharge,
        currency: input.currency,
        amount: input.amount,
      });
      return { rechargeId: row.id, rechargeNo: row.rechargeNo };
    },

    /**
     * Credits a pending recharge to the deposit with its own type (2 bank transfer, 7 online): the recharge
     * becomes credited and the log row names it, in the caller's transaction. Null when the recharge was not
     * pending any more (a repeated notify or approval): nothing changes twice.
     */
    async creditRecharge(
      executor: Database,
      rechargeId: number,
      extra: {
        paymentId?: number | undefined;
        operator?: string | undefined;
        note?: string | undefined;
        /** What reached the account (minor units) when it is not the amount asked (a bank transfer's review). */
        creditedAmount?: number | undefined;
      } = {},
    ): Promise<(DepositMovement & { rechargeNo: string; creditedAmount: number }) | null> {
      const settled = await repo.settleRecharge(executor, rechargeId, 'credited', {
        reviewedAt: clock(),
        ...(extra.operator ? { reviewedBy: extra.operator } : {}),
        ...(extra.creditedAmount !== undefined ? { creditedAmount: extra.creditedAmount } : {}),
      });
      if (!settled) return null;
      // The UPDATE wrote what it credits: the amount given, else (an online recharge) the amount asked and paid.
      const creditedAmount = Number(settled.creditedAmount ?? settled.amount);
      const movement = await move(
        executor,
        {
          memberId: settled.memberId,
          currency: settled.currency as Currency,
          amount: creditedAmount,
          type: settled.type as DepositLogType,
          rechargeId: settled.id,
          paymentId: extra.paymentId,
          note: extra.note ?? settled.rechargeNo,
          operator: extra.operator,
        },
        1,
      );
      return { ...movement, rechargeNo: settled.rechargeNo, creditedAmount };
    },

    /** Closes a pending recharge without credit (online payment cancelled); false when it was not pending. */
    async cancelRecharge(executor: Database, rechargeId: number): Promise<boolean> {
      return (await repo.settleRecharge(executor, rechargeId, 'cancelled', { reviewedAt: clock() })) !== null;
    },

    /** The recharge by id (payment status of a recharge); null when unknown. */
    findRecharge(rechargeId: number, executor: Database = db) {
      return repo.findRecharge(executor, rechargeId);
    },

    /** The member's balances in minor units. */
    async balances(memberId: number, executor: Database = db) {
      const balances = await repo.findBalances(executor, memberId);
      if (!balances) throw notFoundError(DepositMessages.memberNotFound);
      return balances;
    },

    /**
     * One page of the member's deposit log, newest first (spec §7 memberDepositLog/list/), each row with the
     * number of its order, looked up through the order module.
     */
    async logList(auth: AuthContext, page: { pageNo: number; pageSize: number }) {
      const [totalCount, rows] = await Promise.all([
        repo.countLogs(db, auth.memberId),
        repo.listLogs(db, auth.memberId, { limit: page.pageSize, offset: (page.pageNo - 1) * page.pageSize }),
      ]);
      const numbers = await orderNumbers(rows.flatMap((r) => (r.orderId === null ? [] : [r.orderId])));
      return {
        items: rows.map((r) =>
          toDepositLogItem(r, r.orderId === null ? null : (numbers.get(r.orderId) ?? null)),
        ),
        pageNo: page.pageNo,
        pageSize: page.pageSize,
        totalCount,
      };
    },

    /**
     * Records a bank transfer the member says they made (type 2), pending until the operator approves it
     * (recharge:approve). At most MAX_PENDING_BANK_TRANSFERS wait at once; the member's row lock makes two
     * requests at the same moment count each other.
     */
    async bankTransfer(
      auth: AuthContext,
      input: { currency: Currency; money: number; reference: string; note?: string | undefined },
    ): Promise<Recharge> {
      return db.transaction(async (tx) => {
        if (!(await repo.lockMember(tx, auth.memberId))) throw notFoundError(DepositMessages.memberNotFound);
        if ((await repo.countPendingBankTransfers(tx, auth.memberId)) >= MAX_PENDING_BANK_TRANSFERS)
          throw paramsError(DepositMessages.tooManyPending);
        const row = await repo.insertRecharge(tx, {
          rechargeNo: newRechargeNo(clock()),
          memberId: auth.memberId,
          type: DepositLogType.BankTransferRecharge,
          currency: input.currency,
          amount: toMinor(input.money),
          reference: input.reference,
          note: input.note ?? '',
        });
        await notifyStaff(tx, {
          permission: Permission.rechargeReview,
          kind: 'staffRecharge',
          params: {
            member: `#${auth.memberId}（充值单 ${row.rechargeNo}）`,
            amount: formatPrice(row.amount, input.currency),
          },
        });
        return toRechargeDto(row);
      });
    },

    /**
     * Withdraws the member's own pending bank-transfer registration (type 2), atomically against the
     * operator's approval: whichever commits first wins, so an approved transfer is never cancelled and a
     * cancelled one is never credited. Cancelling one already cancelled answers it unchanged; another
     * member's recharge is not found (404).
     */
    async cancelBankTransfer(auth: AuthContext, rechargeNo: string): Promise<Recharge> {
      const cancelled = await repo.cancelPendingBankTransfer(db, auth.memberId, rechargeNo, clock());
      if (cancelled) return toRechargeDto(cancelled);
      const row = await repo.findRechargeByNo(db, rechargeNo);
      if (!row || row.memberId !== auth.memberId) throw notFoundError(DepositMessages.rechargeNotFound);
      if (row.type !== DepositLogType.BankTransferRecharge)
        throw paramsError(DepositMessages.cannotCancelOnline);
      if (row.status === 'cancelled') return toRechargeDto(row);
      throw paramsError(
        row.status === 'credited'
          ? DepositMessages.cannotCancelCredited
          : DepositMessages.cannotCancelRejected,
        { status: row.status },
      );
    },

    /**
     * Attaches a transfer slip to the member's own pending bank transfer (when registering it, or later while it
     * waits), by the support tickets' upload rules through the media module: JPEG, PNG, WebP or GIF by their
     * bytes, at most 5 MB and 20 megapixels, re-encoded without camera metadata; kept private. A new slip
     * replaces the old one. Another member's recharge is not found (404); a settled or online one is refused.
     */
    async attachSlip(auth: AuthContext, rechargeNo: string, bytes: Buffer): Promise<Recharge> {
      const own = await repo.findRechargeByNo(db, rechargeNo);
      if (
        !own ||
        own.memberId !== auth.memberId ||
        own.type !== DepositLogType.BankTransferRecharge ||
        own.status !== 'pending'
      )
        throw await slipRefusal(auth, rechargeNo);
      if (
        (await rateLimiter.hit(`recharge-slip:${auth.memberId}`, SLIP_UPLOAD_RATE.windowMs)) >
        SLIP_UPLOAD_RATE.perWindow
      )
        throw new AppError(ResultCode.TooManyRequests, DepositMessages.tooManySlips);
      const path = await slips.storeUpload(bytes, SLIP_FOLDER);
      // The row lock orders this against an approval, a rejection, a cancel or another upload of the same slip.
      const saved = await db
        .transaction(async (tx) => {
          const locked = await repo.lockPendingBankTransfer(tx, auth.memberId, rechargeNo);
          if (!locked) return null;
          const row = await repo.setSlip(tx, locked.id, path);
          return row ? { row, replaced: locked.slipPath } : null;
        })
        .catch(async (error: unknown) => {
          await slips.deleteFiles([path]);
          throw error;
        });
      if (!saved) {
        await slips.deleteFiles([path]);
        throw await slipRefusal(auth, rechargeNo);
      }
      if (saved.replaced !== '') await slips.deleteFiles([saved.replaced]);
      return toRechargeDto(saved.row);
    },

    /** The member's own transfer slip; another member's recharge, or one without a slip, is not found. */
    async memberSlip(auth: AuthContext, rechargeNo: string): Promise<SlipFile> {
      const row = await repo.findRechargeByNo(db, rechargeNo);
      if (!row || row.memberId !== auth.memberId) throw notFoundError(DepositMessages.rechargeNotFound);
      return slipOf(row);
    },

    /** Any recharge's transfer slip, for the staff who review recharges (the route checks the role). */
    async reviewSlip(rechargeNo: string): Promise<SlipFile> {
      const row = await repo.findRechargeByNo(db, rechargeNo);
      if (!row) throw notFoundError(DepositMessages.rechargeNotFound);
      return slipOf(row);
    },

    /** One page of the member's recharges, newest first, with type and status labels. */
    async rechargeList(auth: AuthContext, page: { pageNo: number; pageSize: number }) {
      const filter = { memberId: auth.memberId };
      const [totalCount, rows] = await Promise.all([
        repo.countRecharges(db, filter),
        repo.listRecharges(db, filter, { limit: page.pageSize, offset: (page.pageNo - 1) * page.pageSize }),
      ]);
      return {
        items: rows.map((r) => toRechargeDto(r.recharge)),
        pageNo: page.pageNo,
        pageSize: page.pageSize,
        totalCount,
      };
    },
  };
}
