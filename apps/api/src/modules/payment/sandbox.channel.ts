import { randomBytes } from 'node:crypto';
import { type Currency, SandboxPaths } from '@shop/domain';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { hmacHex, NotifyStatus, type StatementLine, verifyParams } from './payment.provider';
import * as repo from './sandbox.repository';

/**
 * The sandbox payment channel (docs/design.md 'Outside services, and their sandboxes'): it plays the third party. It
 * learns a trade only from a request signed with its merchant key (the shop's server asking for a cashier, the
 * storefront posting the bridge form or calling the proxy), keeps its own books in sandbox_trades, shows a
 * cashier page where the shopper pays or cancels, and then tells the shop through a signed asynchronous notify
 * sent to the shop's real notify route, retried until the shop answers SUCCESS. The shop's tables never learn a
 * payment from here any other way.
 */

/** The app_secrets row holding the sandbox merchant key. */
export const SANDBOX_SECRET_NAME = 'sandbox-pay';
/** Default wait before the notify, as a real channel's callback comes a moment after the payment. */
export const DEFAULT_NOTIFY_DELAY_MS = 200;
/** Retries after the first delivery, each after twice the previous wait. */
export const NOTIFY_RETRIES = 5;

export const SandboxMessages = {
  badSignature: '签名错误',
  badRequest: '交易参数不正确',
  tradeConflict: '商户订单号已存在，且金额、币种或渠道不同',
  tradeNotFound: '交易不存在',
  refundNotPaid: '交易未支付，不能退款',
  refundTooMuch: '退款金额超过可退金额',
  refundConflict: '退款单号已存在，且交易或金额不同',
  refundNotFound: '退款单不存在',
} as const;

/** How the sandbox reaches the shop's notify route (app.inject in the app, so the real route runs). */
export interface SandboxDelivery {
  deliver(
    notifyUrl: string,
    rawBody: string,
    signature: string,
  ): Promise<{ statusCode: number; body: string }>;
  log?: { warn(details: object, message: string): void };
}

const relativePath = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, '须为本站路径');

/** The fields of a signed trade request (payment.provider tradeParams). */
const tradeRequestSchema = z.object({
  trade_no: z.string().regex(/^[A-Z0-9]{8,32}$/),
  channel: z.string().min(1).max(32),
  amount: z.string().regex(/^[1-9]\d{0,14}$/),
  currency: z.enum(['AUD', 'CNY']),
  subject: z.string().max(120).default(''),
  notify_url: relativePath,
  return_url: relativePath,
  scene: z.enum(['PC', 'H5']).default('PC'),
  sign: z.string(),
});

/** The fields of a signed refund request (sandbox.provider). */
const refundRequestSchema = z.object({
  trade_no: z.string().regex(/^[A-Z0-9]{8,32}$/),
  refund_no: z.string().regex(/^[A-Z0-9]{8,32}$/),
  amount: z.string().regex(/^[1-9]\d{0,14}$/),
  notify_url: relativePath,
  sign: z.string(),
});

/** Where a sandbox refund stands, as the channel answers a refund request or a query. */
export type SandboxRefundAnswer =
  | { ok: true; refund: repo.SandboxRefundRow }
  | { ok: false; message: string };

export type OpenTradeResult =
  | { ok: true; trade: repo.SandboxTradeRow; cashierUrl: string }
  | { ok: false; message: string };

/** The cashier page of a trade. */
export function cashierUrl(channelTradeNo: string): string {
  return `${SandboxPaths.cashier}${channelTradeNo}`;
}

function newChannelTradeNo(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14);
  return `SB${stamp}${randomBytes(5).toString('hex').toUpperCase()}`;
}

export type SandboxChannel = ReturnType<typeof createSandboxChannel>;

export function createSandboxChannel({
  db,
  clock,
  notifyDelayMs = DEFAULT_NOTIFY_DELAY_MS,
}: {
  db: Database;
  clock: Clock;
  notifyDelayMs?: number | undefined;
}) {
  let secretPromise: Promise<string> | null = null;
  let delivery: SandboxDelivery | null = null;
  let stopped = false;
  const pending = new Set<Promise<void>>();
  const sleepers = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();

  /** The merchant key, made on first use and shared by every process through app_secrets. */
  function secret(): Promise<string> {
    if (!secretPromise) {
      secretPromise = repo.ensureSecret(db, SANDBOX_SECRET_NAME, randomBytes(32).toString('hex'));
      secretPromise.catch(() => {
        secretPromise = null;
      });
    }
    return secretPromise;
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          sleepers.delete(entry);
          resolve();
        }, ms),
        wake: resolve,
      };
      sleepers.add(entry);
    });
  }

  async function deliverWithRetries(notifyUrl: string, rawBody: string): Promise<void> {
    const signature = hmacHex(await secret(), rawBody);
    for (let attempt = 0; attempt <= NOTIFY_RETRIES; attempt += 1) {
      await sleep(notifyDelayMs * 2 ** attempt);
      if (stopped || !delivery) return;
      try {
        const answer = await delivery.deliver(notifyUrl, rawBody, signature);
        if (answer.statusCode === 200 && answer.body.trim() === 'SUCCESS') return;
        delivery.log?.warn({ attempt, statusCode: answer.statusCode }, 'sandbox notify not accepted');
      } catch (error) {
        delivery?.log?.warn({ attempt, err: error }, 'sandbox notify failed');
      }
    }
    delivery?.log?.warn({ notifyUrl }, 'sandbox notify given up');
  }

  /** Sends the trade's notify after the delay, in the background (idle() waits for it). */
  function scheduleNotify(
    trade: repo.SandboxTradeRow,
    status: (typeof NotifyStatus)[keyof typeof NotifyStatus],
  ) {
    const rawBody = JSON.stringify({
      tradeNo: trade.merchantTradeNo,
      channelTradeNo: trade.channelTradeNo,
      status,
      amount: trade.amount,
      currency: trade.currency,
      paidAt: status === NotifyStatus.Success ? clock().toISOString() : null,
      nonce: randomBytes(8).toString('hex'),
    });
    const task = deliverWithRetries(trade.notifyUrl, rawBody).catch((error) => {
      delivery?.log?.warn({ err: error }, 'sandbox notify failed');
    });
    pending.add(task);
    void task.finally(() => pending.delete(task));
  }

  /** Completes the refund after the notify delay and tells the shop through its refund notify, in the background. */
  function scheduleRefundNotify(refund: repo.SandboxRefundRow) {
    const task = (async () => {
      await sleep(notifyDelayMs);
      if (stopped) return;
      const done = await repo.completeRefund(db, refund.merchantRefundNo);
      if (!done) return;
      const rawBody = JSON.stringify({
        refundNo: done.merchantRefundNo,
        tradeNo: done.merchantTradeNo,
        channelRefundNo: done.channelRefundNo,
        status: 'success',
        amount: done.amount,
        nonce: randomBytes(8).toString('hex'),
      });
      await deliverWithRetries(done.notifyUrl, rawBody);
    })().catch((error) => {
      delivery?.log?.warn({ err: error }, 'sandbox refund notify failed');
    });
    pending.add(task);
    void task.finally(() => pending.delete(task));
  }

  return {
    secret,

    /**
     * A refund from a signed request: the trade must be paid and its refunds may not exceed it. A refund number
     * already known answers the same refund (a retry). It is processing until the notify delay has passed.
     */
    async refund(params: Readonly<Record<string, string>>): Promise<SandboxRefundAnswer> {
      if (!verifyParams(params, await secret())) return { ok: false, message: SandboxMessages.badSignature };
      const parsed = refundRequestSchema.safeParse(params);
      if (!parsed.success) return { ok: false, message: SandboxMessages.badRequest };
      const request = parsed.data;
      const trade = await repo.findTradeByMerchantNo(db, request.trade_no);
      const taken = await repo.takeRefund(db, {
        merchantRefundNo: request.refund_no,
        channelRefundNo: newChannelTradeNo(clock()).replace(/^SB/, 'SR'),
        merchantTradeNo: request.trade_no,
        amount: Number(request.amount),
        currency: trade?.currency ?? 'CNY',
        notifyUrl: request.notify_url,
      });
      if (!taken.ok)
        return {
          ok: false,
          message:
            taken.reason === 'not-paid'
              ? SandboxMessages.refundNotPaid
              : taken.reason === 'too-much'
                ? SandboxMessages.refundTooMuch
                : SandboxMessages.refundConflict,
        };
      if (taken.refund.status === 'processing') scheduleRefundNotify(taken.refund);
      return { ok: true, refund: taken.refund };
    },

    /**
     * Where a refund stands. One still processing after the notify delay is completed now: a refund is never left
     * hanging because the process that would have notified it stopped.
     */
    async queryRefund(params: Readonly<Record<string, string>>): Promise<SandboxRefundAnswer> {
      if (!verifyParams(params, await secret())) return { ok: false, message: SandboxMessages.badSignature };
      const refundNo = params.refund_no ?? '';
      const refund = await repo.findRefund(db, refundNo);
      if (!refund || refund.merchantTradeNo !== params.trade_no)
        return { ok: false, message: SandboxMessages.refundNotFound };
      if (refund.status === 'processing' && clock().getTime() - refund.createdAt.getTime() >= notifyDelayMs)
        return { ok: true, refund: (await repo.completeRefund(db, refundNo)) ?? refund };
      return { ok: true, refund };
    },

    /** Connects the channel to the shop's notify route; until then (the CLI) notifies are not sent. */
    attach(target: SandboxDelivery) {
      delivery = target;
      stopped = false;
    },

    /**
     * Opens a trade from a signed request (the shop's createCashier, the bridge form, the proxy query). A repeat
     * of the same merchant trade returns the trade already open, so a double click opens one trade.
     */
    async openTrade(params: Readonly<Record<string, unknown>>): Promise<OpenTradeResult> {
      const fields: Record<string, string> = {};
      for (const [key, value] of Object.entries(params)) {
        if (typeof value !== 'string') return { ok: false, message: SandboxMessages.badRequest };
        fields[key] = value;
      }
      if (!verifyParams(fields, await secret())) return { ok: false, message: SandboxMessages.badSignature };
      const parsed = tradeRequestSchema.safeParse(fields);
      if (!parsed.success) return { ok: false, message: SandboxMessages.badRequest };
      const request = parsed.data;
      const trade = await repo.openTrade(db, {
        channelTradeNo: newChannelTradeNo(clock()),
        merchantTradeNo: request.trade_no,
        channel: request.channel,
        amount: Number(request.amount),
        currency: request.currency,
        subject: request.subject,
        notifyUrl: request.notify_url,
        returnUrl: request.return_url,
      });
      if (
        trade.amount !== Number(request.amount) ||
        trade.currency !== request.currency ||
        trade.channel !== request.channel
      )
        return { ok: false, message: SandboxMessages.tradeConflict };
      return { ok: true, trade, cashierUrl: cashierUrl(trade.channelTradeNo) };
    },

    /** A trade of the channel's books, for the cashier page. */
    findTrade(channelTradeNo: string) {
      return repo.findTrade(db, channelTradeNo);
    },

    /**
     * The shopper pays (or cancels): an open trade becomes paid (cancelled) and the SUCCESS (CLOSED) notify is
     * scheduled. `changed` is false when the trade was no longer open (a double click): nothing is sent twice.
     */
    async settle(
      channelTradeNo: string,
      action: 'pay' | 'cancel',
    ): Promise<{ trade: repo.SandboxTradeRow; changed: boolean } | null> {
      const settled = await repo.settleTrade(db, { channelTradeNo }, action === 'pay' ? 'paid' : 'cancelled');
      if (settled) {
        scheduleNotify(settled, action === 'pay' ? NotifyStatus.Success : NotifyStatus.Closed);
        return { trade: settled, changed: true };
      }
      const trade = await repo.findTrade(db, channelTradeNo);
      return trade ? { trade, changed: false } : null;
    },

    /** The merchant closes its unpaid trade: true when it was open (it can no longer be paid). */
    async close(merchantTradeNo: string): Promise<boolean> {
      return (await repo.settleTrade(db, { merchantTradeNo }, 'closed')) !== null;
    },

    /**
     * The channel's statement between two instants (its day, in UTC): the trades it collected and the refunds it
     * paid out.
     */
    async statement(from: Date, until: Date): Promise<StatementLine[]> {
      const paid = (await repo.listPaidBetween(db, from, until)).map((trade) => ({
        kind: 'payment' as const,
        tradeNo: trade.merchantTradeNo,
        refundNo: null,
        channelRef: trade.channelTradeNo,
        amount: trade.amount,
        currency: trade.currency as Currency,
        at: trade.updatedAt.toISOString(),
      }));
      const refunded = (await repo.listRefundsCompletedBetween(db, from, until)).map((refund) => ({
        kind: 'refund' as const,
        tradeNo: refund.merchantTradeNo,
        refundNo: refund.merchantRefundNo,
        channelRef: refund.channelRefundNo,
        amount: refund.amount,
        currency: refund.currency as Currency,
        at: refund.updatedAt.toISOString(),
      }));
      return [...paid, ...refunded];
    },

    /** Resolves once every scheduled notify has been delivered or given up (tests, shutdown). */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },

    /** Stops sending: pending waits end at once and nothing more is delivered (app close). */
    stop() {
      stopped = true;
      for (const sleeper of sleepers) {
        clearTimeout(sleeper.timer);
        sleeper.wake();
      }
      sleepers.clear();
    },
  };
}
