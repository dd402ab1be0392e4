import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Stripe's API on 127.0.0.1, written from Stripe's published API reference (not from the shop's
 * adapter): form-encoded requests with bracket notation, `Authorization: Bearer <secret key>` checked on each,
 * `Idempotency-Key` honoured (the same key and parameters answer the same again, other parameters are an
 * idempotency_error), PaymentIntents (create/confirm/retrieve/cancel/search), refunds, balance transactions with
 * `expand`, errors as `{ error: { type, code, message } }`. It sends webhooks signed as Stripe does:
 * `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<payload>" with the endpoint's whsec_ secret>`.
 * Its Alipay redirect page authorizes or fails the payment, sends the webhook, and sends the browser to return_url.
 */

export const FAKE_STRIPE_KEY = 'sk_test_51FakeShopKey0000000000000000';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_FakeShopWebhookSecret000000000000';

type Json = Record<string, unknown>;

export interface FakeIntent extends Json {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  metadata: Record<string, string>;
  payment_method_types: string[];
  return_url: string | null;
  next_action: Json | null;
  last_payment_error: Json | null;
  latest_charge: string | null;
  created: number;
}

export interface FakeRefund extends Json {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  status: string;
  payment_intent: string;
  charge: string;
  metadata: Record<string, string>;
  failure_reason: string | null;
  created: number;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  authorized: boolean;
  params: Json;
}

export interface SignedWebhook {
  headers: Record<string, string>;
  body: string;
}

/** Parses Stripe's form encoding (`a[b][0]=x`) into objects; numeric keys make arrays. */
export function parseForm(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Json = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Json;
      }
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value as Json).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k)))
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
    return Object.fromEntries(entries);
  };
  return arrays(root) as Json;
}

const now = () => Math.floor(Date.now() / 1000);

export class FakeStripe {
  readonly server: Server;
  url = '';
  intents = new Map<string, FakeIntent>();
  refunds = new Map<string, FakeRefund>();
  charges = new Map<string, Json>();
  balanceTransactions: Json[] = [];
  received: ReceivedRequest[] = [];
  /** Refuses the next PaymentIntent with this message (HTTP 400 invalid_request_error). */
  refuseIntent: string | null = null;
  /** Refuses the next refunds with this message (HTTP 400 invalid_request_error). */
  refuseRefund: string | null = null;
  /** Where webhooks go (the shop's notify URL for stripe): set by the test. */
  webhookUrl: string | null = null;
  /** What the webhook endpoint answered, in order. */
  deliveries: { type: string; status: number; body: string }[] = [];
  private idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  private sequence = 0;

  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The environment that points the shop at this fake. */
  env(publicUrl = 'https://shop.example'): Record<string, string> {
    return {
      SHOP_STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      SHOP_STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      SHOP_STRIPE_API_URL: this.url,
      SHOP_PUBLIC_URL: publicUrl,
    };
  }

  private id(prefix: string): string {
    this.sequence += 1;
    return `${prefix}_${randomBytes(6).toString('hex')}${String(this.sequence).padStart(4, '0')}`;
  }

  /** A webhook for an event about `object`, signed with the secret at time `t` (the shop's check is 5 minutes). */
  signedEvent(type: string, object: Json, options: { secret?: string; t?: number } = {}): SignedWebhook {
    const body = JSON.stringify({
      id: this.id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      type,
      livemode: false,
      data: { object },
    });
    return { headers: this.signatureHeaders(body, options), body };
  }

  /** The `Stripe-Signature` header over `payload`. */
  signatureHeaders(payload: string, options: { secret?: string; t?: number } = {}): Record<string, string> {
    const t = options.t ?? now();
    const v1 = createHmac('sha256', options.secret ?? FAKE_STRIPE_WEBHOOK_SECRET)
      .update(`${t}.${payload}`, 'utf8')
      .digest('hex');
    return { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': `t=${t},v1=${v1}` };
  }

  /** Posts a signed webhook to `webhookUrl`, as Stripe does; resolves with the endpoint's answer. */
  async sendWebhook(type: string, object: Json): Promise<{ status: number; body: string }> {
    if (!this.webhookUrl) throw new Error('fake stripe: no webhook url');
    const webhook = this.signedEvent(type, object);
    const res = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: webhook.headers,
      body: webhook.body,
    });
    const answer = { status: res.status, body: await res.text() };
    this.deliveries.push({ type, ...answer });
    return answer;
  }

  /** The shopper completes the payment (Alipay authorized, WeChat Pay QR scanned): succeeded, with its charge. */
  pay(intentId: string, options: { amountReceived?: number; currency?: string } = {}): FakeIntent {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`fake stripe: no payment intent ${intentId}`);
    if (intent.status !== 'requires_action') throw new Error(`fake stripe: ${intentId} is ${intent.status}`);
    const charge = {
      id: this.id('py'),
      object: 'charge',
      amount: intent.amount,
      currency: intent.currency,
      payment_intent: intent.id,
      created: now(),
    };
    this.charges.set(charge.id, charge);
    intent.status = 'succeeded';
    intent.amount_received = options.amountReceived ?? intent.amount;
    if (options.currency) intent.currency = options.currency;
    intent.next_action = null;
    intent.latest_charge = charge.id;
    this.book('payment', charge.id, intent.amount, intent.currency);
    return intent;
  }

  /** The shopper's wallet refused (or they gave up): back to requires_payment_method with the error. */
  fail(intentId: string): FakeIntent {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`fake stripe: no payment intent ${intentId}`);
    intent.status = 'requires_payment_method';
    intent.next_action = null;
    intent.last_payment_error = {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
    };
    return intent;
  }

  /** The intent of our trade number. */
  intentOf(tradeNo: string): FakeIntent | undefined {
    return [...this.intents.values()].find((i) => i.metadata.tradeNo === tradeNo);
  }

  private book(type: string, source: string, amount: number, currency: string): void {
    this.balanceTransactions.unshift({
      id: this.id('txn'),
      object: 'balance_transaction',
      type,
      source,
      amount: type === 'payment_refund' ? -amount : amount,
      currency,
      created: now(),
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    if (url.pathname.startsWith('/redirect/')) return this.redirectPage(req, res, url, body);
    const params = parseForm(req.method === 'GET' ? url.search.slice(1) : body);
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    const authorized = req.headers.authorization === `Bearer ${FAKE_STRIPE_KEY}`;
    this.received.push({
      method: req.method ?? '',
      path: url.pathname,
      idempotencyKey: key,
      authorized,
      params,
    });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': this.id('req') });
      res.end(JSON.stringify(json));
    };
    if (!authorized)
      return send(401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' },
      });
    if (req.method === 'POST' && key) {
      const fingerprint = createHash('sha256').update(`${url.pathname}\n${body}`).digest('hex');
      const seen = this.idempotent.get(key);
      if (seen) {
        if (seen.fingerprint !== fingerprint)
          return send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
            },
          });
        res.writeHead(seen.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
        res.end(seen.body);
        return;
      }
      const [status, json] = this.route(req.method, url.pathname, params);
      const text = JSON.stringify(json);
      this.idempotent.set(key, { fingerprint, status, body: text });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(text);
      return;
    }
    const [status, json] = this.route(req.method ?? 'GET', url.pathname, params);
    send(status, json);
  }

  private route(method: string | undefined, path: string, p: Json): [number, unknown] {
    const missing = (what: string) =>
      [
        404,
        { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
      ] as [number, unknown];
    const invalid = (message: string, code = 'parameter_invalid') =>
      [400, { error: { type: 'invalid_request_error', code, message } }] as [number, unknown];
    if (method === 'POST' && path === '/v1/payment_intents') return this.createIntent(p, invalid);
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      const q = String(p.query ?? '').match(/^metadata\['(\w+)'\]:'([^']*)'$/);
      if (!q) return invalid('unsupported search query');
      const data = [...this.intents.values()].filter((i) => i.metadata[q[1] ?? ''] === q[2]);
      return [200, { object: 'search_result', data, has_more: false, url: path }];
    }
    const intentPath = path.match(/^\/v1\/payment_intents\/(pi_\w+)(\/cancel)?$/);
    const refundPath = path.match(/^\/v1\/refunds\/(re_\w+)$/);
    let m = intentPath && !intentPath[2] ? intentPath : null;
    if (m && method === 'GET') {
      const intent = this.intents.get(m[1] ?? '');
      return intent ? [200, intent] : missing(`payment_intent: '${m[1]}'`);
    }
    m = intentPath?.[2] ? intentPath : null;
    if (m && method === 'POST') {
      const intent = this.intents.get(m[1] ?? '');
      if (!intent) return missing(`payment_intent: '${m[1]}'`);
      if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status))
        return invalid(
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          'payment_intent_unexpected_state',
        );
      intent.status = 'canceled';
      intent.next_action = null;
      Object.assign(intent, { cancellation_reason: p.cancellation_reason ?? null, canceled_at: now() });
      return [200, intent];
    }
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(p, invalid, missing);
    if (method === 'GET' && path === '/v1/refunds') {
      const data = [...this.refunds.values()].filter(
        (r) => !p.payment_intent || r.payment_intent === p.payment_intent,
      );
      return [200, { object: 'list', data, has_more: false, url: path }];
    }
    m = refundPath;
    if (m && method === 'GET') {
      const refund = this.refunds.get(m[1] ?? '');
      return refund ? [200, refund] : missing(`refund: '${m[1]}'`);
    }
    if (method === 'GET' && path === '/v1/balance_transactions') return this.listBalance(p);
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    ];
  }

  private createIntent(p: Json, invalid: (m: string, c?: string) => [number, unknown]): [number, unknown] {
    if (this.refuseIntent) {
      const message = this.refuseIntent;
      this.refuseIntent = null;
      return invalid(message, 'payment_method_unactivated');
    }
    const amount = Number(p.amount);
    if (!Number.isInteger(amount) || amount < 50) return invalid('amount must be an integer of at least 50');
    const types = (p.allowed_payment_method_types ?? p.payment_method_types) as string[] | undefined;
    const type = (p.payment_method_data as Json | undefined)?.type as string | undefined;
    if (!Array.isArray(types) || !type || !types.includes(type))
      return invalid('payment_method_data[type] must be one of the allowed payment method types');
    if (p.currency !== 'aud' && p.currency !== 'cny')
      return invalid(`currency ${String(p.currency)} not supported`);
    const confirm = p.confirm === 'true';
    const returnUrl = typeof p.return_url === 'string' ? p.return_url : null;
    if (returnUrl !== null && !confirm) return invalid('return_url can only be passed when confirm=true');
    if (type === 'alipay' && confirm && !returnUrl) return invalid('return_url is required for alipay');
    if (type === 'wechat_pay' && confirm) {
      const client = ((p.payment_method_options as Json | undefined)?.wechat_pay as Json | undefined)?.client;
      if (client !== 'web' && client !== 'mobile')
        return invalid('payment_method_options[wechat_pay][client] is required');
    }
    const id = this.id('pi');
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: String(p.currency),
      status: confirm ? 'requires_action' : 'requires_payment_method',
      metadata: (p.metadata as Record<string, string> | undefined) ?? {},
      payment_method_types: [type],
      description: p.description ?? null,
      return_url: returnUrl,
      next_action: null,
      last_payment_error: null,
      latest_charge: null,
      created: now(),
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
    };
    if (confirm && type === 'alipay')
      intent.next_action = {
        type: 'alipay_handle_redirect',
        alipay_handle_redirect: {
          url: `${this.url}/redirect/alipay/${id}`,
          return_url: returnUrl,
          native_url: null,
          native_data: null,
        },
      };
    if (confirm && type === 'wechat_pay') {
      const data = `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}`;
      intent.next_action = {
        type: 'wechat_pay_display_qr_code',
        wechat_pay_display_qr_code: {
          data,
          hosted_instructions_url: `${this.url}/redirect/wechat/${id}`,
          image_data_url: 'data:image/png;base64,',
          image_url_png: `${this.url}/qr/${id}.png`,
          image_url_svg: `${this.url}/qr/${id}.svg`,
        },
      };
    }
    this.intents.set(id, intent);
    return [200, intent];
  }

  private createRefund(
    p: Json,
    invalid: (m: string, c?: string) => [number, unknown],
    missing: (w: string) => [number, unknown],
  ): [number, unknown] {
    const intent = this.intents.get(String(p.payment_intent ?? ''));
    if (!intent) return missing(`payment_intent: '${String(p.payment_intent)}'`);
    if (this.refuseRefund) {
      const message = this.refuseRefund;
      this.refuseRefund = null;
      return invalid(message, 'charge_already_refunded');
    }
    if (intent.status !== 'succeeded' || !intent.latest_charge)
      return invalid('This PaymentIntent does not have a successful charge to refund.');
    const refunded = [...this.refunds.values()]
      .filter((r) => r.payment_intent === intent.id && r.status !== 'failed' && r.status !== 'canceled')
      .reduce((sum, r) => sum + r.amount, 0);
    const amount = p.amount === undefined ? intent.amount_received - refunded : Number(p.amount);
    if (!Number.isInteger(amount) || amount <= 0 || refunded + amount > intent.amount_received)
      return invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge`,
        'amount_too_large',
      );
    const refund: FakeRefund = {
      id: this.id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      status: 'pending',
      payment_intent: intent.id,
      charge: intent.latest_charge,
      metadata: (p.metadata as Record<string, string> | undefined) ?? {},
      reason: p.reason ?? null,
      failure_reason: null,
      created: now(),
    };
    this.refunds.set(refund.id, refund);
    return [200, refund];
  }

  /** The refund reaches the wallet (or fails): its final status; a success is booked in the balance. */
  settleRefund(refundId: string, status: 'succeeded' | 'failed' = 'succeeded'): FakeRefund {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`fake stripe: no refund ${refundId}`);
    refund.status = status;
    if (status === 'failed') refund.failure_reason = 'expired_or_canceled_card';
    else this.book('payment_refund', refund.id, refund.amount, refund.currency);
    return refund;
  }

  private listBalance(p: Json): [number, unknown] {
    const created = (p.created ?? {}) as Json;
    const gte = created.gte === undefined ? -Infinity : Number(created.gte);
    const lt = created.lt === undefined ? Infinity : Number(created.lt);
    const limit = Math.min(100, Math.max(1, Number(p.limit ?? 10)));
    let rows = this.balanceTransactions.filter((t) => Number(t.created) >= gte && Number(t.created) < lt);
    if (typeof p.starting_after === 'string') {
      const at = rows.findIndex((t) => t.id === p.starting_after);
      rows = at < 0 ? [] : rows.slice(at + 1);
    }
    const page = rows.slice(0, limit);
    const expand = (Array.isArray(p.expand) ? p.expand : []) as string[];
    const data = page.map((t) => {
      if (!expand.some((e) => e === 'data.source' || e.startsWith('data.source.'))) return t;
      const id = String(t.source);
      const source: Json | undefined = id.startsWith('re_')
        ? { ...this.refunds.get(id) }
        : { ...this.charges.get(id) };
      if (source && expand.includes('data.source.payment_intent'))
        source.payment_intent = this.intents.get(String(source.payment_intent)) ?? source.payment_intent;
      return { ...t, source };
    });
    return [200, { object: 'list', data, has_more: rows.length > limit, url: '/v1/balance_transactions' }];
  }

  /** Moves a booked transaction to another time (a statement of another day). */
  backdate(source: string, unixSeconds: number): void {
    for (const t of this.balanceTransactions) if (t.source === source) t.created = unixSeconds;
  }

  /**
   * Stripe's Alipay redirect page: the shopper authorizes (or not); Stripe then sends the signed webhook and the
   * browser back to the return_url with payment_intent and redirect_status.
   */
  private async redirectPage(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    body: string,
  ): Promise<void> {
    const m = url.pathname.match(/^\/redirect\/alipay\/(pi_\w+)(\/(authorize|fail))?$/);
    const intent = m ? this.intents.get(m[1] ?? '') : undefined;
    if (!m || !intent) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('no such payment');
      return;
    }
    if (req.method === 'POST' && m[3]) {
      void body;
      if (intent.status === 'requires_action') {
        if (m[3] === 'authorize') {
          this.pay(intent.id);
          await this.sendWebhook('payment_intent.succeeded', intent);
        } else {
          this.fail(intent.id);
          await this.sendWebhook('payment_intent.payment_failed', intent);
        }
      }
      const back = new URL(intent.return_url ?? '/');
      back.searchParams.set('payment_intent', intent.id);
      back.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
      res.writeHead(303, { location: this.returnTo(back.toString()) });
      res.end();
      return;
    }
    const amount = (intent.amount / 100).toFixed(2);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Alipay test payment</title></head><body style="font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px">
<h1 style="font-size:20px">Alipay test payment page</h1>
<p>${intent.currency.toUpperCase()} ${amount}</p>
<form method="post" action="/redirect/alipay/${intent.id}/authorize"><button id="authorize" type="submit">Authorize test payment</button></form>
<form method="post" action="/redirect/alipay/${intent.id}/fail"><button id="fail" type="submit">Fail test payment</button></form>
</body></html>`);
  }

  /** The shop's return_url on its public address, turned into where the test's shop really listens (e2e). */
  returnTo(url: string): string {
    return this.publicToLocal ? url.replace(this.publicToLocal.publicUrl, this.publicToLocal.localUrl) : url;
  }

  publicToLocal: { publicUrl: string; localUrl: string } | null = null;
}
