import { randomInt } from 'node:crypto';
import { PaymentPaths, ResultCode } from '@shop/domain';
import type { Database } from '../../db/client';
import { AppError, paramsError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../lib/rate-limiter';
import type {
  ChannelRefundState,
  NotifyHeaders,
  PaymentProvider,
  RefundNotifyPayload,
} from './payment.provider';
import type { PaymentProviders } from './payment.providers';
import * as payRepo from './payment.repository';
import { REJECTED_NOTIFY_RECORDS_PER_MINUTE, tradeRef } from './payment.service';
import * as repo from './refund.repository';

export type { PaymentRefundRow } from './refund.repository';

export const RefundChannelMessages = {
  providerOff: (provider: string) => `订单的支付渠道 ${provider} 未在本店启用，无法原路退款`,
} as const;

/** The sweep leaves a refund this young to the request that asked it (its call has WECHATPAY_TIMEOUT_MS). */
export const REFUND_SWEEP_MIN_AGE_MS = 60_000;

/** A refund number: R, the time to the second (UTC) and 8 random digits. */
export function newRefundNo(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14);
  return `R${stamp}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** Where a provider's channel posts its refund notify. */
export function refundNotifyPath(provider: string): string {
  return `${PaymentPaths.refundNotify}${provider}/`;
}

/** The channel that took an order's payment, when it can give money back itself. */
export interface RefundChannel {
  payment: payRepo.PaymentRow;
  provider: PaymentProvider;
}

export type PaymentRefundService = ReturnType<typeof createPaymentRefundService>;

/**
 * The refunds asked of a payment channel (payment_refunds; docs/decisions/035): which channel an order's money
 * goes back through, the reserved row, the calls to the channel and its refund notifies. What a refund does to the
 * order is the business of workflows/refund-order.ts, which holds the order's lock around each change here.
 */
export function createPaymentRefundService({
  db,
  clock,
  providers,
  rateLimiter,
}: {
  db: Database;
  clock: Clock;
  providers: PaymentProviders;
  rateLimiter: Pick<RateLimiter, 'hit'>;
}) {
  async function requestOf(row: repo.PaymentRefundRow) {
    const payment = await repo.findPaymentById(db, row.paymentId);
    const provider = providers.get(row.provider);
    if (!payment || !provider?.refund || !provider.queryRefund)
      throw new AppError(ResultCode.InternalServiceError, RefundChannelMessages.providerOff(row.provider));
    return { payment, provider, trade: tradeRef(payment) };
  }

  /** Records a refund notify (or the sweep's query) and what the shop did with it, in payment_notifies. */
  async function recordNotify(
    executor: Database,
    providerName: string,
    rawBody: Buffer,
    result: { outcome: string; reason: string },
    payload?: { tradeNo: string; channelRefundNo: string | null },
  ): Promise<void> {
    await payRepo.insertNotify(executor, {
      provider: providerName.slice(0, 16),
      tradeNo: (payload?.tradeNo ?? '').slice(0, 32),
      channelTradeNo: (payload?.channelRefundNo ?? '').slice(0, 64),
      outcome: result.outcome.slice(0, 16),
      reason: result.reason.slice(0, 200),
      body: rawBody.toString('utf8').slice(0, 20_000),
      receivedAt: clock(),
    });
  }
  return {
    recordNotify,

    /**
     * The channel an order's money goes back through: the payment that paid it, when its provider has refund().
     * Null for an order paid from the deposit or by a provider that cannot refund (the deposit takes it). A
     * provider that can refund but does not run here is refused rather than silently turned into a deposit credit.
     */
    async channelFor(tx: Database, orderId: number): Promise<RefundChannel | null> {
      const payment = await repo.findOrderPaidPayment(tx, orderId);
      if (!payment) return null;
      const provider = providers.get(payment.provider);
      if (!provider) throw paramsError(RefundChannelMessages.providerOff(payment.provider));
      return provider.refund && provider.queryRefund ? { payment, provider } : null;
    },

    /** True when an order paid through this provider is refunded through it (the console's 'refund to'). */
    refundsThrough: (providerName: string) => Boolean(providers.get(providerName)?.refund),

    /** Reserves a refund: a 'processing' row with a new refund number, on the caller's transaction. */
    reserve(
      tx: Database,
      input: { channel: RefundChannel; orderId: number; amount: number; reason: string; operator: string },
    ): Promise<repo.PaymentRefundRow> {
      const { payment } = input.channel;
      return repo.insertRefund(tx, {
        refundNo: newRefundNo(clock()),
        paymentId: payment.id,
        orderId: input.orderId,
        provider: payment.provider,
        currency: payment.currency,
        amount: input.amount,
        reason: input.reason.slice(0, 200),
        operator: input.operator.slice(0, 60),
        createdAt: clock(),
        updatedAt: clock(),
      });
    },

    /** Asks the channel for the refund (again, with the same number, after a crash). Throws ChannelError. */
    async ask(row: repo.PaymentRefundRow): Promise<ChannelRefundState> {
      const { provider, trade } = await requestOf(row);
      return (provider.refund as NonNullable<PaymentProvider['refund']>)({
        trade,
        refundNo: row.refundNo,
        amount: row.amount,
        reason: row.reason,
        notifyUrl: refundNotifyPath(provider.name),
      });
    },

    /** Where the refund stands at its channel. Throws ChannelError. */
    async query(row: repo.PaymentRefundRow): Promise<ChannelRefundState> {
      const { provider, trade } = await requestOf(row);
      return (provider.queryRefund as NonNullable<PaymentProvider['queryRefund']>)(trade, row.refundNo);
    },

    find: (refundNo: string, executor: Database = db) => repo.findRefund(executor, refundNo),
    lock: (tx: Database, refundNo: string) => repo.lockRefund(tx, refundNo),
    end: (
      tx: Database,
      id: number,
      input: {
        status: 'success' | 'closed' | 'abnormal' | 'refused';
        channelRefundNo: string | null;
        message: string;
      },
    ) => repo.endRefund(tx, id, { ...input, at: clock() }),
    setChannelRefundNo: (tx: Database, id: number, no: string) => repo.setChannelRefundNo(tx, id, no),
    /** The trade number of the payment a refund belongs to. */
    async tradeNoOf(row: repo.PaymentRefundRow): Promise<string | null> {
      return (await repo.findPaymentById(db, row.paymentId))?.tradeNo ?? null;
    },
    listOrderRefunds: (orderId: number) => repo.listOrderRefunds(db, orderId),
    /** Processing refunds old enough for the sweep. */
    listOpen: (limit = 100) =>
      repo.listProcessing(db, new Date(clock().getTime() - REFUND_SWEEP_MIN_AGE_MS), limit),

    /**
     * Verifies a refund notify over its raw body. A forged or unreadable one is recorded as rejected, except from
     * a client address beyond REJECTED_NOTIFY_RECORDS_PER_MINUTE (shared with the pay notifies).
     */
    async verifyNotify(
      providerName: string,
      rawBody: Buffer,
      headers: NotifyHeaders,
      clientAddress: string,
    ): Promise<{ ok: true; payload: RefundNotifyPayload } | { ok: false; recorded: boolean }> {
      const provider = providers.get(providerName);
      const payload = provider?.verifyRefundNotify
        ? await provider.verifyRefundNotify(rawBody, headers)
        : null;
      if (payload) return { ok: true, payload };
      const seen = await rateLimiter.hit(`notify-rejected:${clientAddress}`, 60_000);
      const recorded = seen <= REJECTED_NOTIFY_RECORDS_PER_MINUTE;
      if (recorded)
        await recordNotify(db, providerName, rawBody, {
          outcome: 'rejected',
          reason: '签名无效或报文格式错误',
        });
      return { ok: false, recorded };
    },

    /** The answer the channel expects to a refund notify (the same as to its pay notify). */
    provider: (name: string) => providers.get(name),
  };
}
