import { randomInt } from 'node:crypto';
import {
  amountIn,
  type Currency,
  DEPOSIT_TOPUP_RETURN_PATH,
  DepositLogType,
  LOGIN_EXPIRED_MESSAGE,
  OrderStatus,
  PAY_CANCELLED_MESSAGE,
  PAY_FAILED_MESSAGE,
  PAYMENT_RESULT_PATH,
  type PaymentConfig,
  PaymentKind,
  PaymentPaths,
  type PayStart,
  PayStatus,
  type PayStatusResult,
  ResultCode,
  THIRD_PARTY_PAYMENT_RETURN_PATH,
  toMajor,
  toMinor,
} from '@shop/domain';
import type { PaymentGatewayConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { RateService } from '../cart/rate.service';
import type { DepositService } from '../member/deposit.service';
import type { AuthContext } from '../member/member.service';
import { findOrderForPayment, markOrderPaid, type PayableOrder } from '../order/order.payment';
import { createGatewayProvider } from './gateway.provider';
import {
  ChannelError,
  type ChannelTrade,
  type NotifyHeaders,
  type NotifyPayload,
  NotifyStatus,
  type PaymentProvider,
} from './payment.provider';
import * as repo from './payment.repository';
import { createSandboxChannel } from './sandbox.channel';
import { createSandboxProvider } from './sandbox.provider';

export const PaymentMessages = {
  orderNotFound: '订单不存在',
  tradeNotFound: '支付记录不存在',
  orderPaid: '订单已支付',
  orderCancelled: '订单已取消',
  orderCancelledRefunded: '订单已取消，已支付的款项已退回账户余额',
  orderNotPayable: '订单当前状态不能支付',
  methodUnavailable: '该支付方式暂不可用',
  depositMethod: '余额支付请使用余额支付方式',
  notForRecharge: '该支付方式不支持充值',
  zeroAmount: '订单金额为0，无需在线支付',
  channelUnavailable: '支付渠道暂时不可用，请稍后再试',
  cancelled: PAY_CANCELLED_MESSAGE,
  failed: PAY_FAILED_MESSAGE,
} as const;

/** A pending payment of the same order, method and amount this young is handed out again (a double click). */
export const PAYMENT_REUSE_MS = 30 * 60 * 1000;

/** A trade number: P, the time to the second (UTC) and 8 random digits. */
export function newTradeNo(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14);
  return `P${stamp}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** Where a provider's channel posts its notify. */
export function notifyPath(provider: string): string {
  return `${PaymentPaths.notify}${provider}/`;
}

/** What the shop did with a notify (payment_notifies.outcome). */
export type NotifyOutcome = 'paid' | 'duplicate' | 'cancelled' | 'failed' | 'rejected' | 'verified';

export interface NotifyResult {
  outcome: NotifyOutcome;
  reason: string;
  /** True when the channel should stop sending (answer SUCCESS); false for a rejected notify (FAIL). */
  accepted: boolean;
  tradeNo: string;
  /** False for an unverified notify beyond the per-address allowance: answered, counted, not written. */
  recorded: boolean;
}

/**
 * Unverified notifies written to payment_notifies per client address and minute. A channel that signs
 * correctly is never limited; beyond this a flood of forged notifies is answered FAIL without a row each.
 */
export const REJECTED_NOTIFY_RECORDS_PER_MINUTE = 20;

const NotifyReasons = {
  unknownProvider: '未知的支付渠道',
  badSignature: '签名无效或报文格式错误',
  unknownTrade: '交易号不存在',
  mismatch: '金额或币种与交易不符',
  channelTradeMismatch: '渠道交易号与交易不符',
  channelTradeTaken: '渠道交易号已属于另一笔交易',
  error: '处理出错，等待渠道重发',
} as const;

export interface PaymentServiceDeps {
  db: Database;
  clock: Clock;
  deposits: Pick<
    DepositService,
    'credit' | 'openOnlineRecharge' | 'creditRecharge' | 'cancelRecharge' | 'findRecharge'
  >;
  rates: Pick<RateService, 'audCny'>;
  /** The real channel's settings; configs with provider 'gateway' are unavailable without them. */
  gateway?: PaymentGatewayConfig | undefined;
  sandboxNotifyDelayMs?: number | undefined;
  /** The gateway's HTTP client (tests). */
  fetch?: typeof fetch;
  /** Counts unverified notifies per client address (REJECTED_NOTIFY_RECORDS_PER_MINUTE). */
  rateLimiter: Pick<RateLimiter, 'hit'>;
}

export type PaymentService = ReturnType<typeof createPaymentService>;

const notFound = (message: string) => new AppError(ResultCode.NotFound, message);
const refuse = (message: string, data: unknown = null) => new AppError(ResultCode.ParamsError, message, data);

/** Refuses an order that cannot be paid now (spec §4 'Order status': only NotPaid 0 is paid). */
function assertPayable(order: PayableOrder): void {
  if (order.status === OrderStatus.NotPaid && order.paidAt === null) return;
  const message =
    order.paidAt !== null || order.status >= OrderStatus.Paid
      ? PaymentMessages.orderPaid
      : order.status === OrderStatus.Cancelled
        ? PaymentMessages.orderCancelled
        : PaymentMessages.orderNotPayable;
  throw refuse(message, { status: order.status });
}

function toConfigDto(row: repo.PaymentConfigRow): PaymentConfig {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    kind: row.kind as PaymentConfig['kind'],
    currency: row.currency as Currency,
    description: row.description,
    forRecharge: row.forRecharge,
  };
}

/** The time a channel says it was paid, or now when it says nothing usable. */
function paidTime(value: string | null | undefined, now: Date): Date {
  const parsed = value ? new Date(value) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : now;
}

/** The trade numbers a notify claims, read without trusting it, so a rejected notify can still be found. */
function claimedTrade(body: string): { tradeNo: string; channelTradeNo: string } {
  try {
    const value = JSON.parse(body) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return { tradeNo: text(value.tradeNo), channelTradeNo: text(value.channelTradeNo) };
  } catch {
    return { tradeNo: '', channelTradeNo: '' };
  }
}

/**
 * Online payments of orders and deposit recharges (spec §3 'Payment', §4 'Payment by channel', §7 'Payment';
 * DESIGN.md 'Outside services, and their sandboxes'). A payment starts as a pending payments row and a trade at
 * the channel; only the channel's signed notify settles it, in one transaction with the payment row locked, so
 * a repeated or concurrent notify changes nothing twice and money that arrives for an order no longer payable
 * goes to the member's deposit instead of being lost.
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  const { db, clock, deposits, rates, rateLimiter } = deps;
  const sandbox = createSandboxChannel({ db, clock, notifyDelayMs: deps.sandboxNotifyDelayMs });
  const providers = new Map<string, PaymentProvider>();
  const sandboxProvider = createSandboxProvider(sandbox);
  providers.set(sandboxProvider.name, sandboxProvider);
  if (deps.gateway) {
    const gateway = createGatewayProvider(deps.gateway, {
      clock,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
    providers.set(gateway.name, gateway);
  }

  /** An online method the shopper may use now, with its provider; ParamsError otherwise. */
  function onlineMethod(
    config: repo.PaymentConfigRow | null,
    options: { recharge: boolean; kind?: PaymentKind },
  ): { config: repo.PaymentConfigRow; provider: PaymentProvider } {
    if (!config?.enabled) throw refuse(PaymentMessages.methodUnavailable);
    if (config.kind === PaymentKind.Deposit) throw refuse(PaymentMessages.depositMethod);
    if (options.kind !== undefined && config.kind !== options.kind)
      throw refuse(PaymentMessages.methodUnavailable);
    if (options.recharge && !config.forRecharge) throw refuse(PaymentMessages.notForRecharge);
    const provider = providers.get(config.provider);
    if (!provider) throw refuse(PaymentMessages.methodUnavailable);
    return { config, provider };
  }

  function returnUrl(kind: string, payment: repo.PaymentRow): string {
    const tradeNo = encodeURIComponent(payment.tradeNo);
    if (payment.purpose === 'recharge') return `${DEPOSIT_TOPUP_RETURN_PATH}?tradeNo=${tradeNo}`;
    // spec §2: after a third-party-page payment of the supay kinds the shopper comes back to /payment.
    const page = kind === PaymentKind.Syb ? PAYMENT_RESULT_PATH : THIRD_PARTY_PAYMENT_RETURN_PATH;
    return `${page}?orderId=${payment.orderId}&tradeNo=${tradeNo}`;
  }

  /** Opens the payment's trade at its channel and tells the storefront what to do next. */
  async function openAtChannel(
    method: { config: repo.PaymentConfigRow; provider: PaymentProvider },
    payment: repo.PaymentRow,
    subject: string,
    scene: 'PC' | 'H5',
  ): Promise<PayStart> {
    const { config, provider } = method;
    const trade: ChannelTrade = {
      tradeNo: payment.tradeNo,
      channel: config.code,
      amount: payment.amount,
      currency: payment.currency as Currency,
      subject,
      notifyUrl: notifyPath(provider.name),
      returnUrl: returnUrl(config.kind, payment),
      scene,
    };
    const start = (method: PayStart['method'], action: string, fields: Record<string, string> = {}) => ({
      tradeNo: payment.tradeNo,
      kind: config.kind as PayStart['kind'],
      method,
      action,
      fields,
      currency: payment.currency as Currency,
      amount: toMajor(payment.amount),
    });
    try {
      if (config.kind === PaymentKind.Supay) {
        const form = await provider.bridgeForm(trade);
        return start('POST', form.action, form.fields);
      }
      if (config.kind === PaymentKind.SupayProxy) return start('PROXY', await provider.proxyUrl(trade));
      const cashier = await provider.createCashier(trade);
      if (cashier.channelTradeNo) await repo.setChannelTradeNo(db, payment.id, cashier.channelTradeNo);
      return start('GET', cashier.payUrl);
    } catch (error) {
      if (!(error instanceof ChannelError)) throw error;
      throw Object.assign(new AppError(ResultCode.InternalServiceError, PaymentMessages.channelUnavailable), {
        cause: error,
      });
    }
  }

  /**
   * Closes the order's other pending trades once the shopper has chosen another method, where the channel
   * confirms the trade can no longer be paid; a trade the channel does not close stays pending and, if it is
   * paid after all, its notify still settles it (into the deposit when the order is paid by then).
   */
  async function closeSuperseded(payment: repo.PaymentRow): Promise<void> {
    if (payment.orderId === null) return;
    for (const other of await repo.listOlderPendingOrderPayments(db, payment.orderId, payment.id)) {
      const provider = providers.get(other.provider);
      if (provider?.closeTrade && (await provider.closeTrade(other.tradeNo)))
        await repo.closePayment(db, other.id, 'cancelled', clock());
    }
  }

  /**
   * Starts paying the member's unpaid order with an online method: the amount is the order's total in the
   * method's currency (stored rate). Under the order's row lock, a pending payment of the same method and amount
   * younger than 30 minutes is handed out again, so a double click opens one trade.
   */
  async function startOrderPayment(
    auth: AuthContext,
    method: { config: repo.PaymentConfigRow; provider: PaymentProvider },
    orderId: number,
    scene: 'PC' | 'H5',
  ): Promise<PayStart> {
    const { config } = method;
    const currency = config.currency as Currency;
    const now = clock();
    const { payment, orderNo, reused } = await db.transaction(async (tx) => {
      const order = await findOrderForPayment(tx, orderId, { memberId: auth.memberId, lock: true });
      if (!order) throw notFound(PaymentMessages.orderNotFound);
      assertPayable(order);
      const amount =
        order.currency === currency
          ? order.totalAmount
          : amountIn(order.totalAmount, order.currency, currency, (await rates.audCny(tx)).rate);
      if (amount <= 0) throw refuse(PaymentMessages.zeroAmount);
      const key = { memberId: auth.memberId, orderId, configId: config.id, amount };
      const reusable = await repo.findReusablePayment(tx, {
        ...key,
        since: new Date(now.getTime() - PAYMENT_REUSE_MS),
      });
      if (reusable) return { payment: reusable, orderNo: order.orderNo, reused: true };
      const inserted = await repo.insertPayment(tx, {
        ...key,
        tradeNo: newTradeNo(now),
        purpose: 'order',
        channel: config.code,
        provider: config.provider,
        currency,
        createdAt: now,
      });
      return { payment: inserted, orderNo: order.orderNo, reused: false };
    });
    const start = await openAtChannel(method, payment, `订单 ${orderNo}`, scene);
    if (!reused) await closeSuperseded(payment);
    return start;
  }

  /**
   * Starts an online recharge of the deposit (type 7): the recharge and its payment are written in one
   * transaction; the deposit is credited only when the channel's notify says it was paid.
   */
  async function startRecharge(
    auth: AuthContext,
    method: { config: repo.PaymentConfigRow; provider: PaymentProvider },
    amount: number,
  ): Promise<PayStart> {
    const { config } = method;
    const currency = config.currency as Currency;
    const now = clock();
    const { payment, rechargeNo } = await db.transaction(async (tx) => {
      await repo.lockMemberRecharges(tx, auth.memberId);
      const key = { memberId: auth.memberId, configId: config.id, amount };
      const reusable = await repo.findReusablePayment(tx, {
        ...key,
        orderId: null,
        since: new Date(now.getTime() - PAYMENT_REUSE_MS),
      });
      if (reusable?.rechargeId) {
        const recharge = await deposits.findRecharge(reusable.rechargeId, tx);
        if (recharge?.status === 'pending') return { payment: reusable, rechargeNo: recharge.rechargeNo };
      }
      const recharge = await deposits.openOnlineRecharge(tx, { memberId: auth.memberId, currency, amount });
      const inserted = await repo.insertPayment(tx, {
        ...key,
        tradeNo: newTradeNo(now),
        purpose: 'recharge',
        rechargeId: recharge.rechargeId,
        channel: config.code,
        provider: config.provider,
        currency,
        createdAt: now,
      });
      return { payment: inserted, rechargeNo: recharge.rechargeNo };
    });
    return openAtChannel(method, payment, `账户充值 ${rechargeNo}`, 'PC');
  }

  /** A payment's status for the storefront; a cancelled or failed one is an error (spec §8 PayCancel, PayFailed). */
  async function paymentStatus(payment: repo.PaymentRow): Promise<PayStatusResult> {
    if (payment.status === PayStatus.Cancelled)
      throw new AppError(ResultCode.PayCancel, PaymentMessages.cancelled, { tradeNo: payment.tradeNo });
    if (payment.status === PayStatus.Failed)
      throw new AppError(ResultCode.PayFailed, PaymentMessages.failed, { tradeNo: payment.tradeNo });
    const [order, recharge] = await Promise.all([
      payment.orderId === null ? null : findOrderForPayment(db, payment.orderId),
      payment.rechargeId === null ? null : deposits.findRecharge(payment.rechargeId),
    ]);
    const paid = payment.status === PayStatus.Paid;
    return {
      status: paid ? PayStatus.Paid : PayStatus.Pending,
      purpose: payment.purpose as PayStatusResult['purpose'],
      tradeNo: payment.tradeNo,
      orderId: payment.orderId,
      orderNo: order?.orderNo ?? null,
      rechargeNo: recharge?.rechargeNo ?? null,
      currency: payment.currency as Currency,
      amount: toMajor(payment.amount),
      paidAt: payment.paidAt ? payment.paidAt.toISOString() : null,
      settlement: paid ? (payment.settlement as repo.PaymentSettlement | null) : null,
    };
  }

  /** Settles a SUCCESS notify of a locked pending payment. */
  async function settlePaid(
    tx: Database,
    payment: repo.PaymentRow,
    payload: NotifyPayload,
  ): Promise<Omit<NotifyResult, 'tradeNo' | 'recorded'>> {
    const taken = await repo.findOtherByChannelTradeNo(tx, {
      provider: payment.provider,
      channelTradeNo: payload.channelTradeNo,
      exceptId: payment.id,
    });
    if (taken) return { outcome: 'rejected', reason: NotifyReasons.channelTradeTaken, accepted: false };
    const paidAt = paidTime(payload.paidAt, clock());
    const currency = payment.currency as Currency;
    let settlement: repo.PaymentSettlement;
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
      }
    } else {
      const rechargeId = payment.rechargeId ?? 0;
      const credited = await deposits.creditRecharge(tx, rechargeId, { paymentId: payment.id });
      const recharge = credited ? null : await deposits.findRecharge(rechargeId, tx);
      if (credited || recharge?.status === 'credited') {
        settlement = 'recharge';
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
    await repo.markPaymentPaid(tx, payment.id, {
      channelTradeNo: payload.channelTradeNo,
      paidAt,
      settlement,
    });
    return { outcome: 'paid', reason, accepted: true };
  }

  /** Applies a verified notify to its payment, under the payment's row lock. */
  async function settle(
    tx: Database,
    provider: string,
    payload: NotifyPayload,
  ): Promise<Omit<NotifyResult, 'tradeNo' | 'recorded'>> {
    const rejected = (reason: string) => ({ outcome: 'rejected' as const, reason, accepted: false });
    const payment = await repo.lockPaymentByTradeNo(tx, payload.tradeNo);
    if (!payment || payment.provider !== provider) return rejected(NotifyReasons.unknownTrade);
    if (payment.amount !== payload.amount || payment.currency !== payload.currency)
      return rejected(
        `${NotifyReasons.mismatch}：通知 ${payload.currency} ${payload.amount}，交易 ${payment.currency} ${payment.amount}`,
      );
    if (payment.channelTradeNo !== null && payment.channelTradeNo !== payload.channelTradeNo)
      return rejected(NotifyReasons.channelTradeMismatch);
    if (payment.status !== PayStatus.Pending)
      return { outcome: 'duplicate', reason: `交易已是 ${payment.status}`, accepted: true };
    if (payload.status === NotifyStatus.Success) return settlePaid(tx, payment, payload);
    const status = payload.status === NotifyStatus.Closed ? PayStatus.Cancelled : PayStatus.Failed;
    await repo.closePayment(tx, payment.id, status, clock());
    if (payment.rechargeId !== null) await deposits.cancelRecharge(tx, payment.rechargeId);
    return { outcome: status, reason: '', accepted: true };
  }

  return {
    /** The sandbox channel (its pages are served by the payment routes). */
    sandbox,

    /** Resolves once the sandbox has delivered every notify it scheduled (tests, shutdown). */
    idle: () => sandbox.idle(),

    /** The enabled payment methods where `supportWebsite` says, in the operator's order (spec §7 paymentConfigList/). */
    async configList(supportWebsite: boolean): Promise<PaymentConfig[]> {
      return (await repo.listEnabledConfigs(db, supportWebsite)).map(toConfigDto);
    },

    /**
     * The exchange rate (spec §7 ratePrice/) and, with an orderId, the member's order's amount due in the chosen
     * currency (the order's own when none is chosen), converted with that rate. The order needs login.
     */
    async ratePrice(auth: AuthContext | null, input: { orderId?: number | undefined; currency?: Currency }) {
      const rate = await rates.audCny();
      if (input.orderId === undefined) return rate;
      if (!auth) throw new AppError(ResultCode.InvalidToken, LOGIN_EXPIRED_MESSAGE);
      const order = await findOrderForPayment(db, input.orderId, { memberId: auth.memberId });
      if (!order) throw notFound(PaymentMessages.orderNotFound);
      const currency = input.currency ?? order.currency;
      return {
        ...rate,
        order: {
          orderId: order.id,
          orderNo: order.orderNo,
          orderCurrency: order.currency,
          orderPrice: toMajor(order.totalAmount),
          currency,
          price: toMajor(amountIn(order.totalAmount, order.currency, currency, rate.rate)),
        },
      };
    },

    /** Pays the member's order through the A01 or W01 cashier (spec §7 payBySyb/, §9 payment type codes). */
    async payBySyb(
      auth: AuthContext,
      input: { orderId: number; type: string; paymentType: 'PC' | 'H5' },
    ): Promise<PayStart> {
      const method = onlineMethod(await repo.findConfig(db, { code: input.type }), {
        recharge: false,
        kind: PaymentKind.Syb,
      });
      return startOrderPayment(auth, method, input.orderId, input.paymentType);
    },

    /**
     * Pays the member's order, or recharges their deposit, with any online method (spec §7 supayParam/, §4
     * 'Payment by channel'): a form to post to the bridge (supay), a proxy to call (supay_proxy) or a cashier
     * page (syb).
     */
    async supayParam(
      auth: AuthContext,
      input: {
        orderId?: number | undefined;
        type?: 'order' | 'recharge' | undefined;
        money?: number | undefined;
        methodId: number;
      },
    ): Promise<PayStart> {
      const recharge = input.type === 'recharge';
      const method = onlineMethod(await repo.findConfig(db, { id: input.methodId }), { recharge });
      if (recharge) return startRecharge(auth, method, toMinor(input.money ?? 0));
      return startOrderPayment(auth, method, input.orderId ?? 0, 'PC');
    },

    /**
     * The status of the member's payment (spec §7 findPayStatus/): by trade number, or by order, where an order
     * that is paid (whatever paid it) answers paid, else its latest payment decides, else it is pending.
     * Cancelled and failed payments answer PayCancel and PayFailed (spec §8).
     */
    async payStatus(
      auth: AuthContext,
      input: { tradeNo?: string | undefined; orderId?: number | undefined },
    ): Promise<PayStatusResult> {
      if (input.tradeNo !== undefined) {
        const payment = await repo.findMemberPayment(db, auth.memberId, input.tradeNo);
        if (!payment || (input.orderId !== undefined && payment.orderId !== input.orderId))
          throw notFound(PaymentMessages.tradeNotFound);
        return paymentStatus(payment);
      }
      const order = await findOrderForPayment(db, input.orderId ?? 0, { memberId: auth.memberId });
      if (!order) throw notFound(PaymentMessages.orderNotFound);
      const deciding = await repo.findDecidingOrderPayment(db, order.id);
      const base = {
        purpose: 'order' as const,
        orderId: order.id,
        orderNo: order.orderNo,
        rechargeNo: null,
      };
      if (order.paidAt !== null) {
        const byPayment = deciding?.settlement === 'order' ? deciding : null;
        return {
          ...base,
          status: PayStatus.Paid,
          tradeNo: byPayment?.tradeNo ?? null,
          currency: order.paidCurrency ?? order.currency,
          amount: toMajor(order.paidAmount ?? order.totalAmount),
          paidAt: order.paidAt.toISOString(),
          settlement: 'order',
        };
      }
      if (deciding?.status === PayStatus.Cancelled || deciding?.status === PayStatus.Failed)
        return paymentStatus(deciding);
      if (order.status === OrderStatus.Cancelled)
        throw refuse(
          deciding?.status === PayStatus.Paid
            ? PaymentMessages.orderCancelledRefunded
            : PaymentMessages.orderCancelled,
          { status: order.status },
        );
      return {
        ...base,
        status: PayStatus.Pending,
        tradeNo: deciding?.tradeNo ?? null,
        currency: (deciding?.currency as Currency | undefined) ?? order.currency,
        amount: toMajor(deciding?.amount ?? order.totalAmount),
        paidAt: null,
        settlement: null,
      };
    },

    /**
     * A channel's asynchronous notify (DESIGN.md 'Outside services'): verified over its raw body, then applied
     * in one transaction with the payment row locked (SELECT … FOR UPDATE). SUCCESS pays the order (or, when the
     * order is no longer unpaid, credits the deposit as an order refund, type 5) or credits the recharge; CLOSED
     * and FAILED close the payment and its recharge; a payment already settled is a duplicate and nothing
     * changes. A forged, unknown or mismatched notify is rejected and changes nothing. Every notify is recorded,
     * except unverified ones from a client address beyond REJECTED_NOTIFY_RECORDS_PER_MINUTE.
     */
    async handleNotify(
      providerName: string,
      rawBody: Buffer,
      headers: NotifyHeaders,
      clientAddress = '',
    ): Promise<NotifyResult> {
      const body = rawBody.toString('utf8');
      const claimed = claimedTrade(body);
      const record = (
        executor: Database,
        result: Omit<NotifyResult, 'tradeNo' | 'recorded'>,
        payload?: NotifyPayload,
      ) =>
        repo.insertNotify(executor, {
          provider: providerName.slice(0, 16),
          tradeNo: (payload?.tradeNo ?? claimed.tradeNo).slice(0, 32),
          channelTradeNo: (payload?.channelTradeNo ?? claimed.channelTradeNo).slice(0, 64),
          outcome: result.outcome,
          reason: result.reason.slice(0, 200),
          body: body.slice(0, 20_000),
          receivedAt: clock(),
        });
      const provider = providers.get(providerName);
      const payload = provider ? await provider.verifyNotify(rawBody, headers) : null;
      if (!provider || !payload) {
        const result = {
          outcome: 'rejected' as const,
          reason: provider ? NotifyReasons.badSignature : NotifyReasons.unknownProvider,
          accepted: false,
        };
        const seen = await rateLimiter.hit(`notify-rejected:${clientAddress}`, 60_000);
        const recorded = seen <= REJECTED_NOTIFY_RECORDS_PER_MINUTE;
        if (recorded) await record(db, result);
        return { ...result, tradeNo: claimed.tradeNo, recorded };
      }
      try {
        const result = await db.transaction(async (tx) => {
          const settled = await settle(tx, provider.name, payload);
          await record(tx, settled, payload);
          return settled;
        });
        return { ...result, tradeNo: payload.tradeNo, recorded: true };
      } catch (error) {
        await record(
          db,
          { outcome: 'verified', reason: NotifyReasons.error, accepted: false },
          payload,
        ).catch(() => {});
        throw error;
      }
    },
  };
}
