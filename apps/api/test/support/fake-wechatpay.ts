import {
  createCipheriv,
  createHash,
  createSign,
  createVerify,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Written apart from the shop's own code (wechatpay.crypto.ts), so that a mistake there is not repeated here.
const TIMESTAMP_TOLERANCE_SECONDS = 300;

function rsaSign(key: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');
}

function rsaVerify(key: KeyObject, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/** The fields of `WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",…`; null for another schema. */
function parseAuthorization(header: string | undefined): Record<string, string> | null {
  const schema = 'WECHATPAY2-SHA256-RSA2048 ';
  if (!header?.startsWith(schema)) return null;
  return Object.fromEntries(
    header
      .slice(schema.length)
      .split(',')
      .map((part) => {
        const at = part.indexOf('=');
        return [
          part.slice(0, at).trim(),
          part
            .slice(at + 1)
            .trim()
            .replace(/^"|"$/g, ''),
        ];
      }),
  );
}

/**
 * A stand-in for WeChat Pay API v3 on 127.0.0.1, written from the published protocol: it checks each request's
 * WECHATPAY2-SHA256-RSA2048 signature with the merchant's public key, keeps the Native trades and refunds it was
 * asked for, signs every answer with its own key (the test configures its public key as WeChat Pay's), and
 * makes notifies signed the same way with their resource encrypted with the APIv3 key.
 */

export const FAKE_MCHID = '1900000109';
export const FAKE_APPID = 'wxd678efh567hg6787';
export const FAKE_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
export const FAKE_APIV3_KEY = 'a0B1c2D3e4F5g6H7i8J9k0L1m2N3o4P5';
export const FAKE_PUBLIC_KEY_ID = 'PUB_KEY_ID_0119000001092024112200000000000001';

/** How the fake spoils its answers, to test that the shop refuses what is not proven to be WeChat Pay's. */
export type AnswerForgery =
  | 'none'
  | 'unsigned'
  | 'bad-signature'
  | 'signtest'
  | 'wrong-serial'
  | 'old-timestamp';

export interface FakeTrade {
  outTradeNo: string;
  transactionId: string | null;
  global: boolean;
  total: number;
  currency: string;
  description: string;
  notifyUrl: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  successTime: string | null;
  body: Record<string, unknown>;
}

export interface FakeRefund {
  outRefundNo: string;
  refundId: string;
  outTradeNo: string;
  refund: number;
  total: number;
  currency: string;
  notifyUrl: string;
  status: 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED';
  /** When it succeeded (ISO), for the bill. */
  successTime: string | null;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  /** The query string ('' or '?…'). */
  query: string;
  signatureOk: boolean;
  body: Record<string, unknown> | null;
}

export interface SignedNotify {
  headers: Record<string, string>;
  body: string;
}

function pem(key: KeyObject, type: 'pkcs8' | 'spki'): string {
  return key.export({ format: 'pem', type }) as string;
}

export class FakeWechatPay {
  readonly server: Server;
  url = '';
  /** WeChat Pay's own key pair: answers and notifies are signed with its private key. */
  readonly platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  /** The merchant's key pair: the shop signs with the private key, the fake verifies with the public one. */
  readonly merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  readonly keyDir = mkdtempSync(join(tmpdir(), 'fake-wechatpay-'));
  trades = new Map<string, FakeTrade>();
  refunds = new Map<string, FakeRefund>();
  received: ReceivedRequest[] = [];
  forgery: AnswerForgery = 'none';
  /** Refuses the next refunds with this {code, message} (HTTP 400), as WeChat Pay does e.g. for NOT_ENOUGH. */
  refuseRefund: { code: string; message: string } | null = null;
  /** Answers the trade bill with a hash that is not the file's (a tampered or broken download). */
  wrongBillHash = false;
  /**
   * Spoils the cross-border statement: signed with another key, a Wechatpay-Statement-Sha1 that is not the
   * body's (still signed), or NO_STATEMENT_EXIST for a day that had trades.
   */
  globalStatementPlant: 'none' | 'bad-signature' | 'bad-sha1' | 'no-statement' = 'none';
  /** Bill files waiting to be downloaded, by token. */
  private billFiles = new Map<string, Buffer>();
  /** The shop's http address notifies are delivered to instead of SHOP_PUBLIC_URL's (e2e). */
  deliverTo: { publicUrl: string; localUrl: string } | null = null;
  private sequence = 0;

  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  /** The environment that points the shop at this fake. */
  env(publicUrl = 'https://shop.example'): Record<string, string> {
    const privateKeyFile = join(this.keyDir, 'apiclient_key.pem');
    const publicKeyFile = join(this.keyDir, 'pub_key.pem');
    writeFileSync(privateKeyFile, pem(this.merchant.privateKey, 'pkcs8'));
    writeFileSync(publicKeyFile, pem(this.platform.publicKey, 'spki'));
    return {
      SHOP_WECHATPAY_MCHID: FAKE_MCHID,
      SHOP_WECHATPAY_APPID: FAKE_APPID,
      SHOP_WECHATPAY_SERIAL: FAKE_SERIAL,
      SHOP_WECHATPAY_PRIVATE_KEY_FILE: privateKeyFile,
      SHOP_WECHATPAY_APIV3_KEY: FAKE_APIV3_KEY,
      SHOP_WECHATPAY_PUBLIC_KEY_ID: FAKE_PUBLIC_KEY_ID,
      SHOP_WECHATPAY_PUBLIC_KEY_FILE: publicKeyFile,
      SHOP_WECHATPAY_API_URL: this.url,
      SHOP_WECHATPAY_GLOBAL_API_URL: `${this.url}/hk`,
      SHOP_PUBLIC_URL: publicUrl,
    };
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Headers WeChat Pay puts on an answer or a notify: its signature over `ts\nnonce\nbody\n`. */
  signedHeaders(
    body: string,
    options: { forgery?: AnswerForgery; at?: number } = {},
  ): Record<string, string> {
    const forgery = options.forgery ?? 'none';
    const timestamp = String(
      (options.at ?? Math.floor(Date.now() / 1000)) -
        (forgery === 'old-timestamp' ? TIMESTAMP_TOLERANCE_SECONDS + 60 : 0),
    );
    const nonce = randomBytes(16).toString('hex');
    if (forgery === 'unsigned') return { 'request-id': this.requestId() };
    const signer = forgery === 'bad-signature' ? this.merchant.privateKey : this.platform.privateKey;
    let signature = rsaSign(signer, `${timestamp}\n${nonce}\n${body}\n`);
    if (forgery === 'signtest') signature = `WECHATPAY/SIGNTEST/${signature}`;
    return {
      'request-id': this.requestId(),
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial':
        forgery === 'wrong-serial' ? 'PUB_KEY_ID_0119000001092099999999999999999999' : FAKE_PUBLIC_KEY_ID,
    };
  }

  /** The shopper pays the trade in the chat app (now, or `at`): it becomes SUCCESS with a transaction_id. */
  pay(outTradeNo: string, options: { at?: Date } = {}): FakeTrade {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`fake wechatpay: no trade ${outTradeNo}`);
    if (trade.state !== 'NOTPAY') throw new Error(`fake wechatpay: trade ${outTradeNo} is ${trade.state}`);
    this.sequence += 1;
    trade.state = 'SUCCESS';
    trade.transactionId = `42000012${Date.now()}${String(this.sequence).padStart(6, '0')}`.slice(0, 32);
    trade.successTime = (options.at ?? new Date()).toISOString().replace(/\.\d{3}Z$/, '+00:00');
    return trade;
  }

  /** The transaction as WeChat Pay answers a query and encrypts it in a notify. */
  transaction(
    trade: FakeTrade,
    override: { total?: number; currency?: string } = {},
  ): Record<string, unknown> {
    return {
      appid: FAKE_APPID,
      mchid: FAKE_MCHID,
      out_trade_no: trade.outTradeNo,
      ...(trade.transactionId ? { transaction_id: trade.transactionId } : {}),
      trade_type: 'NATIVE',
      trade_state: trade.state,
      trade_state_desc:
        trade.state === 'SUCCESS' ? '支付成功' : trade.state === 'CLOSED' ? '订单已关闭' : '订单未支付',
      bank_type: 'OTHERS',
      attach: '',
      ...(trade.successTime ? { success_time: trade.successTime } : {}),
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: {
        total: override.total ?? trade.total,
        payer_total: override.total ?? trade.total,
        currency: override.currency ?? trade.currency,
        payer_currency: 'CNY',
      },
    };
  }

  /** A notify as WeChat Pay posts it: the resource encrypted with the APIv3 key, the whole signed. */
  notify(
    eventType: string,
    originalType: 'transaction' | 'refund',
    resource: Record<string, unknown>,
    options: { forgery?: AnswerForgery; apiV3Key?: string } = {},
  ): SignedNotify {
    const nonce = randomBytes(6).toString('hex');
    const associatedData = originalType;
    const cipher = createCipheriv(
      'aes-256-gcm',
      Buffer.from(options.apiV3Key ?? FAKE_APIV3_KEY, 'utf8'),
      Buffer.from(nonce),
    );
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const ciphertext = Buffer.concat([
      cipher.update(JSON.stringify(resource), 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]).toString('base64');
    const body = JSON.stringify({
      id: `EV-${randomBytes(8).toString('hex')}`,
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: eventType === 'TRANSACTION.SUCCESS' ? '支付成功' : '退款状态变化',
      resource: {
        original_type: originalType,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext,
        associated_data: associatedData,
        nonce,
      },
    });
    return {
      headers: { 'content-type': 'application/json', ...this.signedHeaders(body, options) },
      body,
    };
  }

  /** The TRANSACTION.SUCCESS notify of a paid trade (its amount and currency may be overridden to forge one). */
  paidNotify(
    outTradeNo: string,
    options: { total?: number; currency?: string; forgery?: AnswerForgery } = {},
  ): SignedNotify {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`fake wechatpay: no trade ${outTradeNo}`);
    return this.notify('TRANSACTION.SUCCESS', 'transaction', this.transaction(trade, options), options);
  }

  /** The refund's notify once it ends (REFUND.SUCCESS, REFUND.ABNORMAL or REFUND.CLOSED). */
  refundNotify(
    outRefundNo: string,
    status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED' = 'SUCCESS',
    options: { at?: Date } = {},
  ): SignedNotify {
    const refund = this.refunds.get(outRefundNo);
    if (!refund) throw new Error(`fake wechatpay: no refund ${outRefundNo}`);
    refund.status = status;
    if (status === 'SUCCESS') refund.successTime = (options.at ?? new Date()).toISOString();
    return this.notify(`REFUND.${status}`, 'refund', this.refundResource(refund));
  }

  /** Posts a notify to the shop's notify URL (mapped to the shop's local address); the shop's answer. */
  async deliver(notify: SignedNotify, notifyUrl: string): Promise<{ status: number; body: string }> {
    const url = this.deliverTo
      ? notifyUrl.replace(this.deliverTo.publicUrl, this.deliverTo.localUrl)
      : notifyUrl;
    const response = await fetch(url, { method: 'POST', headers: notify.headers, body: notify.body });
    return { status: response.status, body: await response.text() };
  }

  private refundResource(refund: FakeRefund): Record<string, unknown> {
    const trade = this.trades.get(refund.outTradeNo);
    return {
      mchid: FAKE_MCHID,
      out_trade_no: refund.outTradeNo,
      transaction_id: trade?.transactionId ?? '',
      out_refund_no: refund.outRefundNo,
      refund_id: refund.refundId,
      refund_status: refund.status,
      status: refund.status,
      ...(refund.status === 'SUCCESS' ? { success_time: new Date().toISOString() } : {}),
      user_received_account: '支付用户零钱',
      amount: {
        total: refund.total,
        refund: refund.refund,
        payer_total: refund.total,
        payer_refund: refund.refund,
        currency: refund.currency,
      },
    };
  }

  /**
   * The trade bill (bill_type ALL) of a Beijing day as WeChat Pay publishes it: the header, one line per paid
   * trade and per refund that succeeded that day with every field prefixed by a backtick, amounts in yuan, then
   * the summary's header and line. Null when nothing happened that day (WeChat Pay answers NO_STATEMENT_EXIST).
   */
  tradeBill(day: string): Buffer | null {
    const beijing = (iso: string) =>
      new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    const yuan = (fen: number) => (fen / 100).toFixed(2);
    const header =
      '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';
    const rows: string[][] = [];
    let paidTotal = 0;
    let refundTotal = 0;
    for (const trade of this.trades.values()) {
      if (!trade.successTime || trade.global || !beijing(trade.successTime).startsWith(day)) continue;
      paidTotal += trade.total;
      rows.push([
        beijing(trade.successTime),
        FAKE_APPID,
        FAKE_MCHID,
        '0',
        '',
        trade.transactionId ?? '',
        trade.outTradeNo,
        'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
        'NATIVE',
        'SUCCESS',
        'OTHERS',
        'CNY',
        yuan(trade.total),
        '0.00',
        '0',
        '0',
        '0.00',
        '0.00',
        '',
        '',
        trade.description.replace(/,/g, '，'),
        '',
        '0.00000',
        '0.60%',
        yuan(trade.total),
        '0.00',
        '',
      ]);
    }
    for (const refund of this.refunds.values()) {
      const trade = this.trades.get(refund.outTradeNo);
      if (refund.status !== 'SUCCESS' || !refund.successTime || !trade || trade.global) continue;
      if (!beijing(refund.successTime).startsWith(day)) continue;
      refundTotal += refund.refund;
      rows.push([
        beijing(refund.successTime),
        FAKE_APPID,
        FAKE_MCHID,
        '0',
        '',
        trade.transactionId ?? '',
        trade.outTradeNo,
        'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
        'NATIVE',
        'REFUND',
        'OTHERS',
        'CNY',
        '0.00',
        '0.00',
        refund.refundId,
        refund.outRefundNo,
        yuan(refund.refund),
        '0.00',
        'ORIGINAL',
        'SUCCESS',
        trade.description.replace(/,/g, '，'),
        '',
        '0.00000',
        '0.60%',
        '0.00',
        yuan(refund.refund),
        '',
      ]);
    }
    if (rows.length === 0) return null;
    const lines = [
      header,
      ...rows.map((fields) => fields.map((field) => `\`${field}`).join(',')),
      '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
      [rows.length, yuan(paidTotal), yuan(refundTotal), '0.00', '0.00000', yuan(paidTotal), yuan(refundTotal)]
        .map((field) => `\`${field}`)
        .join(','),
    ];
    return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
  }

  /**
   * The cross-border bill of a Beijing day as WeChat Pay Global's "Downloading Reconciliation" answers it: a text
   * table whose first row is the header (the Chinese edition's names), then one row per paid global trade and per
   * refund of one that succeeded that day, every field prefixed with a backtick, amounts in major units of the
   * priced currency. Null when nothing happened (NO_STATEMENT_EXIST).
   */
  globalBill(day: string): Buffer | null {
    const beijing = (iso: string) =>
      new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    const major = (minor: number) => (minor / 100).toFixed(2);
    const header =
      '交易时间,公众账号ID,商户号,子商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,充值券币种,充值券金额,优惠券币种,优惠券金额,微信退款单号,商户退款单号,退款类型,退款状态,商品名称,商户数据包,手续费,费率,标价币种,订单金额(标价币种),用户支付币种,用户支付金额,结算币种,应结订单金额,支付汇率,退款汇率,申请退款金额,用户退款币种,用户退款金额,退款结算币种,退款应结订单金额,充值券退款金额,优惠券退款金额';
    const line = (at: string, trade: FakeTrade, refund: FakeRefund | null): string[] => {
      const paid = refund ? '0.00' : major(trade.total);
      const refunded = refund ? major(refund.refund) : '0.00';
      return [
        beijing(at),
        FAKE_APPID,
        FAKE_MCHID,
        '',
        '',
        trade.transactionId ?? '',
        trade.outTradeNo,
        'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
        'NATIVE',
        refund ? 'REFUND' : 'SUCCESS',
        'OTHERS',
        '',
        '0.00',
        '',
        '0.00',
        refund?.refundId ?? '',
        refund?.outRefundNo ?? '',
        refund ? 'ORIGINAL' : '',
        refund ? 'SUCCESS' : '',
        trade.description,
        '',
        '0.00',
        '0.60%',
        trade.currency,
        paid,
        'CNY',
        paid,
        trade.currency,
        paid,
        '1.00000000',
        refund ? '1.00000000' : '',
        refunded,
        refund ? 'CNY' : '',
        refunded,
        refund ? trade.currency : '',
        refunded,
        '0.00',
        '0.00',
      ];
    };
    const rows: string[][] = [];
    for (const trade of this.trades.values()) {
      if (!trade.successTime || !trade.global || !beijing(trade.successTime).startsWith(day)) continue;
      rows.push(line(trade.successTime, trade, null));
    }
    for (const refund of this.refunds.values()) {
      const trade = this.trades.get(refund.outTradeNo);
      if (refund.status !== 'SUCCESS' || !refund.successTime || !trade?.global) continue;
      if (!beijing(refund.successTime).startsWith(day)) continue;
      rows.push(line(refund.successTime, trade, refund));
    }
    if (rows.length === 0) return null;
    const lines = [header, ...rows.map((fields) => fields.map((field) => `\`${field}`).join(','))];
    return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
  }

  private requestId(): string {
    return randomBytes(12).toString('hex');
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const method = req.method ?? 'GET';
    const pathWithQuery = req.url ?? '/';
    const url = new URL(pathWithQuery, 'http://fake');
    let path = url.pathname;
    const global = path.startsWith('/hk/');
    if (global) path = path.slice(3);
    const signedPath = global ? pathWithQuery.slice(3) : pathWithQuery;
    const body = raw === '' ? null : (JSON.parse(raw) as Record<string, unknown>);
    const signatureOk = this.requestSignatureOk(req.headers.authorization, method, signedPath, raw);
    this.received.push({
      method,
      path: `${global ? '/hk' : ''}${path}`,
      query: url.search,
      signatureOk,
      body,
    });

    const send = (status: number, value?: unknown) => {
      const text = value === undefined ? '' : JSON.stringify(value);
      res.writeHead(status, {
        ...(text ? { 'content-type': 'application/json; charset=utf-8' } : {}),
        ...this.signedHeaders(text, { forgery: this.forgery }),
      });
      res.end(text);
    };
    if (!signatureOk) return send(401, { code: 'SIGN_ERROR', message: '签名错误' });

    const tradeMatch = /^\/v3\/(pay|global)\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path);
    if (
      method === 'POST' &&
      (path === '/v3/pay/transactions/native' || path === '/v3/global/transactions/native')
    ) {
      const b = body as {
        out_trade_no: string;
        amount: { total: number; currency?: string };
        description: string;
        notify_url: string;
        mchid: string;
        appid: string;
      };
      if (b.mchid !== FAKE_MCHID || b.appid !== FAKE_APPID)
        return send(400, { code: 'PARAM_ERROR', message: 'mchid 或 appid 错误' });
      if (this.trades.has(b.out_trade_no)) {
        const existing = this.trades.get(b.out_trade_no);
        if (existing?.state !== 'NOTPAY') return send(400, { code: 'ORDERPAID', message: '该订单已支付' });
      }
      this.trades.set(b.out_trade_no, {
        outTradeNo: b.out_trade_no,
        transactionId: null,
        global: path.startsWith('/v3/global'),
        total: b.amount.total,
        currency: b.amount.currency ?? 'CNY',
        description: b.description,
        notifyUrl: b.notify_url,
        state: 'NOTPAY',
        successTime: null,
        body: b as unknown as Record<string, unknown>,
      });
      return send(200, { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}` });
    }
    if (tradeMatch) {
      const trade = this.trades.get(decodeURIComponent(tradeMatch[2] as string));
      if (tradeMatch[3]) {
        if (method !== 'POST') return send(405, { code: 'INVALID_REQUEST', message: 'method' });
        if (!trade) return send(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
        if (trade.state === 'SUCCESS') return send(400, { code: 'ORDERPAID', message: '订单已支付' });
        trade.state = 'CLOSED';
        return send(204);
      }
      if (url.searchParams.get('mchid') !== FAKE_MCHID)
        return send(400, { code: 'PARAM_ERROR', message: 'mchid' });
      if (!trade) return send(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return send(200, this.transaction(trade));
    }
    if (method === 'POST' && (path === '/v3/refund/domestic/refunds' || path === '/v3/global/refunds')) {
      if (this.refuseRefund) return send(400, this.refuseRefund);
      const b = body as {
        out_trade_no: string;
        out_refund_no: string;
        notify_url: string;
        amount: { refund: number; total: number; currency: string };
      };
      const trade = this.trades.get(b.out_trade_no);
      if (!trade || (trade.state !== 'SUCCESS' && trade.state !== 'REFUND'))
        return send(400, { code: 'INVALID_REQUEST', message: '订单未支付，不能退款' });
      if (b.amount.total !== trade.total)
        return send(400, { code: 'PARAM_ERROR', message: '订单金额与原订单不符' });
      const refunded = [...this.refunds.values()]
        .filter(
          (r) =>
            r.outTradeNo === trade.outTradeNo && r.status !== 'CLOSED' && r.outRefundNo !== b.out_refund_no,
        )
        .reduce((sum, r) => sum + r.refund, 0);
      if (refunded + b.amount.refund > trade.total)
        return send(403, { code: 'NOT_ENOUGH', message: '退款金额超过可退金额' });
      let refund = this.refunds.get(b.out_refund_no);
      if (!refund) {
        this.sequence += 1;
        refund = {
          outRefundNo: b.out_refund_no,
          refundId: `50000${Date.now()}${String(this.sequence).padStart(6, '0')}`,
          outTradeNo: trade.outTradeNo,
          refund: b.amount.refund,
          total: b.amount.total,
          currency: b.amount.currency,
          notifyUrl: b.notify_url,
          status: 'PROCESSING',
          successTime: null,
        };
        this.refunds.set(b.out_refund_no, refund);
        trade.state = 'REFUND';
      }
      return send(200, this.refundResource(refund));
    }
    if (method === 'GET' && path === '/v3/bill/tradebill') {
      const day = url.searchParams.get('bill_date') ?? '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || (url.searchParams.get('bill_type') ?? 'ALL') !== 'ALL')
        return send(400, { code: 'PARAM_ERROR', message: '参数错误' });
      const file = this.tradeBill(day);
      if (!file) return send(400, { code: 'NO_STATEMENT_EXIST', message: '账单文件不存在' });
      const token = randomBytes(16).toString('hex');
      this.billFiles.set(token, file);
      const hash = createHash('sha1')
        .update(this.wrongBillHash ? Buffer.concat([file, Buffer.from(' ')]) : file)
        .digest('hex');
      return send(200, {
        hash_type: 'SHA1',
        hash_value: hash,
        download_url: `${this.url}/v3/billdownload/file?token=${token}`,
      });
    }
    if (method === 'GET' && global && path === '/v3/global/statements') {
      // date=YYYYMMDD and mchid (a direct merchant), nothing else.
      const params = [...url.searchParams.keys()].sort().join(',');
      const date = url.searchParams.get('date') ?? '';
      if (params !== 'date,mchid' || !/^\d{8}$/.test(date) || url.searchParams.get('mchid') !== FAKE_MCHID)
        return send(400, { code: 'PARAM_ERROR', message: '参数错误' });
      const file =
        this.globalStatementPlant === 'no-statement'
          ? null
          : this.globalBill(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}`);
      if (!file) return send(404, { code: 'NO_STATEMENT_EXIST', message: '账单不存在' });
      // The answer is the bill; its signature is over `ts\nnonce\nsha1\n`, the SHA1 in its own header.
      const sha1 = createHash('sha1')
        .update(this.globalStatementPlant === 'bad-sha1' ? Buffer.concat([file, Buffer.from(' ')]) : file)
        .digest('hex');
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = randomBytes(16).toString('hex');
      const signer =
        this.globalStatementPlant === 'bad-signature' ? this.merchant.privateKey : this.platform.privateKey;
      res.writeHead(200, {
        'content-type': 'text/plain; charset=utf-8',
        'request-id': this.requestId(),
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-signature': rsaSign(signer, `${timestamp}\n${nonce}\n${sha1}\n`),
        'wechatpay-serial': FAKE_PUBLIC_KEY_ID,
        'wechatpay-statement-sha1': sha1,
      });
      return void res.end(file);
    }
    if (method === 'GET' && path === '/v3/billdownload/file') {
      // The file itself is not signed: the hash in the signed answer above proves it.
      const file = this.billFiles.get(url.searchParams.get('token') ?? '');
      if (!file) {
        res.writeHead(404, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ code: 'RESOURCE_NOT_EXISTS', message: '下载地址已失效' }));
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return void res.end(file);
    }
    const refundQuery = /^\/v3\/(?:refund\/domestic\/refunds|global\/refunds\/out-refund-no)\/([^/]+)$/.exec(
      path,
    );
    if (method === 'GET' && refundQuery) {
      const refund = this.refunds.get(decodeURIComponent(refundQuery[1] as string));
      if (!refund) return send(404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
      return send(200, this.refundResource(refund));
    }
    return send(404, { code: 'NOT_FOUND', message: `no such API ${method} ${path}` });
  }

  /** Whether the Authorization header is the merchant's WECHATPAY2-SHA256-RSA2048 signature of this request. */
  private requestSignatureOk(
    header: string | undefined,
    method: string,
    pathWithQuery: string,
    body: string,
  ): boolean {
    const fields = parseAuthorization(header);
    if (!fields) return false;
    const { mchid, nonce_str: nonce, signature, timestamp, serial_no: serial } = fields;
    if (mchid !== FAKE_MCHID || serial !== FAKE_SERIAL || !nonce || !signature || !timestamp) return false;
    if (Math.abs(Math.floor(Date.now() / 1000) - Number(timestamp)) > TIMESTAMP_TOLERANCE_SECONDS)
      return false;
    return rsaVerify(
      this.merchant.publicKey,
      `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`,
      signature,
    );
  }
}
