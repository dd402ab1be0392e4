import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// Written apart from the shop's kuaidi100.provider.ts, from Kuaidi100's published enterprise API (订阅推送 and
// 实时查询), so that a mistake there is not repeated here.

export const FAKE_KUAIDI100_KEY = 'FakeKd100Key2026';
export const FAKE_KUAIDI100_CUSTOMER = 'F1A2B3C4D5E6F708192A3B4C5D6E7F80';
export const FAKE_KUAIDI100_SALT = 'shop-callback-salt-2026';

const md5Upper = (text: string) => createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();

/** A subscription Kuaidi100 accepted, with its parameters as sent. */
export interface FakeSubscription {
  company: string;
  number: string;
  key: string;
  callbackurl: string;
  salt: string;
  resultv2: string;
  phone: string | undefined;
}

/** One event of a parcel in the fake's books, its time in Beijing time 'yyyy-MM-dd HH:mm:ss'. */
export interface FakeEvent {
  time: string;
  context: string;
  areaName?: string;
}

/** A parcel as the fake's courier sees it: its state and its events, newest first. */
export interface FakeParcel {
  company: string;
  number: string;
  state: string;
  events: FakeEvent[];
}

/** A form Kuaidi100 posts to a callback: the news as JSON text, and its signature. */
export interface FakePush {
  param: string;
  sign: string;
}

/**
 * A stand-in for poll.kuaidi100.com on 127.0.0.1: it checks each request as Kuaidi100 does (the account's key in
 * a subscription; the customer id and the MD5 signature of a query), keeps the subscriptions it accepted and the
 * parcels a test gives it, and pushes a parcel's news to the subscription's callback address as Kuaidi100 does:
 * a form POST of `param` and `sign` = MD5(param + salt) in upper case.
 */
export class FakeKuaidi100 {
  readonly server: Server;
  url = '';
  subscriptions: FakeSubscription[] = [];
  /** Every request received, as its form fields. */
  requests: { path: string; form: Record<string, string> }[] = [];
  /** The next subscriptions answer these codes (after their key was checked). */
  plannedCodes: string[] = [];
  parcels = new Map<string, FakeParcel>();

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        const path = (req.url ?? '/').split('?')[0] ?? '/';
        this.requests.push({ path, form });
        const contentType = String(req.headers['content-type'] ?? '');
        const answer = contentType.startsWith('application/x-www-form-urlencoded')
          ? path === '/poll'
            ? this.subscribe(form)
            : path === '/poll/query.do'
              ? this.query(form)
              : { result: false, returnCode: '404', message: '接口不存在' }
          : { result: false, returnCode: '400', message: '请以表单提交' };
        res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
        res.end(JSON.stringify(answer));
      });
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private subscribe(form: Record<string, string>) {
    if (form.schema !== 'json' || !form.param)
      return { result: false, returnCode: '700', message: '参数错误' };
    let param: {
      company?: string;
      number?: string;
      key?: string;
      parameters?: Record<string, string>;
    };
    try {
      param = JSON.parse(form.param);
    } catch {
      return { result: false, returnCode: '700', message: 'param 不是 JSON' };
    }
    if (param.key !== FAKE_KUAIDI100_KEY)
      return { result: false, returnCode: '600', message: '您不是合法的订阅者' };
    const callbackurl = param.parameters?.callbackurl ?? '';
    if (!param.company || !param.number || !/^https?:\/\//.test(callbackurl))
      return { result: false, returnCode: '700', message: '订阅数据存在错误' };
    const planned = this.plannedCodes.shift();
    if (planned) return { result: false, returnCode: planned, message: `计划中的应答 ${planned}` };
    if (this.subscriptions.some((s) => s.company === param.company && s.number === param.number))
      return { result: false, returnCode: '501', message: '重复订阅' };
    this.subscriptions.push({
      company: param.company,
      number: param.number,
      key: param.key,
      callbackurl,
      salt: param.parameters?.salt ?? '',
      resultv2: param.parameters?.resultv2 ?? '',
      phone: param.parameters?.phone,
    });
    return { result: true, returnCode: '200', message: '提交成功' };
  }

  private query(form: Record<string, string>) {
    const param = form.param ?? '';
    if (form.customer !== FAKE_KUAIDI100_CUSTOMER)
      return { result: false, returnCode: '601', message: 'POLL:KEY已过期或customer错误' };
    if (form.sign !== md5Upper(param + FAKE_KUAIDI100_KEY + FAKE_KUAIDI100_CUSTOMER))
      return { result: false, returnCode: '503', message: '验证签名失败' };
    let asked: { com?: string; num?: string };
    try {
      asked = JSON.parse(param);
    } catch {
      return { result: false, returnCode: '400', message: '参数错误' };
    }
    const parcel = this.parcels.get(asked.num ?? '');
    if (!parcel || parcel.company !== asked.com)
      return { result: false, returnCode: '500', message: '查询无结果，请隔段时间再查' };
    return { message: 'ok', status: '200', condition: '00', ...this.result(parcel) };
  }

  /** A parcel's result as Kuaidi100 writes it (the query's answer, the push's lastResult). */
  private result(parcel: FakeParcel) {
    return {
      state: parcel.state,
      ischeck: parcel.state === '3' ? '1' : '0',
      com: parcel.company,
      nu: parcel.number,
      data: parcel.events.map((e) => ({
        context: e.context,
        time: e.time,
        ftime: e.time,
        areaName: e.areaName ?? '',
      })),
    };
  }

  /** The push Kuaidi100 would send for a parcel now: signed with the subscription's salt unless told otherwise. */
  pushOf(number: string, options: { status?: string; salt?: string } = {}): FakePush {
    const parcel = this.parcels.get(number);
    if (!parcel) throw new Error(`the fake has no parcel ${number}`);
    const subscription = this.subscriptions.find((s) => s.number === number);
    const param = JSON.stringify({
      status: options.status ?? (parcel.state === '3' ? 'shutdown' : 'polling'),
      billstatus: 'got',
      message: '',
      autoCheck: '0',
      comOld: '',
      comNew: '',
      lastResult: { message: 'ok', status: '200', condition: '00', ...this.result(parcel) },
    });
    return { param, sign: md5Upper(param + (options.salt ?? subscription?.salt ?? '')) };
  }

  /** Posts a push to the parcel's callback address as Kuaidi100 does; answers the shop's status and JSON. */
  async push(
    number: string,
    push: FakePush = this.pushOf(number),
    to?: string,
  ): Promise<{ status: number; body: { result?: boolean; returnCode?: string; message?: string } }> {
    const url = to ?? this.subscriptions.find((s) => s.number === number)?.callbackurl;
    if (!url) throw new Error(`nothing subscribed ${number}`);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ param: push.param, sign: push.sign }).toString(),
    });
    return { status: response.status, body: (await response.json()) as { result?: boolean } };
  }
}
