import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Currency, StatementEntry } from '@shop/domain';
import { z } from 'zod';

/**
 * The shop's side of a payment channel (docs/design.md 'Outside services, and their sandboxes'): one small interface,
 * implemented by the sandbox that ships with the shop and by the real gateway adapter. Requests to a channel are
 * signed with HMAC-SHA256 over the sorted `key=value` pairs; the channel's asynchronous notify is signed with
 * HMAC-SHA256 over its raw body bytes, in the `X-Pay-Signature` header (hex).
 */

/** What the shop asks a channel to collect: one payments row. Amounts are minor units of `currency`. */
export interface ChannelTrade {
  /** The shop's trade number (payments.trade_no). */
  tradeNo: string;
  /** The payment method's code (A01, W01, SupayAlipay …). */
  channel: string;
  amount: number;
  currency: Currency;
  subject: string;
  /** Where the channel posts its notify: the shop's notify path (relative to the shop). */
  notifyUrl: string;
  /** Where the shopper's browser goes after the cashier: a path of the shop. */
  returnUrl: string;
  /** How the cashier is shown (payBySyb/ paymentType): a page with a QR code or a phone's browser. */
  scene: 'PC' | 'H5';
}

export const NotifyStatus = { Success: 'SUCCESS', Closed: 'CLOSED', Failed: 'FAILED' } as const;

/** A channel's notify body as the shop reads it (after its signature was verified). */
export const notifyPayloadSchema = z.object({
  tradeNo: z.string().min(1).max(32),
  channelTradeNo: z.string().min(1).max(64),
  status: z.enum([NotifyStatus.Success, NotifyStatus.Closed, NotifyStatus.Failed]),
  amount: z.number().int().positive(),
  currency: z.enum(['AUD', 'CNY']),
  paidAt: z.string().nullable().optional(),
  nonce: z.string().max(64).optional(),
});
export type NotifyPayload = z.infer<typeof notifyPayloadSchema>;

export type NotifyHeaders = Record<string, string | string[] | undefined>;

/** The header that carries a notify's signature. */
export const SIGNATURE_HEADER = 'x-pay-signature';

/** A trade the shop opened at a channel, as the channel's follow-up calls (query, close, refund) need it. */
export interface TradeRef {
  tradeNo: string;
  /** The payment method's code (W01, SupayWechat …): a provider may serve it through another endpoint. */
  channel: string;
  amount: number;
  currency: Currency;
  /** The channel's number of the trade, when the shop has it (Stripe: the PaymentIntent's id). */
  channelTradeNo?: string | null;
  /** When the shop opened the trade (payments.created_at): a channel may need it to know a trade has expired. */
  openedAt?: Date;
}

/** A refund the shop asks a channel for: `refundNo` is the shop's, unique per refund. Minor units. */
export interface ChannelRefund {
  trade: TradeRef;
  refundNo: string;
  amount: number;
  reason: string;
  /** Where the channel posts its refund notify: the shop's notify path (relative to the shop). */
  notifyUrl: string;
}

/** Where a refund stands at the channel. `message` is the channel's own word for a refusal or an abnormal end. */
export interface ChannelRefundState {
  refundNo: string;
  status: 'processing' | 'success' | 'closed' | 'abnormal';
  channelRefundNo: string | null;
  amount: number;
  message: string;
}

/**
 * A channel's refund notify as the shop reads it (after its signature was verified and its resource decrypted):
 * where the refund `refundNo` of the trade `tradeNo` ended. Minor units.
 */
export interface RefundNotifyPayload {
  refundNo: string;
  tradeNo: string;
  channelRefundNo: string;
  status: 'success' | 'closed' | 'abnormal';
  amount: number;
}

export const refundNotifyPayloadSchema = z.object({
  refundNo: z.string().min(1).max(64),
  tradeNo: z.string().min(1).max(32),
  channelRefundNo: z.string().min(1).max(64),
  status: z.enum(['success', 'closed', 'abnormal']),
  amount: z.number().int().positive(),
  nonce: z.string().max(64).optional(),
});

/** One line of a channel's statement for a day (reconciliation): the domain's StatementEntry. */
export type StatementLine = StatementEntry;

/**
 * A trade a channel opened itself (openTrade), and how the shopper pays it: sent to the channel's page (GET), or
 * shown a QR code the shop draws.
 */
export type OpenedTrade = { channelTradeNo: string } & ({ redirectUrl: string } | { qrCode: string });

/**
 * What a verified notify tells the shop, for a channel whose one endpoint carries several kinds of event (Stripe's
 * webhooks): a payment's outcome, where a refund stands, or an event the shop has nothing to do with (received).
 */
export type ChannelNotice =
  | { kind: 'payment'; payload: NotifyPayload }
  | { kind: 'refund'; tradeNo: string; state: ChannelRefundState }
  | { kind: 'other'; event: string };

/** What the shop answers a channel's notify with: each channel expects its own shape. */
export interface NotifyAcknowledgement {
  status: number;
  contentType: string;
  body: string;
}

/** The plain answer of the shop's own channels (sandbox, gateway): SUCCESS or FAIL as text. */
export function plainAcknowledgement(outcome: 'accepted' | 'rejected' | 'error'): NotifyAcknowledgement {
  return {
    status: outcome === 'accepted' ? 200 : outcome === 'rejected' ? 400 : 500,
    contentType: 'text/plain; charset=utf-8',
    body: outcome === 'accepted' ? 'SUCCESS' : 'FAIL',
  };
}

export interface PaymentProvider {
  /** The provider's name: payment_configs.provider, and the last segment of its notify path. */
  readonly name: string;
  /** The currencies it collects in (pay:check asks about each); CNY and AUD when absent. */
  readonly currencies?: readonly Currency[];
  /**
   * A channel that opens the trade itself and says how each method is paid (Stripe): the shopper is sent to its
   * page, or shown its QR code. Where a provider has it, it is used for every kind of method it serves.
   */
  openTrade?(trade: ChannelTrade): Promise<OpenedTrade>;
  /**
   * A channel whose cashier is a QR code the shop shows itself (WeChat Pay Native, Alipay precreate): opens the
   * trade and returns the code's content. Where a provider has it, the trades `paysByQr` picks are paid this way.
   */
  openQr?(trade: ChannelTrade): Promise<{ qrCode: string; channelTradeNo?: string }>;
  /** Which trades `openQr` pays (Alipay: the phone's); absent, every trade of a provider with `openQr`. */
  paysByQr?(trade: ChannelTrade): boolean;
  /**
   * A channel whose cashier the shopper's browser reaches by posting a signed form to the channel (Alipay's
   * page.pay): the form's action and fields. Where a provider has it, its syb-kind trades not paid by QR use it.
   */
  cashierForm?(trade: ChannelTrade): Promise<{ action: string; fields: Record<string, string> }>;
  /**
   * Asks the channel where the trade stands: the payload a notify would have carried once it is paid or closed,
   * null while it can still be paid. Throws ChannelError when the channel cannot be reached or its answer is
   * not proven to be the channel's.
   */
  queryTrade?(trade: TradeRef): Promise<NotifyPayload | null>;
  /** Asks the channel to give money back; its answer as it stands now. Throws ChannelError with the channel's message on a refusal. */
  refund?(request: ChannelRefund): Promise<ChannelRefundState>;
  /** Where the refund stands at the channel. */
  queryRefund?(trade: TradeRef, refundNo: string): Promise<ChannelRefundState>;
  /**
   * The refund notify's payload when its signature is right and it tells where a refund ended; else null. Posted
   * to the shop's refund notify path (`ChannelRefund.notifyUrl`), answered with `acknowledge` like a pay notify.
   */
  verifyRefundNotify?(rawBody: Buffer, headers: NotifyHeaders): Promise<RefundNotifyPayload | null>;
  /** The answer the channel expects to a notify; the plain SUCCESS/FAIL text when absent. */
  acknowledge?(outcome: 'accepted' | 'rejected' | 'error', reason: string): NotifyAcknowledgement;
  /** Server to server (syb): opens the trade at the channel and returns the cashier page to send the shopper to. */
  createCashier(trade: ChannelTrade): Promise<{ payUrl: string; channelTradeNo?: string }>;
  /** The supay bridge: a form the storefront posts (hidden) to the channel, which opens the trade. */
  bridgeForm(trade: ChannelTrade): Promise<{ action: string; fields: Record<string, string> }>;
  /** The chat-app proxy: a signed URL the storefront GETs; it answers { result, url } with the cashier. */
  proxyUrl(trade: ChannelTrade): Promise<string>;
  /**
   * The notify's payload when its signature over the raw body is right and the body is well formed; else null.
   * Throws NotifyRefused when it is signed by the channel but not for this shop (another app or seller).
   */
  verifyNotify(rawBody: Buffer, headers: NotifyHeaders): Promise<NotifyPayload | null>;
  /**
   * For a channel that sends more than payments to its notify URL: what the notify says once its signature over
   * the raw body is verified; null when it is not proven to be the channel's. Used instead of verifyNotify.
   */
  readNotify?(rawBody: Buffer, headers: NotifyHeaders): Promise<ChannelNotice | null>;
  /**
   * The channel's statement of one day (`YYYY-MM-DD`, the channel's own calendar day): every payment and refund it
   * booked. Throws ChannelError when the channel cannot be reached or its bill is not proven to be the channel's.
   */
  fetchStatement?(day: string): Promise<StatementLine[]>;
  /**
   * The currencies the statement covers (WeChat Pay's trade bill: the domestic CNY trades); every currency when
   * absent. Reconciliation compares only the shop's payments in these currencies.
   */
  readonly statementCurrencies?: readonly Currency[];
  /** Closes an unpaid trade at the channel; true when the channel closed it (it can no longer be paid). */
  closeTrade?(trade: TradeRef): Promise<boolean>;
}

/** Hex HMAC-SHA256 of `data` with `secret`. */
export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Compares two hex signatures in constant time (after a length check, which timingSafeEqual needs). */
export function signatureMatches(expected: string, given: string | undefined): boolean {
  if (given === undefined || !/^[0-9a-f]+$/i.test(given)) return false;
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The text a parameter signature covers: every non-empty field but `sign`, sorted by key, as k=v joined by &. */
export function canonicalParams(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** The parameters with their `sign` added. */
export function signParams(params: Readonly<Record<string, string>>, secret: string): Record<string, string> {
  const { sign: _ignored, ...rest } = params;
  return { ...rest, sign: hmacHex(secret, canonicalParams(rest)) };
}

/** True when the parameters carry the right `sign`. */
export function verifyParams(params: Readonly<Record<string, string>>, secret: string): boolean {
  return signatureMatches(hmacHex(secret, canonicalParams(params)), params.sign);
}

/** The one value of a header (the first when repeated). */
export function headerValue(headers: NotifyHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Verifies a refund notify signed over its raw body (the sandbox's) and parses it; null when anything is wrong. */
export function verifySignedRefundNotify(
  rawBody: Buffer,
  headers: NotifyHeaders,
  secret: string,
): RefundNotifyPayload | null {
  if (!signatureMatches(hmacHex(secret, rawBody), headerValue(headers, SIGNATURE_HEADER))) return null;
  try {
    const parsed = refundNotifyPayloadSchema.safeParse(JSON.parse(rawBody.toString('utf8')));
    if (!parsed.success) return null;
    const { nonce: _nonce, ...payload } = parsed.data;
    return payload;
  } catch {
    return null;
  }
}

/**
 * True when a channel turned a request down for good: it answered with its own reason and not a server error
 * (HTTP 5xx, e.g. WeChat Pay's SYSTEM_ERROR, means 'try again with the same number'). A channel that could not be
 * reached, or whose answer was not proven to be its own, refused nothing: the outcome is unknown.
 */
export function isRefusal(error: unknown): error is ChannelError {
  if (!(error instanceof ChannelError) || error.channelMessage === null) return false;
  const status = (error as { status?: unknown }).status;
  return typeof status !== 'number' || status < 500;
}

/** Verifies a notify signed over its raw body and parses it; null when the signature or the body is wrong. */
export function verifySignedNotify(
  rawBody: Buffer,
  headers: NotifyHeaders,
  secret: string,
): NotifyPayload | null {
  if (!signatureMatches(hmacHex(secret, rawBody), headerValue(headers, SIGNATURE_HEADER))) return null;
  try {
    const parsed = notifyPayloadSchema.safeParse(JSON.parse(rawBody.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The signed fields of a trade request, as both the sandbox and the gateway take them. */
export function tradeParams(trade: ChannelTrade, extra: Record<string, string>): Record<string, string> {
  return {
    ...extra,
    trade_no: trade.tradeNo,
    channel: trade.channel,
    amount: String(trade.amount),
    currency: trade.currency,
    subject: trade.subject,
    notify_url: trade.notifyUrl,
    return_url: trade.returnUrl,
    scene: trade.scene,
  };
}

/**
 * A channel refused or could not be reached; the shopper is told to try again later. `channelMessage` is the
 * channel's own reason when it gave one (shown to staff, e.g. a refund refused).
 */
export class ChannelError extends Error {
  override name = 'ChannelError';
  constructor(
    message: string,
    readonly channelMessage: string | null = null,
  ) {
    super(message);
  }
}

/**
 * A notify signed by the channel that is not the shop's to take (another app id or seller, another currency):
 * refused, recorded and logged at error, since someone must look at it.
 */
export class NotifyRefused extends Error {
  override name = 'NotifyRefused';
}
