import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Currency } from '@shop/domain';
import { z } from 'zod';

/**
 * The shop's side of a payment channel (DESIGN.md 'Outside services, and their sandboxes'): one small interface,
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
 * One line of a channel's statement for a day (reconciliation): a payment or a refund as the channel booked it.
 * Amounts are minor units of `currency`, always positive; `kind` says which way the money went.
 */
export interface StatementLine {
  kind: 'payment' | 'refund';
  /** The shop's trade number (payments.trade_no) the line belongs to. */
  tradeNo: string;
  /** The shop's refund number for a refund line; null for a payment. */
  refundNo: string | null;
  /** The channel's own id of the payment or refund (transaction_id, trade_no, pi_… / re_…). */
  channelRef: string;
  amount: number;
  currency: Currency;
  /** When the channel booked it (ISO 8601). */
  at: string;
}

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
  /**
   * A channel whose cashier is a QR code the shop shows itself (WeChat Pay Native): opens the trade and returns
   * the code's content. Where a provider has it, every kind of method it serves is paid this way.
   */
  openQr?(trade: ChannelTrade): Promise<{ qrCode: string; channelTradeNo?: string }>;
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
  /** The answer the channel expects to a notify; the plain SUCCESS/FAIL text when absent. */
  acknowledge?(outcome: 'accepted' | 'rejected' | 'error', reason: string): NotifyAcknowledgement;
  /** Server to server (syb): opens the trade at the channel and returns the cashier page to send the shopper to. */
  createCashier(trade: ChannelTrade): Promise<{ payUrl: string; channelTradeNo?: string }>;
  /** The supay bridge: a form the storefront posts (hidden) to the channel, which opens the trade. */
  bridgeForm(trade: ChannelTrade): Promise<{ action: string; fields: Record<string, string> }>;
  /** The chat-app proxy: a signed URL the storefront GETs; it answers { result, url } with the cashier. */
  proxyUrl(trade: ChannelTrade): Promise<string>;
  /** The notify's payload when its signature over the raw body is right and the body is well formed; else null. */
  verifyNotify(rawBody: Buffer, headers: NotifyHeaders): Promise<NotifyPayload | null>;
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
