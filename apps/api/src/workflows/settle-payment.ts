import {
  type Currency,
  DepositLogType,
  formatPrice,
  MessageType,
  OrderStatus,
  PayStatus,
} from '@shop/domain';
import type { Database } from '../db/client';
import { paramsError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import type { MemberNotifier } from '../lib/member-notice';
import { NO_COUNTERS, type ShopCounters } from '../lib/metrics';
import type { DepositService } from '../modules/deposit';
import { findOrderForPayment, markOrderPaid } from '../modules/order';
import type {
  ChannelNotice,
  ChannelRefundState,
  NotifyHeaders,
  NotifyPayload,
  PaymentSettlement,
} from '../modules/payment';
import {
  type NotifyAcknowledgement,
  NotifyReasons,
  type NotifyResult,
  NotifyStatus,
  type PaymentService,
  paidTime,
  plainAcknowledgement,
  QR_TRADE_TIMEOUT_MS,
  tradeRef,
} from '../modules/payment';
import type { LatePayment } from '../modules/reconciliation';

/** The reason recorded for a payment settled by asking its channel rather than by its notify. */
export const QUERY_REASON = '主动查询';
/** The reason recorded for a payment settled from the channel's statement (reconciliation, ADR 036). */
export const STATEMENT_REASON = '对账补单';

export const LatePaymentMessages = {
  unknownTrade: '本店无此交易，不能补单',
  notPaid: '渠道查询显示该交易未支付，不能补单',
  notSettled: '补单未成功',
} as const;

export interface SettlePaymentDeps {
  db: Database;
  clock: Clock;
  payments: PaymentService;
  deposits: Pick<DepositService, 'credit' | 'creditRecharge' | 'cancelRecharge' | 'findRecharge'>;
  /** Tells the member their payment arrived (the messages module), in the settling transaction. */
  notify: MemberNotifier;
  /** Settled payments and turned-away notifies are counted for the metrics (GET /metrics). */
  counters?: Pick<ShopCounters, 'paymentSettled' | 'notifyRejected'>;
  /**
   * Applies a refund's state a channel reported in its pay notify (Stripe's refund events) through the refund
   * workflow (docs/decisions/035), in the notify's transaction; whether a refund changed.
   */
  applyRefund: (tx: Database, provider: string, state: ChannelRefundState) => Promise<boolean>;
}

export type SettlePaymentFlow = ReturnType<typeof createSettlePaymentFlow>;

type Answer = Omit<NotifyResult, 'tradeNo' | 'recorded'>;
type PaymentRow = Parameters<PaymentService['statusOf']>[0];

/**
 * A channel's asynchronous notify (docs/design.md 'Outside services'): verified over its raw body, then applied in one
 * transaction with the payment row locked (SELECT … FOR UPDATE). SUCCESS pays the order (or, when the order is no
 * longer unpaid, credits the deposit as an order refund, type 5) or credits the recharge; CLOSED and FAILED close
 * the payment and its recharge; a payment already settled is a duplicate and nothing changes. A forged, unknown or
 * mismatched notify is rejected and changes nothing. Every notify is recorded, except unverified ones from a
 * client address beyond the payment module's allowance.
 */
export function createSettlePaymentFlow({
  db,
  clock,
  payments,
  deposits,
  notify,
  counters = NO_COUNTERS,
  applyRefund,
}: SettlePaymentDeps) {
  /** Settles a SUCCESS notify of a locked pending payment. */
  async function settlePaid(tx: Database, payment: PaymentRow, payload: NotifyPayload): Promise<Answer> {
    if (await payments.channelTradeTaken(tx, payment, payload.channelTradeNo))
      return { outcome: 'rejected', reason: NotifyReasons.channelTradeTaken, accepted: false };
    const paidAt = paidTime(payload.paidAt, clock());
    const currency = payment.currency as Currency;
    let settlement: PaymentSettlement;
    let reason = '';
    if (payment.purpose === 'order' && payment.orderId !== null) {
      const order = await findOrderForPayment(tx, payment.orderId, { lock: true });
      const marked =
        order !== null &&
        (await markOrderPaid(tx, {
          orderId: order.id,
          payChannel: payment.channel,
          paidCurrency: currency,
          paidAmount: payment.amount,
          at: paidAt,
        }));
      if (marked) {
        settlement = 'order';
        await notify(tx, {
          memberId: payment.memberId,
          type: MessageType.TradeLogistics,
          title: `订单 ${order.orderNo} 已付款`,
          content: `订单 ${order.orderNo} 已收到在线付款 ${formatPrice(payment.amount, currency)}，我们将尽快安排发货。`,
          link: `/order/${order.id}`,
          outside: { kind: 'paid', params: { orderNo: order.orderNo } },
        });
      } else {
        // The order was cancelled, or paid another way, while the shopper paid: the money is kept for them.
        const why = order?.status === OrderStatus.Cancelled ? '已取消' : '已通过其他方式支付';
        await deposits.credit(tx, {
          memberId: payment.memberId,
          currency,
          amount: payment.amount,
          type: DepositLogType.OrderRefund,
          orderId: payment.orderId,
          paymentId: payment.id,
          note: `订单 ${order?.orderNo ?? payment.orderId} ${why}，在线支付的款项（交易号 ${payment.tradeNo}）退回余额`,
        });
        settlement = 'deposit';
        reason = `订单${why}，款项计入余额`;
        await notify(tx, {
          memberId: payment.memberId,
          type: MessageType.System,
          title: `在线付款 ${formatPrice(payment.amount, currency)} 已退回余额`,
          content: `订单 ${order?.orderNo ?? payment.orderId} ${why}，您在线支付的款项已计入账户余额。`,
          link: '/member/deposit',
        });
      }
    } else {
      const rechargeId = payment.rechargeId ?? 0;
      const credited = await deposits.creditRecharge(tx, rechargeId, { paymentId: payment.id });
      const recharge = credited ? null : await deposits.findRecharge(rechargeId, tx);
      if (credited || recharge?.status === 'credited') {
        settlement = 'recharge';
        if (credited)
          await notify(tx, {
            memberId: payment.memberId,
            type: MessageType.System,
            title: `在线充值已到账 ${formatPrice(payment.amount, currency)}`,
            content: `充值单 ${credited.rechargeNo} 已入账，当前余额 ${formatPrice(credited.balanceAfter, currency)}。`,
            link: '/member/deposit',
            outside: {
              kind: 'rechargeApproved',
              params: { amount: formatPrice(payment.amount, currency) },
            },
          });
      } else {
        // The recharge was closed meanwhile; the money still reaches the member's deposit, once (payment key).
        await deposits.credit(tx, {
          memberId: payment.memberId,
          currency,
          amount: payment.amount,
          type: DepositLogType.OnlineRecharge,
          paymentId: payment.id,
          note: `充值单 ${recharge?.rechargeNo ?? rechargeId} 已关闭，到账的款项（交易号 ${payment.tradeNo}）计入余额`,
        });
        settlement = 'deposit';
        reason = '充值单已关闭，款项计入余额';
      }
    }
    await payments.markPaid(tx, payment.id, { channelTradeNo: payload.channelTradeNo, paidAt, settlement });
    return { outcome: 'paid', reason, accepted: true };
  }

  /** Applies a verified notify to its payment, under the payment's row lock. */
  async function settle(tx: Database, providerName: string, payload: NotifyPayload): Promise<Answer> {
    const locked = await payments.lockForNotify(tx, providerName, payload);
    if ('answer' in locked) return locked.answer;
    const { payment } = locked;
    if (payload.status === NotifyStatus.Success) return settlePaid(tx, payment, payload);
    const status = payload.status === NotifyStatus.Closed ? PayStatus.Cancelled : PayStatus.Failed;
    await payments.close(tx, payment.id, status);
    if (payment.rechargeId !== null) await deposits.cancelRecharge(tx, payment.rechargeId);
    return { outcome: status, reason: '', accepted: true };
  }

  /**
   * Asks the channel where a pending payment stands and applies its answer as a notify would be, under the
   * payment's row lock (a notify arriving at the same time settles it once). The answer is recorded in
   * payment_notifies with the reason 'query'. Returns what was done; null while the trade can still be paid.
   */
  async function reconcile(payment: PaymentRow): Promise<NotifyResult | null> {
    const provider = payments.provider(payment.provider);
    if (!provider?.queryTrade || payment.status !== PayStatus.Pending) return null;
    const payload = await provider.queryTrade(tradeRef(payment));
    if (!payload || payload.tradeNo !== payment.tradeNo) return null;
    const record = Buffer.from(JSON.stringify({ query: payload }));
    const answer = await db.transaction(async (tx) => {
      const settled = await settle(tx, provider.name, payload);
      const reason = settled.reason ? `${QUERY_REASON}：${settled.reason}` : QUERY_REASON;
      await payments.recordNotify(tx, provider.name, record, { ...settled, reason }, payload);
      return settled;
    });
    if (answer.outcome === 'paid') counters.paymentSettled('online');
    return { ...answer, tradeNo: payment.tradeNo, recorded: true };
  }

  /**
   * A verified notify that is not a payment's outcome: a refund's state is applied to the refund the shop asked
   * for (a repeat changes nothing); any other event is recorded and answered as received.
   */
  async function receiveNotice(
    providerName: string,
    rawBody: Buffer,
    notice: Exclude<ChannelNotice, { kind: 'payment' }>,
  ): Promise<NotifyResult> {
    return db.transaction(async (tx) => {
      let reason: string;
      if (notice.kind === 'refund') {
        const { state } = notice;
        const changed = await applyRefund(tx, providerName, state);
        reason = `退款 ${state.refundNo}：${state.status}${changed ? '' : '（无变化）'}`;
      } else reason = `不处理的事件 ${notice.event}`;
      const result = { outcome: 'verified' as const, reason, accepted: true };
      await payments.recordNotify(tx, providerName, rawBody, result);
      return { ...result, tradeNo: notice.kind === 'refund' ? notice.tradeNo : '', recorded: true };
    });
  }

  return {
    reconcile,

    /**
     * A payment the channel's statement shows paid while the shop still has it pending (reconciliation, ADR 036):
     * a channel that can be asked is asked again, and its answer is what gets settled; a channel that cannot
     * (the sandbox) is taken at its statement, which was proven the channel's when it was fetched.
     */
    async confirmLatePayment(late: LatePayment): Promise<LatePayment> {
      const provider = payments.provider(late.provider);
      if (!provider?.queryTrade) return late;
      const payment = await payments.findByTradeNo(late.tradeNo);
      if (!payment || payment.provider !== late.provider) throw paramsError(LatePaymentMessages.unknownTrade);
      let payload: NotifyPayload | null;
      try {
        payload = await provider.queryTrade(tradeRef(payment));
      } catch (error) {
        const message = (error as { channelMessage?: string | null }).channelMessage;
        throw paramsError(`渠道查询失败${message ? `：${message}` : '，请稍后重试'}`);
      }
      if (payload?.status !== NotifyStatus.Success || payload.tradeNo !== late.tradeNo)
        throw paramsError(LatePaymentMessages.notPaid);
      return {
        provider: late.provider,
        tradeNo: payload.tradeNo,
        channelRef: payload.channelTradeNo,
        amount: payload.amount,
        currency: payload.currency,
        at: payload.paidAt ?? null,
      };
    },

    /**
     * Settles a confirmed late payment as its notify would have, in the caller's transaction (the difference is
     * marked settled in the same one), recorded in payment_notifies as '对账补单'. Throws when the payment did
     * not end paid (refused, or closed meanwhile), so nothing of the settling is kept.
     */
    async applyLatePayment(tx: Database, late: LatePayment): Promise<void> {
      const payload: NotifyPayload = {
        tradeNo: late.tradeNo,
        channelTradeNo: late.channelRef,
        status: NotifyStatus.Success,
        amount: late.amount,
        currency: late.currency,
        paidAt: late.at,
      };
      const settled = await settle(tx, late.provider, payload);
      const paid =
        settled.outcome === 'paid' ||
        (settled.outcome === 'duplicate' &&
          (await payments.lockByTradeNo(tx, late.tradeNo))?.status === PayStatus.Paid);
      if (!paid)
        throw paramsError(`${LatePaymentMessages.notSettled}${settled.reason ? `：${settled.reason}` : ''}`);
      const reason = settled.reason ? `${STATEMENT_REASON}：${settled.reason}` : STATEMENT_REASON;
      const record = Buffer.from(JSON.stringify({ statement: payload }));
      await payments.recordNotify(tx, late.provider, record, { ...settled, reason }, payload);
    },

    /** What the channel expects as the answer to its notify: its own shape, or the plain SUCCESS/FAIL text. */
    acknowledgement(
      providerName: string,
      outcome: 'accepted' | 'rejected' | 'error',
      reason = '',
    ): NotifyAcknowledgement {
      const provider = payments.provider(providerName);
      return provider?.acknowledge ? provider.acknowledge(outcome, reason) : plainAcknowledgement(outcome);
    },

    /**
     * The background sweep (app.ts, every minute): each open trade of a queryable channel older than a minute is
     * asked about, so a notify that is late or lost is replaced by the query; a QR trade still unpaid after
     * QR_TRADE_TIMEOUT_MS is closed at the channel and then in the shop. One trade's failure does not stop the
     * others. Returns how many trades it settled or closed.
     */
    async sweep(onError: (error: unknown, tradeNo: string) => void = () => {}): Promise<number> {
      let changed = 0;
      for (const payment of await payments.listOpenTrades()) {
        try {
          const result = await reconcile(payment);
          if (result) {
            changed += result.outcome === 'duplicate' ? 0 : 1;
            continue;
          }
          if (clock().getTime() - payment.createdAt.getTime() < QR_TRADE_TIMEOUT_MS) continue;
          const provider = payments.provider(payment.provider);
          if (!provider?.closeTrade || !(await provider.closeTrade(tradeRef(payment)))) continue;
          const closed = await db.transaction(async (tx) => {
            const locked = await payments.lockByTradeNo(tx, payment.tradeNo);
            if (locked?.status !== PayStatus.Pending) return false;
            await payments.close(tx, locked.id, PayStatus.Cancelled);
            if (locked.rechargeId !== null) await deposits.cancelRecharge(tx, locked.rechargeId);
            return true;
          });
          if (closed) changed += 1;
        } catch (error) {
          onError(error, payment.tradeNo);
        }
      }
      return changed;
    },

    async handleNotify(
      providerName: string,
      rawBody: Buffer,
      headers: NotifyHeaders,
      clientAddress = '',
    ): Promise<NotifyResult> {
      const verified = await payments.verifyNotify(providerName, rawBody, headers, clientAddress);
      if (!verified.ok) {
        counters.notifyRejected('signature');
        return verified.result;
      }
      const { provider, notice } = verified;
      if (notice.kind !== 'payment') return receiveNotice(provider.name, rawBody, notice);
      const { payload } = notice;
      try {
        const answer = await db.transaction(async (tx) => {
          const settled = await settle(tx, provider.name, payload);
          await payments.recordNotify(tx, providerName, rawBody, settled, payload);
          return settled;
        });
        // Committed: a paid notify settled its payment, a rejected one was refused for good.
        if (answer.outcome === 'paid') counters.paymentSettled('online');
        else if (answer.outcome === 'rejected') counters.notifyRejected('refused');
        return { ...answer, tradeNo: payload.tradeNo, recorded: true };
      } catch (error) {
        await payments
          .recordNotify(
            db,
            providerName,
            rawBody,
            { outcome: 'verified', reason: NotifyReasons.error, accepted: false },
            payload,
          )
          .catch(() => {});
        throw error;
      }
    },
  };
}
