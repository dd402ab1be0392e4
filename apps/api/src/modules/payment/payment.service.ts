import { randomInt } from 'node:crypto';
import {
  type Currency,
  DEPOSIT_TOPUP_RETURN_PATH,
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
} from '@shop/domain';
import type { Database } from '../../db/client';
import { AppError, paramsError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { qrImage } from '../../lib/qr-image';
import type { RateLimiter } from '../../lib/rate-limiter';
import * as books from './payment.books';
import {
  ChannelError,
  type ChannelNotice,
  type ChannelTrade,
  type NotifyHeaders,
  type NotifyPayload,
  NotifyRefused,
  type PaymentProvider,
  type TradeRef,
} from './payment.provider';
import type { PaymentProviders } from './payment.providers';
import * as repo from './payment.repository';

export const PaymentMessages = {
  orderNotFound: '订单不存在',
  tradeNotFound: '支付记录不存在',
  orderPaid: '订单已支付',
  orderCancelled: '订单已取消',
  orderCancelledRefunded: '订单已取消，已支付的款项已退回账户余额',
  orderNotPayable: '订单当前状态不能支付',
  methodUnavailable: '该支付方式暂不可用',
  depositMethod: '余额支付请使用余额支付方式',
  accountMethod: '账期支付请使用账期支付方式',
  notForRecharge: '该支付方式不支持充值',
  zeroAmount: '订单金额为0，无需在线支付',
  channelUnavailable: '支付渠道暂时不可用，请稍后再试',
  cancelled: PAY_CANCELLED_MESSAGE,
  failed: PAY_FAILED_MESSAGE,
} as const;

/** The storefront's poll asks the channel about one trade at most once in this long (findPayStatus/). */
export const TRADE_QUERY_INTERVAL_MS = 5_000;

/** A QR trade unpaid this long is closed at its channel (WeChat Pay's code_url lasts two hours). */
export const QR_TRADE_TIMEOUT_MS = 2 * 60 * 60 * 1000;

/** The sweep leaves a trade this young to its notify, and stops asking after a day. */
export const SWEEP_MIN_AGE_MS = 60_000;
export const SWEEP_MAX_AGE_MS = 24 * 60 * 60 * 1000;

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

export const NotifyReasons = {
  unknownProvider: '未知的支付渠道',
  badSignature: '签名无效或报文格式错误',
  unknownTrade: '交易号不存在',
  mismatch: '金额或币种与交易不符',
  notOurs: '渠道签名的通知不属于本店',
  channelTradeMismatch: '渠道交易号与交易不符',
  channelTradeTaken: '渠道交易号已属于另一笔交易',
  error: '处理出错，等待渠道重发',
} as const;

/** An online method the shopper may use now, with the provider that collects for it. */
export interface OnlineMethod {
  config: repo.PaymentConfigRow;
  provider: PaymentProvider;
}

export interface PaymentServiceDeps {
  db: Database;
  clock: Clock;
  providers: PaymentProviders;
  /** Counts unverified notifies per client address (REJECTED_NOTIFY_RECORDS_PER_MINUTE). */
  rateLimiter: Pick<RateLimiter, 'hit'>;
  /**
   * A member's company credit available per currency, or null when on account is not theirs to use (no company,
   * a viewer, no credit, an overdue invoice): the credit module, through services.ts (issue #38).
   */
  accountCredit?: (memberId: number) => Promise<OnAccountCredit[] | null>;
}

/** What paymentConfigList/ tells a company member of their credit (issue #38). */
export interface OnAccountCredit {
  currency: Currency;
  available: number;
  termsDays: number;
}

export type PaymentService = ReturnType<typeof createPaymentService>;

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
export function paidTime(value: string | null | undefined, now: Date): Date {
  const parsed = value ? new Date(value) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : now;
}

/** What a channel's follow-up calls (query, close, refund) need of a payment. */
export function tradeRef(payment: repo.PaymentRow): TradeRef {
  return {
    tradeNo: payment.tradeNo,
    channel: payment.channel,
    amount: payment.amount,
    currency: payment.currency as Currency,
    channelTradeNo: payment.channelTradeNo,
    openedAt: payment.createdAt,
  };
}

/** The trade numbers a notify claims, read without trusting it, so a rejected notify can still be found. */
function claimedTrade(body: string): { tradeNo: string; channelTradeNo: string } {
  // Alipay posts its notify as a form (out_trade_no, trade_no); the shop's own channels as JSON.
  if (!body.trimStart().startsWith('{')) {
    const form = new URLSearchParams(body);
    return { tradeNo: form.get('out_trade_no') ?? '', channelTradeNo: form.get('trade_no') ?? '' };
  }
  try {
    const value = JSON.parse(body) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    // Stripe's event: data.object is the PaymentIntent (or refund), our trade number in its metadata.
    const object = (value.data as { object?: { id?: unknown; metadata?: { tradeNo?: unknown } } } | undefined)
      ?.object;
    return {
      tradeNo: text(value.tradeNo) || text(object?.metadata?.tradeNo),
      channelTradeNo: text(value.channelTradeNo) || text(object?.id),
    };
  } catch {
    return { tradeNo: '', channelTradeNo: '' };
  }
}

/**
 * The payment module (spec §3 'Payment', §4 'Payment by channel', §7 'Payment'; docs/design.md 'Outside services, and
 * their sandboxes'): the methods, the payments made through a channel and the channels' notifies. A payment
 * starts as a pending payments row and a trade at the channel; only the channel's signed notify settles it. What
 * a payment pays for (an order, a recharge) is the business of the workflows that start and settle it
 * (workflows/online-payment.ts, workflows/settle-payment.ts).
 */
export function createPaymentService({
  db,
  clock,
  providers,
  rateLimiter,
  accountCredit = async () => null,
}: PaymentServiceDeps) {
  /** An online method the shopper may use now, with its provider; ParamsError otherwise. */
  function onlineMethod(
    config: repo.PaymentConfigRow | null,
    options: { recharge: boolean; kind?: PaymentKind },
  ): OnlineMethod {
    if (!config?.enabled) throw paramsError(PaymentMessages.methodUnavailable);
    if (config.kind === PaymentKind.Deposit) throw paramsError(PaymentMessages.depositMethod);
    if (config.kind === PaymentKind.Account) throw paramsError(PaymentMessages.accountMethod);
    if (options.kind !== undefined && config.kind !== options.kind)
      throw paramsError(PaymentMessages.methodUnavailable);
    if (options.recharge && !config.forRecharge) throw paramsError(PaymentMessages.notForRecharge);
    const provider = providers.get(config.provider);
    if (!provider) throw paramsError(PaymentMessages.methodUnavailable);
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
    method: OnlineMethod,
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
      channel: config.code,
      method,
      action,
      fields,
      currency: payment.currency as Currency,
      amount: toMajor(payment.amount),
    });
    // The channel's cashier is a QR code the shop draws itself (no third-party image, nothing new in the CSP).
    const qrStart = (qrCode: string) => ({ ...start('QR', qrCode), qrImage: qrImage(qrCode) });
    try {
      if (provider.openTrade) {
        const opened = await provider.openTrade(trade);
        await repo.setChannelTradeNo(db, payment.id, opened.channelTradeNo);
        // A page of the channel is opened by a plain navigation (GET): nothing new in the CSP either.
        return 'qrCode' in opened ? qrStart(opened.qrCode) : start('GET', opened.redirectUrl);
      }
      if (provider.openQr && (provider.paysByQr?.(trade) ?? true)) {
        // The channel's cashier is a QR code the shop draws itself (no third-party image, nothing new in the CSP).
        const qr = await provider.openQr(trade);
        if (qr.channelTradeNo) await repo.setChannelTradeNo(db, payment.id, qr.channelTradeNo);
        return qrStart(qr.qrCode);
      }
      if (config.kind === PaymentKind.Supay) {
        const form = await provider.bridgeForm(trade);
        return start('POST', form.action, form.fields);
      }
      if (config.kind === PaymentKind.SupayProxy) return start('PROXY', await provider.proxyUrl(trade));
      if (provider.cashierForm) {
        // The shopper's browser posts the channel's signed form (form-action allows the channel's origin).
        const form = await provider.cashierForm(trade);
        return start('POST', form.action, form.fields);
      }
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
      if (provider?.closeTrade && (await provider.closeTrade(tradeRef(other))))
        await repo.closePayment(db, other.id, 'cancelled', clock());
    }
  }

  /**
   * A payment's status for the storefront. Cancelled and failed are outcomes the shopper expects to see, so they
   * are answered as data with their catalogue code (spec §8 PayCancel 1021, PayFailed 1022), not as an error.
   */
  async function paymentStatus(
    payment: repo.PaymentRow,
    names: { orderNo: string | null; rechargeNo: string | null },
  ): Promise<PayStatusResult> {
    const paid = payment.status === PayStatus.Paid;
    const status: PayStatusResult['status'] =
      payment.status === PayStatus.Cancelled || payment.status === PayStatus.Failed || paid
        ? (payment.status as PayStatusResult['status'])
        : PayStatus.Pending;
    return {
      status,
      purpose: payment.purpose as PayStatusResult['purpose'],
      tradeNo: payment.tradeNo,
      orderId: payment.orderId,
      orderNo: names.orderNo,
      rechargeNo: names.rechargeNo,
      currency: payment.currency as Currency,
      amount: toMajor(payment.amount),
      paidAt: payment.paidAt ? payment.paidAt.toISOString() : null,
      settlement: paid ? (payment.settlement as repo.PaymentSettlement | null) : null,
      failure:
        status === PayStatus.Cancelled
          ? { resultCode: ResultCode.PayCancel, message: PaymentMessages.cancelled }
          : status === PayStatus.Failed
            ? { resultCode: ResultCode.PayFailed, message: PaymentMessages.failed }
            : null,
    };
  }

  /** Records a notify and what the shop did with it (payment_notifies). */
  async function recordNotify(
    executor: Database,
    providerName: string,
    rawBody: Buffer,
    result: Omit<NotifyResult, 'tradeNo' | 'recorded'>,
    payload?: NotifyPayload,
  ): Promise<void> {
    const body = rawBody.toString('utf8');
    const claimed = claimedTrade(body);
    await repo.insertNotify(executor, {
      provider: providerName.slice(0, 16),
      tradeNo: (payload?.tradeNo ?? claimed.tradeNo).slice(0, 32),
      channelTradeNo: (payload?.channelTradeNo ?? claimed.channelTradeNo).slice(0, 64),
      outcome: result.outcome,
      reason: result.reason.slice(0, 200),
      body: body.slice(0, 20_000),
      receivedAt: clock(),
    });
  }

  return {
    sandbox: providers.sandbox,
    idle: () => providers.idle(),

    /**
     * The enabled payment methods where `supportWebsite` says, in the operator's order (spec §7
     * paymentConfigList/). On account is offered only to a company member with credit to use (`memberId`).
     */
    async configList(supportWebsite: boolean, memberId?: number): Promise<PaymentConfig[]> {
      const rows = await repo.listEnabledConfigs(db, supportWebsite);
      const account = rows.some((row) => row.kind === PaymentKind.Account);
      const credit = account && memberId !== undefined ? await accountCredit(memberId) : null;
      // A method whose provider is not running here (the sandbox in production, the gateway unconfigured) would
      // only fail when chosen: it is not offered.
      return rows.flatMap((row) => {
        if (row.kind === PaymentKind.Account) return credit ? [{ ...toConfigDto(row), credit }] : [];
        return row.kind === PaymentKind.Deposit || providers.has(row.provider) ? [toConfigDto(row)] : [];
      });
    },

    /**
     * Every enabled method with the provider that collects for it and whether that provider runs here: what the
     * server's start log reports, so an operator sees at once which methods take real money.
     */
    /** An order's payment attempts, newest first (the console's order detail). */
    orderPayments(orderId: number): Promise<repo.PaymentRow[]> {
      return repo.listOrderPayments(db, orderId);
    },

    async liveMethods(): Promise<{ code: string; name: string; provider: string; live: boolean }[]> {
      const rows = [
        ...(await repo.listEnabledConfigs(db, true)),
        ...(await repo.listEnabledConfigs(db, false)),
      ];
      return rows.map((row) => ({
        code: row.code,
        name: row.name,
        provider: row.kind === PaymentKind.Deposit ? 'deposit' : row.provider,
        live:
          row.kind === PaymentKind.Deposit || row.kind === PaymentKind.Account || providers.has(row.provider),
      }));
    },

    /** The online method by its code or id that the shopper may use now; ParamsError otherwise. */
    async method(
      key: { code: string } | { id: number },
      options: { recharge: boolean; kind?: PaymentKind },
    ): Promise<OnlineMethod> {
      return onlineMethod(await repo.findConfig(db, key), options);
    },

    /**
     * A pending payment of the same thing (an order, or the member's recharges), method and amount younger than
     * PAYMENT_REUSE_MS, to hand out again instead of opening a second trade (a double click); on the caller's
     * transaction, which holds the lock that orders such requests.
     */
    findReusable(
      tx: Database,
      key: { memberId: number; orderId: number | null; configId: number; amount: number },
    ): Promise<repo.PaymentRow | null> {
      return repo.findReusablePayment(tx, { ...key, since: new Date(clock().getTime() - PAYMENT_REUSE_MS) });
    },

    /** A new pending payment of an order or a recharge through the method, on the caller's transaction. */
    open(
      tx: Database,
      input: {
        memberId: number;
        method: OnlineMethod;
        amount: number;
        purpose: 'order' | 'recharge';
        orderId?: number | null;
        rechargeId?: number | null;
      },
    ): Promise<repo.PaymentRow> {
      const now = clock();
      const { config } = input.method;
      return repo.insertPayment(tx, {
        memberId: input.memberId,
        orderId: input.orderId ?? null,
        ...(input.rechargeId !== undefined ? { rechargeId: input.rechargeId } : {}),
        configId: config.id,
        amount: input.amount,
        tradeNo: newTradeNo(now),
        purpose: input.purpose,
        channel: config.code,
        provider: config.provider,
        currency: config.currency,
        createdAt: now,
      });
    },

    /** Serializes one member's recharge starts (a double click) for the rest of the transaction. */
    lockMemberRecharges: (tx: Database, memberId: number) => repo.lockMemberRecharges(tx, memberId),

    /** Opens the payment's trade at its channel and tells the storefront what to do next. */
    startAtChannel: openAtChannel,

    /** Closes the order's older pending trades that the channel confirms can no longer be paid. */
    closeSuperseded,

    /**
     * Closes a cancelled order's pending trades at the channels that can be asked where a trade stands (WeChat
     * Pay): such a channel refuses to close a trade already paid, so a close it confirms means no money can
     * come. One it does not close stays pending: if it is paid after all, its notify (or the sweep's query)
     * credits the member's deposit (the order is cancelled). The shop's own channels (sandbox, gateway) keep
     * ADR 007's way: their trade stays open and money that still comes lands in the deposit. Returns how many
     * were closed.
     */
    async closeOrderTrades(orderId: number): Promise<number> {
      let closed = 0;
      for (const payment of await repo.listPendingOrderPayments(db, orderId)) {
        const provider = providers.get(payment.provider);
        if (!provider?.queryTrade) continue;
        if (provider.closeTrade && (await provider.closeTrade(tradeRef(payment)))) {
          if (await repo.closePayment(db, payment.id, 'cancelled', clock())) closed += 1;
        }
      }
      return closed;
    },

    /** The member's payment by its trade number; null when unknown or another member's. */
    findMemberPayment: (memberId: number, tradeNo: string) => repo.findMemberPayment(db, memberId, tradeNo),

    /** The order's payment that decides its pay status: the paid one, else the latest. */
    findDecidingOrderPayment: (orderId: number) => repo.findDecidingOrderPayment(db, orderId),

    /** A payment's status for the storefront, with the numbers of what it paid for. */
    statusOf: paymentStatus,

    /**
     * Verifies a channel's notify over its raw body. A forged or unreadable one is rejected and recorded, except
     * from a client address beyond REJECTED_NOTIFY_RECORDS_PER_MINUTE (then only answered and counted).
     */
    async verifyNotify(
      providerName: string,
      rawBody: Buffer,
      headers: NotifyHeaders,
      clientAddress: string,
    ): Promise<
      { ok: true; provider: PaymentProvider; notice: ChannelNotice } | { ok: false; result: NotifyResult }
    > {
      const provider = providers.get(providerName);
      let notice: ChannelNotice | null = null;
      try {
        notice = !provider
          ? null
          : provider.readNotify
            ? await provider.readNotify(rawBody, headers)
            : await provider
                .verifyNotify(rawBody, headers)
                .then((payload) => (payload ? ({ kind: 'payment', payload } as const) : null));
      } catch (error) {
        if (!(error instanceof NotifyRefused)) throw error;
        // Signed by the channel, so never a flood to hold back: always recorded.
        const refused = {
          outcome: 'rejected' as const,
          reason: `${NotifyReasons.notOurs}：${error.message}`,
          accepted: false,
        };
        await recordNotify(db, providerName, rawBody, refused);
        const { tradeNo } = claimedTrade(rawBody.toString('utf8'));
        return { ok: false, result: { ...refused, tradeNo, recorded: true } };
      }
      if (provider && notice) return { ok: true, provider, notice };
      const result = {
        outcome: 'rejected' as const,
        reason: provider ? NotifyReasons.badSignature : NotifyReasons.unknownProvider,
        accepted: false,
      };
      const claimed = claimedTrade(rawBody.toString('utf8'));
      const seen = await rateLimiter.hit(`notify-rejected:${clientAddress}`, 60_000);
      const recorded = seen <= REJECTED_NOTIFY_RECORDS_PER_MINUTE;
      if (recorded) await recordNotify(db, providerName, rawBody, result);
      return { ok: false, result: { ...result, tradeNo: claimed.tradeNo, recorded } };
    },

    /**
     * The pending payment a verified notify is about, locked for the caller's transaction (SELECT … FOR UPDATE),
     * or what to answer instead: rejected when unknown or when the amount, currency or channel trade number do
     * not match; a duplicate when the payment is settled already.
     */
    async lockForNotify(
      tx: Database,
      providerName: string,
      payload: NotifyPayload,
    ): Promise<{ payment: repo.PaymentRow } | { answer: Omit<NotifyResult, 'tradeNo' | 'recorded'> }> {
      const rejected = (reason: string) => ({
        answer: { outcome: 'rejected' as const, reason, accepted: false },
      });
      const payment = await repo.lockPaymentByTradeNo(tx, payload.tradeNo);
      if (!payment || payment.provider !== providerName) return rejected(NotifyReasons.unknownTrade);
      if (payment.amount !== payload.amount || payment.currency !== payload.currency)
        return rejected(
          `${NotifyReasons.mismatch}：通知 ${payload.currency} ${payload.amount}，交易 ${payment.currency} ${payment.amount}`,
        );
      if (payment.channelTradeNo !== null && payment.channelTradeNo !== payload.channelTradeNo)
        return rejected(NotifyReasons.channelTradeMismatch);
      if (payment.status !== PayStatus.Pending)
        return { answer: { outcome: 'duplicate', reason: `交易已是 ${payment.status}`, accepted: true } };
      return { payment };
    },

    /** True when another payment of the provider already holds this channel trade number. */
    async channelTradeTaken(
      tx: Database,
      payment: repo.PaymentRow,
      channelTradeNo: string,
    ): Promise<boolean> {
      const other = await repo.findOtherByChannelTradeNo(tx, {
        provider: payment.provider,
        channelTradeNo,
        exceptId: payment.id,
      });
      return other !== null;
    },

    /** Marks the payment paid with what it settled (caller's transaction). */
    markPaid(
      tx: Database,
      paymentId: number,
      input: { channelTradeNo: string; paidAt: Date; settlement: repo.PaymentSettlement },
    ): Promise<boolean> {
      return repo.markPaymentPaid(tx, paymentId, input);
    },

    /** Closes a pending payment as cancelled or failed (caller's transaction). */
    close(tx: Database, paymentId: number, status: 'cancelled' | 'failed'): Promise<boolean> {
      return repo.closePayment(tx, paymentId, status, clock());
    },

    /** Records a notify and what the shop did with it (payment_notifies). */
    recordNotify,

    /** The running provider of this name (undefined when it does not run here). */
    provider: (name: string) => providers.get(name),

    /** Every provider running here. */
    runningProviders: () => providers.all(),

    /**
     * True when the shop may ask the channel about this trade now: once per TRADE_QUERY_INTERVAL_MS per trade,
     * however many pages poll it (the channel limits the merchant's queries).
     */
    async mayQuery(tradeNo: string): Promise<boolean> {
      return (await rateLimiter.hit(`trade-query:${tradeNo}`, TRADE_QUERY_INTERVAL_MS)) <= 1;
    },

    /** The open trades of providers that can be queried, opened between SWEEP_MAX_AGE_MS and SWEEP_MIN_AGE_MS ago. */
    listOpenTrades(limit = 100): Promise<repo.PaymentRow[]> {
      const now = clock().getTime();
      const queryable = providers
        .all()
        .filter((p) => p.queryTrade)
        .map((p) => p.name);
      return repo.listPendingPayments(db, {
        providers: queryable,
        since: new Date(now - SWEEP_MAX_AGE_MS),
        before: new Date(now - SWEEP_MIN_AGE_MS),
        limit,
      });
    },

    /**
     * pay:check: asks each queryable provider, in each currency, about a trade that does not exist. A signed
     * "not found" proves the merchant's key, the serial and WeChat Pay's public key are right; anything else is
     * reported with the channel's words.
     */
    async checkChannels(): Promise<{ provider: string; currency: Currency; ok: boolean; message: string }[]> {
      const out: { provider: string; currency: Currency; ok: boolean; message: string }[] = [];
      for (const provider of providers.all()) {
        if (!provider.queryTrade) continue;
        for (const currency of provider.currencies ?? (['CNY', 'AUD'] as const)) {
          try {
            await provider.queryTrade({
              tradeNo: newTradeNo(clock()),
              channel: 'check',
              amount: 1,
              currency,
            });
            out.push({ provider: provider.name, currency, ok: true, message: '' });
          } catch (error) {
            out.push({ provider: provider.name, currency, ok: false, message: (error as Error).message });
          }
        }
      }
      return out;
    },

    /** The payment by trade number (any state), or null. */
    findByTradeNo: (tradeNo: string) => books.findPaymentByTradeNo(db, tradeNo),

    /** The shop's books of a channel's day, for reconciliation (payment.books.ts). */
    booksOfDay: (input: Omit<Parameters<typeof books.dayBooks>[1], never>) => books.dayBooks(db, input),

    /** The payment by trade number, locked for the caller's transaction. */
    lockByTradeNo: (tx: Database, tradeNo: string) => repo.lockPaymentByTradeNo(tx, tradeNo),
  };
}
