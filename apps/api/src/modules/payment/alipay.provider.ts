import { createPrivateKey, createPublicKey } from 'node:crypto';
import type { AlipaySdk, AlipaySdkConfig } from 'alipay-sdk';
import type { AlipayConfig } from '../../config/env';
import type { Clock } from '../../lib/clock';
import { parseAlipayBill } from './alipay.bill';
import {
  ChannelError,
  type ChannelRefundState,
  type ChannelTrade,
  type NotifyAcknowledgement,
  type NotifyPayload,
  NotifyRefused,
  NotifyStatus,
  notifyPayloadSchema,
  type PaymentProvider,
  type TradeRef,
} from './payment.provider';

export const ALIPAY_PROVIDER = 'alipay';

/** The methods Alipay collects for once configured: A01 (CNY). */
export const ALIPAY_METHOD_CODES: readonly string[] = ['A01'];

/** How long the shop waits for Alipay before telling the shopper (or staff) to try again. */
export const ALIPAY_TIMEOUT_MS = 10_000;

/**
 * How long a trade can be paid (`time_expire`, both the cashier page and the QR code): two hours, the life the
 * shop's sweep gives a trade before it closes it (payment.service.ts QR_TRADE_TIMEOUT_MS).
 */
export const ALIPAY_TRADE_LIFETIME_MS = 2 * 60 * 60 * 1000;

/** After its `time_expire` and this margin, a trade Alipay never opened (nobody reached the cashier) never will. */
const EXPIRY_MARGIN_MS = 10 * 60 * 1000;

/** The parameters alipay-sdk puts in the gateway URL of a page request (its formatUrl); the rest are form fields. */
const URL_PARAMS = new Set([
  'app_id',
  'method',
  'format',
  'charset',
  'sign_type',
  'sign',
  'timestamp',
  'version',
  'notify_url',
  'return_url',
  'auth_token',
  'app_auth_token',
  'app_cert_sn',
  'alipay_root_cert_sn',
  'ws_service_url',
]);

const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** `yyyy-MM-dd HH:mm:ss` in Beijing time (UTC+8), as Alipay writes and reads every time. */
export function beijingTime(date: Date): string {
  return new Date(date.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** An Alipay time (Beijing) as ISO 8601 with its offset; null when it is not one. */
export function fromBeijingTime(text: string | undefined): string | null {
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  return `${text.replace(' ', 'T')}+08:00`;
}

/** Minor units as Alipay's yuan amount with two decimals: 9400 → "94.00". */
export function yuan(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** Alipay's yuan amount ("94.00", "0.1", "-3.50") in minor units, sign dropped; null when it is not an amount. */
export function minorOf(text: string | undefined): number | null {
  const match = /^-?(\d{1,12})(?:\.(\d{1,2}))?$/.exec((text ?? '').trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Alipay caps `subject` at 256 characters; a shorter one reads better on its cashier. */
function subjectOf(text: string): string {
  return text.slice(0, 128) || '订单付款';
}

type AlipayAnswer = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The notify's and the query's trade status as the shop's; null while the trade can still be paid. */
function statusOf(tradeStatus: string | undefined): NotifyPayload['status'] | null {
  if (tradeStatus === 'TRADE_SUCCESS' || tradeStatus === 'TRADE_FINISHED') return NotifyStatus.Success;
  if (tradeStatus === 'TRADE_CLOSED') return NotifyStatus.Closed;
  return null;
}

/** A failure of a call that Alipay answered (signed), with its codes. */
class AlipayRefusal extends ChannelError {
  constructor(
    method: string,
    readonly code: string,
    readonly subCode: string,
    subMsg: string,
  ) {
    super(`alipay ${method} refused: ${code} ${subCode} ${subMsg}`.trim(), subMsg || subCode || code);
  }
}

/**
 * Alipay's open platform (docs/decisions/033), through the official `alipay-sdk`: on a desktop the cashier page
 * (`alipay.trade.page.pay`, a signed form the shopper's browser posts to the gateway), on a phone a QR code
 * (`alipay.trade.precreate`, drawn by the shop, its link opens the Alipay app); the query, the close, refunds
 * and their query, the day's bill, and the notify. Every request is signed RSA2 with the app's private key;
 * every answer and notify is taken only after its signature with Alipay's public key (or the public key of its
 * certificate) is verified.
 */
export function createAlipayProvider(
  config: AlipayConfig,
  { clock, fetch: fetchImpl = fetch }: { clock: Clock; fetch?: typeof fetch },
): PaymentProvider {
  // PKCS#1 or PKCS#8, the SDK gets one form: PKCS#8 ('PRIVATE KEY') and SPKI ('PUBLIC KEY').
  const privateKey = createPrivateKey(config.privateKeyPem).export({
    type: 'pkcs8',
    format: 'pem',
  }) as string;
  const keys: Partial<AlipaySdkConfig> = config.cert
    ? {
        appCertContent: config.cert.appCertPem,
        alipayRootCertContent: config.cert.rootCertPem,
        alipayPublicCertContent: config.alipayPublicKeyPem,
      }
    : {
        alipayPublicKey: createPublicKey(config.alipayPublicKeyPem).export({
          type: 'spki',
          format: 'pem',
        }) as string,
      };
  // Loaded when first used: a shop without Alipay never pays for the SDK's import at start.
  let loading: Promise<AlipaySdk> | null = null;
  const sdkOf = () => {
    loading ??= import('alipay-sdk').then(
      ({ AlipaySdk }) =>
        new AlipaySdk({
          appId: config.appId,
          privateKey,
          keyType: 'PKCS8',
          signType: 'RSA2',
          gateway: config.gatewayUrl,
          timeout: ALIPAY_TIMEOUT_MS,
          camelcase: false,
          ...keys,
        }),
    );
    return loading;
  };
  const absolute = (path: string) => `${config.publicUrl}${path}`;
  const expiry = () => beijingTime(new Date(clock().getTime() + ALIPAY_TRADE_LIFETIME_MS));

  /** A signed call; its answer once Alipay's signature over it is verified and its code is 10000. */
  async function call(
    method: string,
    bizContent: Record<string, unknown>,
    extra: Record<string, string> = {},
  ): Promise<AlipayAnswer> {
    const sdk = await sdkOf();
    let answer: AlipayAnswer;
    try {
      answer = await sdk.exec(
        method,
        { bizContent, timestamp: beijingTime(clock()), ...extra },
        { validateSign: true },
      );
    } catch (error) {
      // Unreachable, not JSON, or not signed by Alipay's key: nothing of it is taken.
      throw new ChannelError(`alipay ${method} failed: ${(error as Error).message.slice(0, 300)}`);
    }
    const code = text(answer.code) ?? '';
    if (code !== '10000')
      throw new AlipayRefusal(method, code, text(answer.sub_code) ?? '', text(answer.sub_msg) ?? '');
    return answer;
  }

  const notExists = (error: unknown) =>
    error instanceof AlipayRefusal && error.subCode === 'ACQ.TRADE_NOT_EXIST';

  function onlyCny(trade: { currency: string }) {
    if (trade.currency !== 'CNY') throw new ChannelError(`alipay collects CNY only, not ${trade.currency}`);
  }

  async function queryRefund(trade: TradeRef, refundNo: string): Promise<ChannelRefundState> {
    const answer = await call('alipay.trade.fastpay.refund.query', {
      out_trade_no: trade.tradeNo,
      out_request_no: refundNo,
      query_options: ['gmt_refund_pay'],
    });
    if (text(answer.out_trade_no) !== undefined && answer.out_trade_no !== trade.tradeNo)
      throw new ChannelError(`alipay answered another trade than ${trade.tradeNo}`);
    const status = text(answer.refund_status);
    return {
      refundNo,
      // Without refund_status the refund was not received or has not been made yet (Alipay's own words).
      status: status === 'REFUND_SUCCESS' ? 'success' : 'processing',
      channelRefundNo: null,
      amount: minorOf(text(answer.refund_amount)) ?? 0,
      message: status ?? '未查询到退款成功',
    };
  }

  return {
    name: ALIPAY_PROVIDER,
    currencies: ['CNY'],

    // A phone cannot show Alipay's desktop cashier well: there the shop draws the QR code, whose link opens the app.
    paysByQr: (trade) => trade.scene === 'H5',

    async cashierForm(trade: ChannelTrade) {
      onlyCny(trade);
      const sdk = await sdkOf();
      const url = sdk.pageExecute('alipay.trade.page.pay', 'GET', {
        bizContent: {
          out_trade_no: trade.tradeNo,
          product_code: 'FAST_INSTANT_TRADE_PAY',
          total_amount: yuan(trade.amount),
          subject: subjectOf(trade.subject),
          time_expire: expiry(),
        },
        notify_url: absolute(trade.notifyUrl),
        return_url: absolute(trade.returnUrl),
        timestamp: beijingTime(clock()),
      });
      // The same form the SDK writes for POST: the public parameters in the gateway URL, the rest as fields.
      const signed = new URL(url);
      const action = new URL(config.gatewayUrl);
      const fields: Record<string, string> = {};
      for (const [key, value] of signed.searchParams) {
        if (URL_PARAMS.has(key)) action.searchParams.set(key, value);
        else fields[key] = value;
      }
      return { action: action.toString(), fields };
    },

    async openQr(trade: ChannelTrade) {
      onlyCny(trade);
      const answer = await call(
        'alipay.trade.precreate',
        {
          out_trade_no: trade.tradeNo,
          total_amount: yuan(trade.amount),
          subject: subjectOf(trade.subject),
          time_expire: expiry(),
        },
        { notify_url: absolute(trade.notifyUrl) },
      );
      const qrCode = text(answer.qr_code);
      if (!qrCode || answer.out_trade_no !== trade.tradeNo)
        throw new ChannelError('alipay answered the precreate without its qr_code');
      return { qrCode };
    },

    async createCashier() {
      throw new ChannelError('alipay has no server-side cashier: its page is reached by the signed form');
    },
    async bridgeForm() {
      throw new ChannelError('alipay has no supay bridge');
    },
    async proxyUrl() {
      throw new ChannelError('alipay has no chat-app proxy');
    },

    async queryTrade(trade) {
      let answer: AlipayAnswer;
      try {
        answer = await call('alipay.trade.query', { out_trade_no: trade.tradeNo });
      } catch (error) {
        // Never opened at Alipay (the shopper never reached the cashier or the code): nothing to settle.
        if (notExists(error)) return null;
        throw error;
      }
      if (answer.out_trade_no !== trade.tradeNo)
        throw new ChannelError(`alipay answered another trade than ${trade.tradeNo}`);
      const status = statusOf(text(answer.trade_status));
      if (status === null) return null;
      const amount = minorOf(text(answer.total_amount));
      if (amount === null) throw new ChannelError('alipay answered a trade without total_amount');
      return {
        tradeNo: trade.tradeNo,
        channelTradeNo: text(answer.trade_no) ?? trade.tradeNo,
        status,
        amount,
        currency: 'CNY',
        paidAt: fromBeijingTime(text(answer.send_pay_date)),
      };
    },

    async closeTrade(trade) {
      try {
        await call('alipay.trade.close', { out_trade_no: trade.tradeNo });
        return true;
      } catch (error) {
        // Alipay opens a cashier-page trade only when the shopper reaches it; past its time_expire nobody can.
        if (notExists(error) && trade.openedAt)
          return clock().getTime() > trade.openedAt.getTime() + ALIPAY_TRADE_LIFETIME_MS + EXPIRY_MARGIN_MS;
        if (error instanceof ChannelError) return false;
        throw error;
      }
    },

    async refund(request) {
      const { trade } = request;
      const answer = await call('alipay.trade.refund', {
        out_trade_no: trade.tradeNo,
        refund_amount: yuan(request.amount),
        out_request_no: request.refundNo,
        refund_reason: (request.reason || '订单退款').slice(0, 128),
      });
      if (answer.out_trade_no !== trade.tradeNo)
        throw new ChannelError(`alipay answered another trade than ${trade.tradeNo}`);
      // fund_change Y: this request moved the money. N: asked before, or not done; the refund query says which.
      if (answer.fund_change === 'Y')
        return {
          refundNo: request.refundNo,
          status: 'success',
          channelRefundNo: null,
          amount: request.amount,
          message: 'fund_change Y',
        };
      return queryRefund(trade, request.refundNo);
    },

    queryRefund,

    async fetchStatement(day) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new ChannelError(`not a day: ${day.slice(0, 20)}`);
      const answer = await call('alipay.data.dataservice.bill.downloadurl.query', {
        bill_type: 'trade',
        bill_date: day,
      });
      const url = text(answer.bill_download_url);
      if (!url || !/^https?:\/\//.test(url))
        throw new ChannelError('alipay answered without bill_download_url');
      let zip: Uint8Array;
      try {
        const response = await fetchImpl(url, { signal: AbortSignal.timeout(ALIPAY_TIMEOUT_MS * 6) });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        zip = new Uint8Array(await response.arrayBuffer());
      } catch (error) {
        throw new ChannelError(`alipay bill download failed: ${(error as Error).message}`);
      }
      const { unzipSync } = await import('fflate');
      let files: Record<string, Uint8Array>;
      try {
        files = unzipSync(zip);
      } catch (error) {
        throw new ChannelError(`alipay bill is not a zip: ${(error as Error).message}`);
      }
      return parseAlipayBill(Object.values(files));
    },

    async verifyNotify(rawBody) {
      const fields = Object.fromEntries(new URLSearchParams(rawBody.toString('utf8')));
      // Nothing is read before the signature is verified (raw: the form values are decoded once already).
      const sdk = await sdkOf();
      let signed = false;
      try {
        signed = sdk.checkNotifySign(fields, true);
      } catch {
        signed = false;
      }
      if (!signed) return null;
      if (fields.app_id !== config.appId)
        throw new NotifyRefused(`app_id ${String(fields.app_id).slice(0, 32)} 不是本店的应用`);
      if (config.sellerId && fields.seller_id !== config.sellerId)
        throw new NotifyRefused(`seller_id ${String(fields.seller_id).slice(0, 32)} 不是本店的收款账户`);
      const currency = fields.trans_currency ?? fields.currency ?? 'CNY';
      if (currency !== 'CNY') throw new NotifyRefused(`币种 ${currency.slice(0, 8)} 不是人民币`);
      const status = statusOf(fields.trade_status);
      const amount = minorOf(fields.total_amount);
      if (status === null || amount === null) return null;
      const payload = notifyPayloadSchema.safeParse({
        tradeNo: fields.out_trade_no,
        channelTradeNo: fields.trade_no,
        status,
        amount,
        currency: 'CNY',
        paidAt: fromBeijingTime(fields.gmt_payment),
        ...(fields.notify_id ? { nonce: fields.notify_id.slice(0, 64) } : {}),
      });
      return payload.success ? payload.data : null;
    },

    acknowledge(outcome): NotifyAcknowledgement {
      // Alipay stops sending once the body is exactly `success`; anything else is sent again later.
      return {
        status: outcome === 'accepted' ? 200 : outcome === 'rejected' ? 400 : 500,
        contentType: 'text/plain; charset=utf-8',
        body: outcome === 'accepted' ? 'success' : 'fail',
      };
    },
  };
}
