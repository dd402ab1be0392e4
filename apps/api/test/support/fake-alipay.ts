import { createSign, createVerify, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';

/**
 * A stand-in for Alipay's open platform gateway on 127.0.0.1, written from the published protocol and apart from
 * the shop's adapter (which uses alipay-sdk), so that a mistake there is not repeated here:
 * - a request's parameters (query string and form body) are signed RSA2: RSA-SHA256 with the app's private key
 *   over every non-empty parameter but `sign`, sorted by name, as `k=v` joined by `&`; the fake verifies it with
 *   the app's public key, and checks app_id, sign_type, charset and that `timestamp` is Beijing time within 10
 *   minutes;
 * - an answer is `{"<method>_response":{…},"sign":"…"}`, the sign over the exact JSON text of the response
 *   object, with Alipay's private key (the test configures its public key as Alipay's);
 * - a notify is a form POST signed over every non-empty field but `sign` and `sign_type`;
 * - the page cashier (alipay.trade.page.pay) is a form the shopper's browser posts here: the fake shows a
 *   cashier page whose 确认付款 pays the trade, notifies the shop and sends the browser to return_url;
 * - the trade bill is a zip of GBK CSV files at the URL the download-URL query answers.
 */

export const FAKE_ALIPAY_APP_ID = '2021000123456789';
export const FAKE_ALIPAY_SELLER_ID = '2088102177846880';

export type AlipayAnswerForgery = 'none' | 'unsigned' | 'bad-signature';
export type AlipayNotifyForgery = 'none' | 'unsigned' | 'bad-signature' | 'tampered';

export interface FakeAlipayTrade {
  outTradeNo: string;
  tradeNo: string;
  /** Yuan with two decimals, as Alipay keeps it. */
  totalAmount: string;
  subject: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  notifyUrl: string;
  returnUrl: string;
  via: 'page' | 'precreate';
  createdAt: Date;
  paidAt: Date | null;
}

export interface FakeAlipayRefund {
  outTradeNo: string;
  outRequestNo: string;
  refundAmount: string;
  at: Date;
}

export interface AlipayReceived {
  method: string;
  signatureOk: boolean;
  timestampOk: boolean;
  params: Record<string, string>;
  biz: Record<string, unknown>;
}

export interface SignedAlipayNotify {
  body: string;
  fields: Record<string, string>;
}

function pem(key: KeyObject, type: 'pkcs1' | 'pkcs8' | 'spki'): string {
  return key.export({ format: 'pem', type }) as string;
}

/** The text an Alipay signature covers: non-empty parameters but the excluded ones, sorted, `k=v` by `&`. */
function signContent(params: Record<string, string>, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key) && params[key] !== '' && params[key] !== undefined)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

function beijingNow(offsetMs = 0): string {
  return new Date(Date.now() + offsetMs + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

function yuanToFen(text: string): number {
  const [whole, part = ''] = text.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

function fenToYuan(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** A GBK encoder made from Node's GBK decoder (the bill is GBK; Node encodes only UTF-8 itself). */
let gbkTable: Map<string, number[]> | null = null;
function gbk(text: string): Uint8Array {
  if (!gbkTable) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gbk');
    for (let lead = 0x81; lead <= 0xfe; lead += 1)
      for (let trail = 0x40; trail <= 0xfe; trail += 1) {
        if (trail === 0x7f) continue;
        const ch = decoder.decode(new Uint8Array([lead, trail]));
        if (ch.length === 1 && ch !== '\ufffd' && !gbkTable.has(ch)) gbkTable.set(ch, [lead, trail]);
      }
  }
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x80) out.push(code);
    else {
      const bytes = gbkTable.get(ch);
      if (!bytes) throw new Error(`fake alipay: ${ch} has no GBK code`);
      out.push(...bytes);
    }
  }
  return new Uint8Array(out);
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string,
  );
}

export class FakeAlipay {
  readonly server: Server;
  url = '';
  /** Alipay's own key pair: answers and notifies are signed with its private key. */
  readonly alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  /** The app's key pair: the shop signs with the private key, the fake verifies with the public one. */
  readonly appKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  readonly keyDir = mkdtempSync(join(tmpdir(), 'fake-alipay-'));
  trades = new Map<string, FakeAlipayTrade>();
  refunds: FakeAlipayRefund[] = [];
  received: AlipayReceived[] = [];
  forgery: AlipayAnswerForgery = 'none';
  /** The shop's http address notifies and the browser's return are sent to instead of SHOP_PUBLIC_URL's (e2e). */
  deliverTo: { publicUrl: string; localUrl: string } | null = null;
  /** What the shop answered the notifies the cashier page sent. */
  cashierNotifyAnswers: string[] = [];
  private sequence = 0;

  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  /** The environment that points the shop at this fake; the app key in PKCS#1 or PKCS#8. */
  env(publicUrl = 'https://shop.example', keyType: 'pkcs1' | 'pkcs8' = 'pkcs8'): Record<string, string> {
    const privateKeyFile = join(this.keyDir, `app_private_key_${keyType}.pem`);
    const publicKeyFile = join(this.keyDir, 'alipay_public_key.pem');
    writeFileSync(privateKeyFile, pem(this.appKeys.privateKey, keyType));
    writeFileSync(publicKeyFile, pem(this.alipayKeys.publicKey, 'spki'));
    return {
      SHOP_ALIPAY_APP_ID: FAKE_ALIPAY_APP_ID,
      SHOP_ALIPAY_PRIVATE_KEY_FILE: privateKeyFile,
      SHOP_ALIPAY_PUBLIC_KEY_FILE: publicKeyFile,
      SHOP_ALIPAY_GATEWAY_URL: `${this.url}/gateway.do`,
      SHOP_ALIPAY_SELLER_ID: FAKE_ALIPAY_SELLER_ID,
      SHOP_PUBLIC_URL: publicUrl,
    };
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private nextTradeNo(): string {
    this.sequence += 1;
    return `2026112822001${String(Date.now()).slice(-9)}${String(this.sequence).padStart(6, '0')}`;
  }

  private signWith(key: KeyObject, content: string): string {
    return createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
  }

  /** The shopper pays the trade (at the cashier page or by scanning): TRADE_SUCCESS with Alipay's trade_no. */
  pay(outTradeNo: string): FakeAlipayTrade {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`fake alipay: no trade ${outTradeNo}`);
    if (trade.status !== 'WAIT_BUYER_PAY')
      throw new Error(`fake alipay: trade ${outTradeNo} is ${trade.status}`);
    trade.status = 'TRADE_SUCCESS';
    trade.paidAt = new Date();
    return trade;
  }

  /** A shopper opens the trade without the shop (a precreate or a page the fake was not posted). */
  openTrade(outTradeNo: string, totalAmount: string, notifyUrl: string): FakeAlipayTrade {
    const trade: FakeAlipayTrade = {
      outTradeNo,
      tradeNo: this.nextTradeNo(),
      totalAmount,
      subject: '订单',
      status: 'WAIT_BUYER_PAY',
      notifyUrl,
      returnUrl: '',
      via: 'precreate',
      createdAt: new Date(),
      paidAt: null,
    };
    this.trades.set(outTradeNo, trade);
    return trade;
  }

  /** Alipay's asynchronous notify of the trade as it stands now, form-encoded and signed. */
  notify(
    outTradeNo: string,
    options: { overrides?: Record<string, string>; forgery?: AlipayNotifyForgery } = {},
  ): SignedAlipayNotify {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`fake alipay: no trade ${outTradeNo}`);
    const fields: Record<string, string> = {
      gmt_create: beijingNow(-60_000),
      charset: 'utf-8',
      seller_email: 'shop@example.com',
      subject: trade.subject,
      buyer_id: '2088102534368455',
      invoice_amount: trade.totalAmount,
      notify_id: randomBytes(16).toString('hex'),
      fund_bill_list: JSON.stringify([{ amount: trade.totalAmount, fundChannel: 'ALIPAYACCOUNT' }]),
      notify_type: 'trade_status_sync',
      trade_status: trade.status,
      receipt_amount: trade.totalAmount,
      buyer_pay_amount: trade.totalAmount,
      app_id: FAKE_ALIPAY_APP_ID,
      seller_id: FAKE_ALIPAY_SELLER_ID,
      notify_time: beijingNow(),
      version: '1.0',
      out_trade_no: trade.outTradeNo,
      total_amount: trade.totalAmount,
      trade_no: trade.tradeNo,
      auth_app_id: FAKE_ALIPAY_APP_ID,
      buyer_logon_id: 'buy***@example.com',
      point_amount: '0.00',
      ...(trade.paidAt ? { gmt_payment: beijingNow(trade.paidAt.getTime() - Date.now()) } : {}),
      ...options.overrides,
    };
    const forgery = options.forgery ?? 'none';
    if (forgery !== 'unsigned') {
      const key = forgery === 'bad-signature' ? this.appKeys.privateKey : this.alipayKeys.privateKey;
      fields.sign_type = 'RSA2';
      fields.sign = this.signWith(key, signContent(fields, ['sign', 'sign_type']));
    }
    // Changed after signing: the signature no longer covers what the body says.
    if (forgery === 'tampered') fields.total_amount = '0.01';
    return { fields, body: new URLSearchParams(fields).toString() };
  }

  /** Posts a notify to the shop as Alipay does; resolves with what the shop answered. */
  async deliver(notify: SignedAlipayNotify, notifyUrl: string): Promise<{ status: number; body: string }> {
    const res = await fetch(this.local(notifyUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: notify.body,
    });
    return { status: res.status, body: await res.text() };
  }

  private local(url: string): string {
    if (this.deliverTo && url.startsWith(this.deliverTo.publicUrl))
      return `${this.deliverTo.localUrl}${url.slice(this.deliverTo.publicUrl.length)}`;
    return url;
  }

  /** The trade bill of a day (Beijing) as Alipay's zip: the detail file and the summary file, both GBK. */
  billZip(day: string): Uint8Array {
    const inDay = (at: Date) => beijingNow(at.getTime() - Date.now()).startsWith(day);
    const rows: string[] = [];
    for (const trade of this.trades.values()) {
      if (!trade.paidAt || !inDay(trade.paidAt)) continue;
      const at = beijingNow(trade.paidAt.getTime() - Date.now());
      rows.push(
        [
          trade.tradeNo,
          trade.outTradeNo,
          '交易',
          trade.subject,
          at,
          at,
          '',
          '',
          '',
          '',
          'buy***@example.com',
          trade.totalAmount,
          trade.totalAmount,
          '0.00',
          '0.00',
          '0.00',
          '0.00',
          '0.00',
          '',
          '0.00',
          '0.00',
          '',
          '-0.00',
          '0.00',
          '',
        ]
          .map((v) => `${v}\t`)
          .join(','),
      );
    }
    for (const refund of this.refunds) {
      if (!inDay(refund.at)) continue;
      const trade = this.trades.get(refund.outTradeNo);
      const at = beijingNow(refund.at.getTime() - Date.now());
      rows.push(
        [
          trade?.tradeNo ?? '',
          refund.outTradeNo,
          '退款',
          trade?.subject ?? '',
          at,
          at,
          '',
          '',
          '',
          '',
          'buy***@example.com',
          `-${refund.refundAmount}`,
          `-${refund.refundAmount}`,
          '0.00',
          '0.00',
          '0.00',
          '0.00',
          '0.00',
          '',
          '0.00',
          '0.00',
          refund.outRequestNo,
          '0.00',
          '0.00',
          '',
        ]
          .map((v) => `${v}\t`)
          .join(','),
      );
    }
    const detail = [
      '#支付宝业务明细查询',
      `#账号：[${FAKE_ALIPAY_SELLER_ID}0156]`,
      `#起始日期：[${day.replace(/-/g, '')} 00:00:00]   终止日期：[${day.replace(/-/g, '')} 23:59:59]`,
      '#-----------------------------------------业务明细列表----------------------------------------',
      '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注',
      ...rows,
      '#-----------------------------------------业务明细列表结束------------------------------------',
      `#交易合计：${rows.length}笔`,
      `#导出时间：[${beijingNow()}]`,
    ].join('\r\n');
    const summary = [
      '#支付宝业务汇总查询',
      '门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）',
      `合计,,${rows.length},0,0.00,0.00`,
    ].join('\r\n');
    const base = `${FAKE_ALIPAY_SELLER_ID}0156_${day.replace(/-/g, '')}`;
    return zipSync({
      [`${base}_业务明细.csv`]: gbk(detail),
      [`${base}_业务明细(汇总).csv`]: gbk(summary),
    });
  }

  /** An answer as Alipay writes it: the response object's JSON text and its sign. */
  private answer(res: ServerResponse, method: string, response: Record<string, unknown>): void {
    const key = `${method.replace(/\./g, '_')}_response`;
    const inner = JSON.stringify(response);
    let body: string;
    if (this.forgery === 'unsigned') body = `{"${key}":${inner}}`;
    else {
      const signer = this.forgery === 'bad-signature' ? this.appKeys.privateKey : this.alipayKeys.privateKey;
      body = `{"${key}":${inner},"sign":"${this.signWith(signer, inner)}"}`;
    }
    res.writeHead(200, {
      'content-type': 'application/json;charset=utf-8',
      trace_id: randomBytes(8).toString('hex'),
    });
    res.end(body);
  }

  private async readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    try {
      if (url.pathname === '/gateway.do') return await this.gateway(req, res, url);
      if (url.pathname === '/cashier/pay' && req.method === 'POST') return await this.cashierPay(req, res);
      if (url.pathname.startsWith('/bill/') && req.method === 'GET') {
        const day = url.pathname.slice('/bill/'.length, '/bill/'.length + 10);
        res.writeHead(200, { 'content-type': 'application/zip' });
        res.end(Buffer.from(this.billZip(day)));
        return;
      }
      res.writeHead(404).end();
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  }

  private async gateway(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    if (req.method === 'POST')
      Object.assign(params, Object.fromEntries(new URLSearchParams(await this.readBody(req))));
    const method = params.method ?? '';
    const signatureOk =
      typeof params.sign === 'string' &&
      createVerify('RSA-SHA256')
        .update(signContent(params, ['sign']), 'utf8')
        .verify(this.appKeys.publicKey, params.sign, 'base64');
    const sentAt = Date.parse(`${(params.timestamp ?? '').replace(' ', 'T')}+08:00`);
    const timestampOk = Number.isFinite(sentAt) && Math.abs(sentAt - Date.now()) < 10 * 60_000;
    let biz: Record<string, unknown> = {};
    try {
      biz = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>;
    } catch {
      biz = {};
    }
    this.received.push({ method, signatureOk, timestampOk, params, biz });
    const fail = (code: string, msg: string, subCode: string, subMsg: string) =>
      this.answer(res, method, { code, msg, sub_code: subCode, sub_msg: subMsg });
    if (params.app_id !== FAKE_ALIPAY_APP_ID)
      return fail('40002', 'Invalid Arguments', 'isv.invalid-app-id', '无效的AppID参数');
    if (!signatureOk || params.sign_type !== 'RSA2')
      return fail('40002', 'Invalid Arguments', 'isv.invalid-signature', '验签出错');
    if (!timestampOk || params.charset !== 'utf-8' || params.version !== '1.0')
      return fail('40002', 'Invalid Arguments', 'isv.invalid-timestamp', '非法的时间戳参数');
    const outTradeNo = String(biz.out_trade_no ?? '');
    const trade = this.trades.get(outTradeNo);
    const notExist = () => fail('40004', 'Business Failed', 'ACQ.TRADE_NOT_EXIST', '交易不存在');
    switch (method) {
      case 'alipay.trade.page.pay':
      case 'alipay.trade.precreate': {
        if (trade && trade.status !== 'WAIT_BUYER_PAY')
          return fail('40004', 'Business Failed', 'ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
        const opened: FakeAlipayTrade = trade ?? {
          outTradeNo,
          tradeNo: this.nextTradeNo(),
          totalAmount: String(biz.total_amount),
          subject: String(biz.subject ?? ''),
          status: 'WAIT_BUYER_PAY',
          notifyUrl: params.notify_url ?? '',
          returnUrl: params.return_url ?? '',
          via: method === 'alipay.trade.page.pay' ? 'page' : 'precreate',
          createdAt: new Date(),
          paidAt: null,
        };
        this.trades.set(outTradeNo, opened);
        if (method === 'alipay.trade.precreate')
          return this.answer(res, method, {
            code: '10000',
            msg: 'Success',
            out_trade_no: outTradeNo,
            qr_code: `https://qr.alipay.com/bax0${randomBytes(10).toString('hex')}`,
          });
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(this.cashierPage(opened));
        return;
      }
      case 'alipay.trade.query':
        if (!trade) return notExist();
        return this.answer(res, method, {
          code: '10000',
          msg: 'Success',
          trade_no: trade.tradeNo,
          out_trade_no: trade.outTradeNo,
          buyer_logon_id: 'buy***@example.com',
          trade_status: trade.status,
          total_amount: trade.totalAmount,
          ...(trade.paidAt ? { send_pay_date: beijingNow(trade.paidAt.getTime() - Date.now()) } : {}),
        });
      case 'alipay.trade.close':
        if (!trade) return notExist();
        if (trade.status !== 'WAIT_BUYER_PAY')
          return fail('40004', 'Business Failed', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        trade.status = 'TRADE_CLOSED';
        return this.answer(res, method, {
          code: '10000',
          msg: 'Success',
          trade_no: trade.tradeNo,
          out_trade_no: outTradeNo,
        });
      case 'alipay.trade.refund': {
        if (!trade) return notExist();
        if (trade.status !== 'TRADE_SUCCESS')
          return fail('40004', 'Business Failed', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        const requestNo = String(biz.out_request_no ?? '');
        const done = this.refunds.filter((r) => r.outTradeNo === outTradeNo);
        const refunded = done.reduce((sum, r) => sum + yuanToFen(r.refundAmount), 0);
        const again = done.some((r) => r.outRequestNo === requestNo);
        if (!again) {
          const amount = yuanToFen(String(biz.refund_amount));
          if (refunded + amount > yuanToFen(trade.totalAmount))
            return fail('40004', 'Business Failed', 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
          this.refunds.push({
            outTradeNo,
            outRequestNo: requestNo,
            refundAmount: fenToYuan(amount),
            at: new Date(),
          });
        }
        const total = this.refunds
          .filter((r) => r.outTradeNo === outTradeNo)
          .reduce((s, r) => s + yuanToFen(r.refundAmount), 0);
        return this.answer(res, method, {
          code: '10000',
          msg: 'Success',
          trade_no: trade.tradeNo,
          out_trade_no: outTradeNo,
          buyer_logon_id: 'buy***@example.com',
          fund_change: again ? 'N' : 'Y',
          refund_fee: fenToYuan(total),
        });
      }
      case 'alipay.trade.fastpay.refund.query': {
        if (!trade) return notExist();
        const refund = this.refunds.find(
          (r) => r.outTradeNo === outTradeNo && r.outRequestNo === biz.out_request_no,
        );
        return this.answer(res, method, {
          code: '10000',
          msg: 'Success',
          trade_no: trade.tradeNo,
          out_trade_no: outTradeNo,
          ...(refund
            ? {
                out_request_no: refund.outRequestNo,
                total_amount: trade.totalAmount,
                refund_amount: refund.refundAmount,
                refund_status: 'REFUND_SUCCESS',
                gmt_refund_pay: beijingNow(refund.at.getTime() - Date.now()),
              }
            : {}),
        });
      }
      case 'alipay.data.dataservice.bill.downloadurl.query': {
        const day = String(biz.bill_date ?? '');
        if (biz.bill_type !== 'trade' || !/^\d{4}-\d{2}-\d{2}$/.test(day))
          return fail('40004', 'Business Failed', 'isp.bill_not_exist', '账单不存在');
        return this.answer(res, method, {
          code: '10000',
          msg: 'Success',
          bill_download_url: `${this.url}/bill/${day}.zip?downloadFileName=${day}.csv.zip&bizType=trade&fileId=${randomBytes(6).toString('hex')}`,
        });
      }
      default:
        return fail('40004', 'Business Failed', 'isv.invalid-method', `不支持的接口 ${method}`);
    }
  }

  /** Alipay's desktop cashier, much reduced: what is paid, and a button that pays it. */
  private cashierPage(trade: FakeAlipayTrade): string {
    return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>支付宝 - 网上支付 安全快速！</title>
<style>body{font-family:sans-serif;background:#f4f4f4;margin:0}header{background:#1677ff;color:#fff;padding:16px 32px;font-size:20px}
main{max-width:640px;margin:32px auto;background:#fff;padding:32px;border-radius:8px}.amount{font-size:28px;color:#f60}
button{background:#1677ff;color:#fff;border:0;border-radius:4px;padding:12px 32px;font-size:16px;cursor:pointer}</style></head>
<body><header>支付宝 收银台（测试）</header><main><p>订单：${escapeHtml(trade.subject)}</p>
<p>商户订单号：${escapeHtml(trade.outTradeNo)}</p><p>应付金额 <span class="amount">¥${escapeHtml(trade.totalAmount)}</span></p>
<form method="post" action="/cashier/pay"><input type="hidden" name="out_trade_no" value="${escapeHtml(trade.outTradeNo)}">
<button type="submit">确认付款</button></form></main></body></html>`;
  }

  /** 确认付款: the trade is paid, its notify is posted to the shop, and the browser goes back to return_url. */
  private async cashierPay(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await this.readBody(req));
    const trade = this.pay(form.get('out_trade_no') ?? '');
    const answer = await this.deliver(this.notify(trade.outTradeNo), trade.notifyUrl).catch(
      (error: Error) => ({
        status: 0,
        body: error.message,
      }),
    );
    this.cashierNotifyAnswers.push(answer.body);
    // The synchronous return: the trade's numbers, signed like a notify (the shop reads only its own state).
    const back: Record<string, string> = {
      charset: 'utf-8',
      out_trade_no: trade.outTradeNo,
      method: 'alipay.trade.page.pay.return',
      total_amount: trade.totalAmount,
      trade_no: trade.tradeNo,
      auth_app_id: FAKE_ALIPAY_APP_ID,
      version: '1.0',
      app_id: FAKE_ALIPAY_APP_ID,
      seller_id: FAKE_ALIPAY_SELLER_ID,
      timestamp: beijingNow(),
    };
    back.sign_type = 'RSA2';
    back.sign = this.signWith(this.alipayKeys.privateKey, signContent(back, ['sign', 'sign_type']));
    const target = new URL(this.local(trade.returnUrl));
    for (const [key, value] of Object.entries(back)) target.searchParams.set(key, value);
    res.writeHead(302, { location: target.toString() });
    res.end();
  }
}
