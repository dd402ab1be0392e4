import type { Currency } from '@shop/domain';
import { z } from 'zod';
import type { WechatPayConfig } from '../../config/env';
import type { Clock } from '../../lib/clock';
import {
  ChannelError,
  type ChannelRefundState,
  type ChannelTrade,
  type NotifyAcknowledgement,
  type NotifyHeaders,
  type NotifyPayload,
  NotifyStatus,
  type PaymentProvider,
  type StatementLine,
  type TradeRef,
} from './payment.provider';
import { billHashMatches, parseGlobalStatement, parseTradeBill } from './wechatpay.bill';
import {
  authorization,
  decryptResource,
  loadPrivateKey,
  loadPublicKey,
  newNonce,
  signatureProblem,
} from './wechatpay.crypto';

export const WECHATPAY_PROVIDER = 'wechatpay';

/** The methods WeChat Pay collects for once configured: W01 (CNY, Native) and the AUD chat-app method. */
export const WECHATPAY_METHOD_CODES: readonly string[] = ['W01', 'SupayWechat'];

/** How long the shop waits for WeChat Pay before telling the shopper (or staff) to try again. */
export const WECHATPAY_TIMEOUT_MS = 10_000;

/**
 * The merchant category code a cross-border (global) Native order names: 5399, miscellaneous general
 * merchandise. The global API requires one; it is the category the merchant was registered under.
 */
export const GLOBAL_MERCHANT_CATEGORY_CODE = '5399';

/** WeChat Pay caps `description` at 127 bytes (UTF-8). */
function description(subject: string): string {
  let text = subject;
  while (Buffer.byteLength(text, 'utf8') > 127) text = text.slice(0, -1);
  return text;
}

const amountSchema = z.object({
  total: z.number().int(),
  currency: z.string().default('CNY'),
});

/** A transaction as the query answers it and a notify's decrypted resource carries it. */
const transactionSchema = z.object({
  appid: z.string().optional(),
  mchid: z.string().optional(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_state: z.string(),
  success_time: z.string().optional(),
  amount: amountSchema.optional(),
});
type Transaction = z.infer<typeof transactionSchema>;

const notifySchema = z.object({
  id: z.string(),
  event_type: z.string(),
  resource_type: z.string().optional(),
  resource: z.object({
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string(),
    nonce: z.string(),
    associated_data: z.string().optional(),
    original_type: z.string().optional(),
  }),
});

const refundSchema = z.object({
  refund_id: z.string().optional(),
  id: z.string().optional(),
  out_refund_no: z.string(),
  status: z.string().optional(),
  refund_status: z.string().optional(),
  amount: z.object({ refund: z.number().int() }).passthrough(),
});

/** A refund notify's decrypted resource (REFUND.SUCCESS, REFUND.ABNORMAL, REFUND.CLOSED). */
const refundResourceSchema = z.object({
  mchid: z.string(),
  out_trade_no: z.string(),
  out_refund_no: z.string(),
  refund_id: z.string(),
  refund_status: z.string(),
  amount: z.object({ refund: z.number().int() }).passthrough(),
});

const REFUND_EVENTS: Readonly<Record<string, 'success' | 'closed' | 'abnormal'>> = {
  'REFUND.SUCCESS': 'success',
  'REFUND.CLOSED': 'closed',
  'REFUND.ABNORMAL': 'abnormal',
};

const billSchema = z.object({
  hash_type: z.string(),
  hash_value: z.string(),
  download_url: z.string().max(2048),
});

const errorSchema = z.object({ code: z.string(), message: z.string() });

/** A trade in a currency other than CNY goes through the cross-border (global) API. */
function isGlobal(currency: Currency | string): boolean {
  return currency !== 'CNY';
}

/**
 * WeChat Pay API v3 (docs/decisions/032-wechat-pay-v3.md): Native orders for W01 (domestic, CNY) and the AUD
 * chat-app method (cross-border, `/v3/global/…` on the global host), the query, the close, refunds and the
 * notify. Every request is signed with the merchant's key; every answer and notify is taken only after its
 * signature with WeChat Pay's public key is verified, within 5 minutes of the shop's clock.
 */
export function createWechatPayProvider(
  config: WechatPayConfig,
  { clock, fetch: fetchImpl = fetch }: { clock: Clock; fetch?: typeof fetch },
): PaymentProvider {
  const privateKey = loadPrivateKey(config.privateKeyPem);
  const publicKey = loadPublicKey(config.publicKeyPem);
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);
  const absolute = (path: string) => `${config.publicUrl}${path}`;

  /** A signed request; the answer's JSON (null for 204) once its signature is verified. */
  async function call(
    currency: Currency | string,
    method: 'GET' | 'POST',
    pathWithQuery: string,
    payload?: Record<string, unknown>,
  ): Promise<{ status: number; json: unknown }> {
    const base = isGlobal(currency) ? config.globalApiUrl : config.apiUrl;
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': 'shop-api wechatpay-v3',
      authorization: authorization({
        mchid: config.mchid,
        serialNo: config.serial,
        key: privateKey,
        method,
        pathWithQuery,
        body,
        timestamp: nowSeconds(),
        nonce: newNonce(),
      }),
    };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${base}${pathWithQuery}`, {
        method,
        headers,
        ...(payload === undefined ? {} : { body }),
        signal: AbortSignal.timeout(WECHATPAY_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      throw new ChannelError(`wechatpay unreachable: ${(error as Error).message}`);
    }
    const answerHeaders = Object.fromEntries(response.headers.entries());
    const problem = signatureProblem(answerHeaders, text, {
      serial: config.publicKeyId,
      key: publicKey,
      nowSeconds: nowSeconds(),
    });
    if (problem) {
      // Nothing of an answer is read before its signature is verified: a 2xx without one is forged.
      throw new ChannelError(
        `wechatpay answered HTTP ${response.status} ${method} ${pathWithQuery.split('?')[0]} without a valid signature (${problem})`,
      );
    }
    let json: unknown = null;
    if (text !== '') {
      try {
        json = JSON.parse(text);
      } catch {
        throw new ChannelError(`wechatpay answered HTTP ${response.status} without JSON`);
      }
    }
    if (response.status < 200 || response.status >= 300) {
      const error = errorSchema.safeParse(json);
      const message = error.success ? `${error.data.code} ${error.data.message}` : `HTTP ${response.status}`;
      const failure = new ChannelError(
        `wechatpay refused: ${message}`,
        error.success ? error.data.message : null,
      );
      throw Object.assign(failure, { status: response.status, code: error.success ? error.data.code : null });
    }
    return { status: response.status, json };
  }

  /** The notify's parsed body once its signature is verified; null when it is not WeChat Pay's. */
  function verifiedNotify(rawBody: Buffer, headers: NotifyHeaders) {
    const body = rawBody.toString('utf8');
    // Nothing is read before the signature is verified.
    if (
      signatureProblem(headers, body, {
        serial: config.publicKeyId,
        key: publicKey,
        nowSeconds: nowSeconds(),
      })
    )
      return null;
    const notify = notifySchema.safeParse(JSON.parse(body));
    return notify.success ? notify.data : null;
  }

  /** The payload of a transaction the shop opened, or null while it can still be paid; throws when it is not ours. */
  function payloadOf(transaction: Transaction, tradeNo: string): NotifyPayload | null {
    if (transaction.out_trade_no !== tradeNo || (transaction.mchid && transaction.mchid !== config.mchid))
      throw new ChannelError(`wechatpay answered another trade than ${tradeNo}`);
    const state = transaction.trade_state;
    // SUCCESS, and REFUND (paid, then refunded in part or whole): it was paid.
    const status =
      state === 'SUCCESS' || state === 'REFUND'
        ? NotifyStatus.Success
        : state === 'CLOSED' || state === 'REVOKED'
          ? NotifyStatus.Closed
          : state === 'PAYERROR'
            ? NotifyStatus.Failed
            : null;
    if (status === null) return null;
    const amount = transaction.amount;
    if (!amount) throw new ChannelError('wechatpay answered a transaction without amount');
    const currency = amount.currency;
    if (currency !== 'CNY' && currency !== 'AUD')
      throw new ChannelError(`wechatpay answered currency ${currency.slice(0, 8)}`);
    return {
      tradeNo: transaction.out_trade_no,
      channelTradeNo: transaction.transaction_id ?? transaction.out_trade_no,
      status,
      amount: amount.total,
      currency,
      paidAt: transaction.success_time ?? null,
    };
  }

  function refundState(json: unknown): ChannelRefundState {
    const parsed = refundSchema.safeParse(json);
    if (!parsed.success) throw new ChannelError('wechatpay answered a refund without its fields');
    const raw = (parsed.data.status ?? parsed.data.refund_status ?? 'PROCESSING').toUpperCase();
    const status =
      raw === 'SUCCESS'
        ? 'success'
        : raw === 'CLOSED'
          ? 'closed'
          : raw === 'ABNORMAL'
            ? 'abnormal'
            : 'processing';
    return {
      refundNo: parsed.data.out_refund_no,
      status,
      channelRefundNo: parsed.data.refund_id ?? parsed.data.id ?? null,
      amount: parsed.data.amount.refund,
      message: raw,
    };
  }

  /** A GET signed as the merchant (a bill's file, the global bill), its answer as it comes. */
  function signedGet(url: string, pathWithQuery: string, headers: Record<string, string> = {}) {
    return fetchImpl(url, {
      headers: {
        ...headers,
        'user-agent': 'shop-api wechatpay-v3',
        authorization: authorization({
          mchid: config.mchid,
          serialNo: config.serial,
          key: privateKey,
          method: 'GET',
          pathWithQuery,
          body: '',
          timestamp: nowSeconds(),
          nonce: newNonce(),
        }),
      },
      signal: AbortSignal.timeout(WECHATPAY_TIMEOUT_MS),
    });
  }

  /**
   * Downloads a bill file: a signed GET of `download_url`, whose answer WeChat Pay does not sign (the hash in the
   * signed answer that gave the address proves it). The address must be on the API's own host, so the shop's
   * signature is never sent elsewhere.
   */
  async function download(address: string): Promise<Buffer> {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new ChannelError('wechatpay answered a bad download_url');
    }
    if (url.origin !== new URL(config.apiUrl).origin)
      throw new ChannelError(`wechatpay download_url is not on ${new URL(config.apiUrl).host}`);
    const pathWithQuery = `${url.pathname}${url.search}`;
    try {
      const response = await signedGet(url.href, pathWithQuery);
      const file = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200)
        throw new ChannelError(`wechatpay bill download answered HTTP ${response.status}`);
      return file;
    } catch (error) {
      if (error instanceof ChannelError) throw error;
      throw new ChannelError(`wechatpay unreachable: ${(error as Error).message}`);
    }
  }

  /** The domestic trade bill of a day (CNY): its signed answer, then the file whose SHA1 that answer gave. */
  async function domesticStatement(day: string): Promise<StatementLine[]> {
    let json: unknown;
    try {
      ({ json } = await call('CNY', 'GET', `/v3/bill/tradebill?bill_date=${day}&bill_type=ALL`));
    } catch (error) {
      // A day on which nothing was paid or refunded has no bill.
      if ((error as { code?: unknown }).code === 'NO_STATEMENT_EXIST') return [];
      throw error;
    }
    const bill = billSchema.safeParse(json);
    if (!bill.success) throw new ChannelError('wechatpay answered a bill without its fields');
    if (bill.data.hash_type.toUpperCase() !== 'SHA1')
      throw new ChannelError(`wechatpay bill hash ${bill.data.hash_type.slice(0, 16)} is not SHA1`);
    const file = await download(bill.data.download_url);
    if (!billHashMatches(file, bill.data.hash_value))
      throw new ChannelError('wechatpay bill does not match its SHA1: refused');
    return parseTradeBill(file.toString('utf8'));
  }

  /**
   * The cross-border (AUD) bill of a day, WeChat Pay Global's "Downloading Reconciliation": a signed
   * `GET /v3/global/statements?date=YYYYMMDD&mchid=…` on the global host whose answer body is the bill itself.
   * Its signature is over `timestamp\nnonce\nsha1\n` (Wechatpay-Statement-Sha1, not the body); the signature is
   * verified first, then the body's SHA1 against that header, and only then is a row read. Null when WeChat Pay
   * has no bill for the day (NO_STATEMENT_EXIST), as for the domestic bill.
   */
  async function globalStatement(day: string): Promise<StatementLine[] | null> {
    const pathWithQuery = `/v3/global/statements?date=${day.replace(/-/g, '')}&mchid=${encodeURIComponent(config.mchid)}`;
    let response: Response;
    let file: Buffer;
    try {
      response = await signedGet(`${config.globalApiUrl}${pathWithQuery}`, pathWithQuery, {
        accept: 'text/plain, application/json',
        // The SHA1 is of the bill as sent: asked uncompressed so that it is the bytes hashed here.
        'accept-encoding': 'identity',
      });
      file = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw new ChannelError(`wechatpay unreachable: ${(error as Error).message}`);
    }
    const headers = Object.fromEntries(response.headers.entries());
    const verify = { serial: config.publicKeyId, key: publicKey, nowSeconds: nowSeconds() };
    if (response.status < 200 || response.status >= 300) {
      // A refusal is a JSON answer signed over its body, like any other.
      const text = file.toString('utf8');
      const problem = signatureProblem(headers, text, verify);
      if (problem)
        throw new ChannelError(
          `wechatpay answered HTTP ${response.status} GET /v3/global/statements without a valid signature (${problem})`,
        );
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        throw new ChannelError(`wechatpay answered HTTP ${response.status} without JSON`);
      }
      const error = errorSchema.safeParse(json);
      // A day on which nothing was paid or refunded has no bill.
      if (error.success && error.data.code === 'NO_STATEMENT_EXIST') return null;
      const message = error.success ? `${error.data.code} ${error.data.message}` : `HTTP ${response.status}`;
      throw new ChannelError(`wechatpay refused: ${message}`, error.success ? error.data.message : null);
    }
    const sha1 = headers['wechatpay-statement-sha1'] ?? '';
    if (!/^[0-9a-f]{40}$/i.test(sha1))
      throw new ChannelError('wechatpay global bill without its Wechatpay-Statement-Sha1: refused');
    const problem = signatureProblem(headers, sha1, verify);
    if (problem)
      throw new ChannelError(`wechatpay global bill without a valid signature (${problem}): refused`);
    if (!billHashMatches(file, sha1))
      throw new ChannelError('wechatpay global bill does not match its Wechatpay-Statement-Sha1: refused');
    return parseGlobalStatement(file.toString('utf8'));
  }

  const tradePath = (trade: TradeRef) =>
    `${isGlobal(trade.currency) ? '/v3/global/transactions' : '/v3/pay/transactions'}/out-trade-no/${encodeURIComponent(trade.tradeNo)}`;

  return {
    name: WECHATPAY_PROVIDER,

    async openQr(trade: ChannelTrade) {
      const common = {
        appid: config.appid,
        mchid: config.mchid,
        description: description(trade.subject),
        out_trade_no: trade.tradeNo,
        notify_url: absolute(trade.notifyUrl),
      };
      const { json } = isGlobal(trade.currency)
        ? await call(trade.currency, 'POST', '/v3/global/transactions/native', {
            ...common,
            trade_type: 'NATIVE',
            merchant_category_code: GLOBAL_MERCHANT_CATEGORY_CODE,
            amount: { total: trade.amount, currency: trade.currency },
          })
        : await call(trade.currency, 'POST', '/v3/pay/transactions/native', {
            ...common,
            amount: { total: trade.amount, currency: 'CNY' },
          });
      const parsed = z.object({ code_url: z.string().min(1).max(512) }).safeParse(json);
      if (!parsed.success) throw new ChannelError('wechatpay answered without code_url');
      return { qrCode: parsed.data.code_url };
    },

    async queryTrade(trade) {
      try {
        const { json } = await call(trade.currency, 'GET', `${tradePath(trade)}?mchid=${config.mchid}`);
        const parsed = transactionSchema.safeParse(json);
        if (!parsed.success) throw new ChannelError('wechatpay answered a transaction without its fields');
        return payloadOf(parsed.data, trade.tradeNo);
      } catch (error) {
        // Never opened at WeChat Pay (the shopper never reached the QR): nothing to settle.
        if ((error as { code?: unknown }).code === 'ORDER_NOT_EXIST') return null;
        throw error;
      }
    },

    async closeTrade(trade) {
      try {
        const { status } = await call(trade.currency, 'POST', `${tradePath(trade)}/close`, {
          mchid: config.mchid,
        });
        return status === 204 || status === 200;
      } catch (error) {
        if (error instanceof ChannelError) return false;
        throw error;
      }
    },

    async refund(request) {
      const { trade } = request;
      const body = {
        out_trade_no: trade.tradeNo,
        out_refund_no: request.refundNo,
        reason: description(request.reason || '订单退款').slice(0, 80),
        notify_url: absolute(request.notifyUrl),
        amount: { refund: request.amount, total: trade.amount, currency: trade.currency },
      };
      const { json } = isGlobal(trade.currency)
        ? await call(trade.currency, 'POST', '/v3/global/refunds', {
            ...body,
            mchid: config.mchid,
            appid: config.appid,
          })
        : await call(trade.currency, 'POST', '/v3/refund/domestic/refunds', body);
      return refundState(json);
    },

    async queryRefund(trade, refundNo) {
      const no = encodeURIComponent(refundNo);
      const { json } = isGlobal(trade.currency)
        ? await call(trade.currency, 'GET', `/v3/global/refunds/out-refund-no/${no}?mchid=${config.mchid}`)
        : await call(trade.currency, 'GET', `/v3/refund/domestic/refunds/${no}`);
      return refundState(json);
    },

    // The domestic trade bill lists the CNY trades; the cross-border (AUD) ones are in the global statement.
    statementCurrencies: ['CNY', 'AUD'],

    async fetchStatement(day) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new ChannelError('wechatpay bill: bad day');
      // Both bills are read and checked before either's lines are taken.
      const domestic = await domesticStatement(day);
      const global = await globalStatement(day);
      return [...domestic, ...(global ?? [])];
    },

    async bridgeForm() {
      throw new ChannelError('wechatpay has no bridge form: its trades are paid by QR code');
    },
    async proxyUrl() {
      throw new ChannelError('wechatpay has no proxy: its trades are paid by QR code');
    },
    async createCashier() {
      throw new ChannelError('wechatpay has no cashier page: its trades are paid by QR code');
    },

    async verifyNotify(rawBody, headers) {
      try {
        const notify = verifiedNotify(rawBody, headers);
        if (!notify?.event_type.startsWith('TRANSACTION.')) return null;
        const transaction = transactionSchema.safeParse(
          JSON.parse(decryptResource(config.apiV3Key, notify.resource)),
        );
        if (!transaction.success) return null;
        if (transaction.data.mchid !== config.mchid || transaction.data.appid !== config.appid) return null;
        const payload = payloadOf(transaction.data, transaction.data.out_trade_no);
        return payload?.status === NotifyStatus.Success ? payload : null;
      } catch {
        return null;
      }
    },

    async verifyRefundNotify(rawBody, headers) {
      try {
        const notify = verifiedNotify(rawBody, headers);
        const status = notify ? REFUND_EVENTS[notify.event_type] : undefined;
        if (!notify || !status) return null;
        const refund = refundResourceSchema.safeParse(
          JSON.parse(decryptResource(config.apiV3Key, notify.resource)),
        );
        if (!refund.success || refund.data.mchid !== config.mchid) return null;
        return {
          refundNo: refund.data.out_refund_no,
          tradeNo: refund.data.out_trade_no,
          channelRefundNo: refund.data.refund_id,
          status,
          amount: refund.data.amount.refund,
        };
      } catch {
        return null;
      }
    },

    acknowledge(outcome, reason): NotifyAcknowledgement {
      // WeChat Pay takes a bare 200/204 as received; anything else with {code, message} is sent again later.
      if (outcome === 'accepted') return { status: 204, contentType: 'text/plain; charset=utf-8', body: '' };
      return {
        status: outcome === 'rejected' ? 400 : 500,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({ code: 'FAIL', message: reason.slice(0, 200) || '失败' }),
      };
    },
  };
}
