import type { Currency } from '@shop/domain';
import Stripe from 'stripe';
import type { StripeConfig } from '../../config/env';
import type { Clock } from '../../lib/clock';
import {
  ChannelError,
  type ChannelNotice,
  type ChannelRefundState,
  type ChannelTrade,
  headerValue,
  type NotifyAcknowledgement,
  type NotifyHeaders,
  type NotifyPayload,
  NotifyStatus,
  type OpenedTrade,
  type PaymentProvider,
  type StatementLine,
  type TradeRef,
} from './payment.provider';

export const STRIPE_PROVIDER = 'stripe';

/** The AUD wallet methods Stripe collects for once configured (docs/decisions/034-stripe.md). */
export const STRIPE_METHOD_CODES: readonly string[] = ['SupayAlipay', 'SupayWechat'];

/** Stripe's payment method type for each of the shop's methods. */
const METHOD_TYPES: Readonly<Record<string, 'alipay' | 'wechat_pay'>> = {
  SupayAlipay: 'alipay',
  SupayWechat: 'wechat_pay',
};

/** How long the shop waits for Stripe before telling the shopper (or staff) to try again. */
export const STRIPE_TIMEOUT_MS = 10_000;

/** A webhook whose `t=` is further than this from the shop's clock is refused (Stripe's own default). */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

/** The header that carries a webhook's signature. */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/** The metadata keys the shop writes on its PaymentIntents and refunds. */
export const METADATA_TRADE_NO = 'tradeNo';
export const METADATA_REFUND_NO = 'refundNo';

/** The idempotency key of one operation on one trade or refund: a retry of it is the same request at Stripe. */
export function idempotencyKey(operation: 'create' | 'cancel' | 'refund', number: string): string {
  return `shop-${operation}-${number}`;
}

type Intent = Stripe.PaymentIntent;

/**
 * A payment's currency as the shop writes it (Stripe writes lower case). Another currency than the shop's two is
 * passed on as it is: the settlement compares it with the trade's and refuses it (logged at error).
 */
function paidCurrency(currency: string): Currency {
  return currency.toUpperCase() as Currency;
}

/** The channel's currency code in the shop's: Stripe writes them in lower case. */
function shopCurrency(currency: string): Currency {
  const upper = currency.toUpperCase();
  if (upper !== 'AUD' && upper !== 'CNY')
    throw new ChannelError(`stripe answered currency ${upper.slice(0, 8)}`);
  return upper;
}

/** What a PaymentIntent says of the trade: a notify's payload once it is paid, cancelled or failed; null while payable. */
export function intentPayload(intent: Intent): NotifyPayload | null {
  const tradeNo = intent.metadata?.[METADATA_TRADE_NO];
  if (!tradeNo) return null;
  const status =
    intent.status === 'succeeded'
      ? NotifyStatus.Success
      : intent.status === 'canceled'
        ? NotifyStatus.Closed
        : intent.status === 'requires_payment_method' && intent.last_payment_error
          ? NotifyStatus.Failed
          : null;
  if (status === null) return null;
  return {
    tradeNo,
    channelTradeNo: intent.id,
    status,
    // What was received decides a payment; the amount asked is all a closed or failed trade has.
    amount: status === NotifyStatus.Success ? intent.amount_received : intent.amount,
    currency: paidCurrency(intent.currency),
    // Stripe's PaymentIntent has no time of payment: the webhook's event time is used where there is one.
    paidAt: null,
  };
}

/** A Stripe refund as the shop keeps it. */
export function refundState(refund: Stripe.Refund): ChannelRefundState {
  const status =
    refund.status === 'succeeded'
      ? 'success'
      : refund.status === 'canceled'
        ? 'closed'
        : refund.status === 'failed'
          ? 'abnormal'
          : 'processing';
  return {
    refundNo: refund.metadata?.[METADATA_REFUND_NO] ?? '',
    status,
    channelRefundNo: refund.id,
    amount: refund.amount,
    message: refund.failure_reason ?? refund.status ?? '',
  };
}

const at = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/**
 * Stripe PaymentIntents for the AUD wallet methods (docs/decisions/034-stripe.md): SupayAlipay is confirmed with
 * Alipay and its shopper sent to Stripe's redirect page, which brings them back to the shop's return_url;
 * SupayWechat is confirmed with WeChat Pay and its QR code drawn by the shop. The PaymentIntent's id is the
 * channel trade number, our trade number its metadata. Every POST carries an idempotency key made of the trade or
 * refund number and the operation; webhooks are verified on their raw body before anything in them is read.
 */
export function createStripeProvider(
  config: StripeConfig,
  { clock }: { clock: Clock },
): PaymentProvider & { openTrade: NonNullable<PaymentProvider['openTrade']> } {
  const api = new URL(config.apiUrl);
  const stripe = new Stripe(config.secretKey, {
    host: api.hostname,
    port: api.port || (api.protocol === 'http:' ? 80 : 443),
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 1,
    telemetry: false,
    appInfo: { name: 'shop-api' },
  });
  const absolute = (path: string) => `${config.publicUrl}${path}`;

  /** A Stripe call; its failure as a ChannelError with Stripe's own message, never the key. */
  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ChannelError) throw error;
      const e = error as { message?: string; code?: string; statusCode?: number; type?: string };
      const failure = new ChannelError(
        `stripe ${what} failed: ${e.statusCode ?? ''} ${e.code ?? e.type ?? ''} ${e.message ?? ''}`.trim(),
        e.message ?? null,
      );
      throw Object.assign(failure, { status: e.statusCode ?? null, code: e.code ?? null });
    }
  }

  /** The PaymentIntent of a trade: by its id when the shop kept it, else found by our trade number. */
  async function findIntent(trade: TradeRef): Promise<Intent | null> {
    if (trade.channelTradeNo) {
      const id = trade.channelTradeNo;
      return call('retrieve', () => stripe.paymentIntents.retrieve(id));
    }
    const found = await call('search', () =>
      stripe.paymentIntents.search({
        query: `metadata['${METADATA_TRADE_NO}']:'${trade.tradeNo.replace(/[^A-Za-z0-9]/g, '')}'`,
        limit: 1,
      }),
    );
    return found.data[0] ?? null;
  }

  /** Throws when Stripe answered about a PaymentIntent that is not this trade's. */
  function ensureOurs(intent: Intent, trade: { tradeNo: string }): Intent {
    if (intent.metadata?.[METADATA_TRADE_NO] !== trade.tradeNo)
      throw new ChannelError(`stripe answered another trade than ${trade.tradeNo}`);
    return intent;
  }

  /** The verified event of a webhook, or null when its signature, timestamp or body is wrong. */
  function verifiedEvent(rawBody: Buffer, headers: NotifyHeaders): Stripe.Event | null {
    const signature = headerValue(headers, STRIPE_SIGNATURE_HEADER);
    if (!signature) return null;
    const nowMs = clock().getTime();
    // The SDK refuses a timestamp too old; one from too far ahead is refused here as well.
    const t = Number(/(?:^|,)t=(\d{1,12})(?:,|$)/.exec(signature)?.[1] ?? Number.NaN);
    if (!(Math.abs(nowMs / 1000 - t) <= STRIPE_WEBHOOK_TOLERANCE_SECONDS)) return null;
    try {
      return stripe.webhooks.constructEvent(
        rawBody,
        signature,
        config.webhookSecret,
        STRIPE_WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        nowMs,
      );
    } catch {
      return null;
    }
  }

  /** What a verified event tells the shop. */
  function noticeOf(event: Stripe.Event): ChannelNotice {
    const object = event.data?.object as { object?: string } | undefined;
    if (event.type.startsWith('payment_intent.') && object?.object === 'payment_intent') {
      const payload = intentPayload(object as Intent);
      if (
        payload &&
        (event.type === 'payment_intent.succeeded') === (payload.status === NotifyStatus.Success)
      )
        return {
          kind: 'payment',
          payload:
            payload.status === NotifyStatus.Success ? { ...payload, paidAt: at(event.created) } : payload,
        };
    }
    if (
      (event.type.startsWith('refund.') || event.type === 'charge.refund.updated') &&
      object?.object === 'refund'
    ) {
      const refund = object as Stripe.Refund;
      const tradeNo = refund.metadata?.[METADATA_TRADE_NO];
      if (tradeNo && refund.metadata?.[METADATA_REFUND_NO])
        return { kind: 'refund', tradeNo, state: refundState(refund) };
    }
    return { kind: 'other', event: event.type.slice(0, 60) };
  }

  async function refundByNo(trade: TradeRef, refundNo: string): Promise<Stripe.Refund | null> {
    const intent = await findIntent(trade);
    if (!intent) return null;
    ensureOurs(intent, trade);
    const refunds = await call('refund list', () =>
      stripe.refunds.list({ payment_intent: intent.id, limit: 100 }),
    );
    return refunds.data.find((r) => r.metadata?.[METADATA_REFUND_NO] === refundNo) ?? null;
  }

  /** One balance transaction of the day as a statement line; null for fees, payouts and the like. */
  function statementLine(tx: Stripe.BalanceTransaction): StatementLine | null {
    const source = tx.source;
    if (source === null || typeof source === 'string') return null;
    const bookedAt = at(tx.created);
    if ((tx.type === 'charge' || tx.type === 'payment') && source.object === 'charge') {
      const charge = source as Stripe.Charge;
      const intent = charge.payment_intent;
      const tradeNo = typeof intent === 'object' && intent ? intent.metadata?.[METADATA_TRADE_NO] : undefined;
      if (!tradeNo) return null;
      return {
        kind: 'payment',
        tradeNo,
        refundNo: null,
        channelRef: idOf(intent) ?? charge.id,
        amount: charge.amount,
        currency: shopCurrency(charge.currency),
        at: bookedAt,
      };
    }
    if ((tx.type === 'refund' || tx.type === 'payment_refund') && source.object === 'refund') {
      const refund = source as Stripe.Refund;
      const intent = refund.payment_intent;
      const tradeNo =
        refund.metadata?.[METADATA_TRADE_NO] ??
        (typeof intent === 'object' && intent ? intent.metadata?.[METADATA_TRADE_NO] : undefined);
      if (!tradeNo) return null;
      return {
        kind: 'refund',
        tradeNo,
        refundNo: refund.metadata?.[METADATA_REFUND_NO] ?? null,
        channelRef: refund.id,
        amount: refund.amount,
        currency: shopCurrency(refund.currency),
        at: bookedAt,
      };
    }
    return null;
  }

  return {
    name: STRIPE_PROVIDER,
    currencies: ['AUD'],

    async openTrade(trade: ChannelTrade): Promise<OpenedTrade> {
      const type = METHOD_TYPES[trade.channel];
      if (!type) throw new ChannelError(`stripe does not collect for ${trade.channel}`);
      const intent = await call('create', () =>
        stripe.paymentIntents.create(
          {
            amount: trade.amount,
            currency: trade.currency.toLowerCase(),
            allowed_payment_method_types: [type],
            payment_method_data: { type },
            ...(type === 'wechat_pay' ? { payment_method_options: { wechat_pay: { client: 'web' } } } : {}),
            confirm: true,
            return_url: absolute(trade.returnUrl),
            description: trade.subject.slice(0, 200),
            metadata: { [METADATA_TRADE_NO]: trade.tradeNo },
          },
          { idempotencyKey: idempotencyKey('create', trade.tradeNo) },
        ),
      );
      ensureOurs(intent, trade);
      const next = intent.next_action;
      if (type === 'alipay') {
        const url = next?.alipay_handle_redirect?.url ?? next?.redirect_to_url?.url;
        if (!url || !/^https?:\/\//.test(url))
          throw new ChannelError('stripe answered without a redirect url');
        return { channelTradeNo: intent.id, redirectUrl: url };
      }
      const data = next?.wechat_pay_display_qr_code?.data;
      if (!data) throw new ChannelError('stripe answered without WeChat Pay QR data');
      return { channelTradeNo: intent.id, qrCode: data };
    },

    async queryTrade(trade) {
      const intent = await findIntent(trade);
      return intent ? intentPayload(ensureOurs(intent, trade)) : null;
    },

    async closeTrade(trade) {
      const intent = await findIntent(trade);
      if (!intent) return false;
      ensureOurs(intent, trade);
      if (intent.status === 'canceled') return true;
      try {
        const cancelled = await call('cancel', () =>
          stripe.paymentIntents.cancel(
            intent.id,
            { cancellation_reason: 'abandoned' },
            { idempotencyKey: idempotencyKey('cancel', trade.tradeNo) },
          ),
        );
        return cancelled.status === 'canceled';
      } catch (error) {
        // Paid or processing: Stripe refuses to cancel, so money may come.
        if (error instanceof ChannelError) return false;
        throw error;
      }
    },

    async refund(request) {
      const { trade } = request;
      const intent = await findIntent(trade);
      if (!intent) throw new ChannelError(`stripe has no payment for ${trade.tradeNo}`);
      ensureOurs(intent, trade);
      const refund = await call('refund', () =>
        stripe.refunds.create(
          {
            payment_intent: intent.id,
            amount: request.amount,
            reason: 'requested_by_customer',
            metadata: {
              [METADATA_REFUND_NO]: request.refundNo,
              [METADATA_TRADE_NO]: trade.tradeNo,
              reason: request.reason.slice(0, 400),
            },
          },
          { idempotencyKey: idempotencyKey('refund', request.refundNo) },
        ),
      );
      return refundState(refund);
    },

    async queryRefund(trade, refundNo) {
      const refund = await refundByNo(trade, refundNo);
      if (!refund) throw new ChannelError(`stripe has no refund ${refundNo}`, '渠道没有这笔退款');
      return refundState(refund);
    },

    async fetchStatement(day) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new ChannelError(`bad statement day ${day}`);
      const start = Date.parse(`${day}T00:00:00Z`) / 1000;
      if (Number.isNaN(start)) throw new ChannelError(`bad statement day ${day}`);
      const lines: StatementLine[] = [];
      let after: string | undefined;
      for (;;) {
        const page = await call('balance transactions', () =>
          stripe.balanceTransactions.list({
            created: { gte: start, lt: start + 86_400 },
            limit: 100,
            expand: ['data.source.payment_intent'],
            ...(after ? { starting_after: after } : {}),
          }),
        );
        for (const tx of page.data) {
          const line = statementLine(tx);
          if (line) lines.push(line);
        }
        const last = page.data.at(-1);
        if (!page.has_more || !last) break;
        after = last.id;
      }
      return lines;
    },

    async readNotify(rawBody, headers) {
      const event = verifiedEvent(rawBody, headers);
      return event ? noticeOf(event) : null;
    },

    async verifyNotify(rawBody, headers) {
      const event = verifiedEvent(rawBody, headers);
      if (!event) return null;
      const notice = noticeOf(event);
      return notice.kind === 'payment' ? notice.payload : null;
    },

    acknowledge(outcome, reason): NotifyAcknowledgement {
      // Stripe takes any 2xx as delivered and retries anything else for up to three days.
      return {
        status: outcome === 'accepted' ? 200 : outcome === 'rejected' ? 400 : 500,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify(
          outcome === 'accepted'
            ? { received: true }
            : { received: false, error: reason.slice(0, 200) || '失败' },
        ),
      };
    },

    async createCashier() {
      throw new ChannelError('stripe opens its trades with openTrade');
    },
    async bridgeForm() {
      throw new ChannelError('stripe opens its trades with openTrade');
    },
    async proxyUrl() {
      throw new ChannelError('stripe opens its trades with openTrade');
    },
  };
}
