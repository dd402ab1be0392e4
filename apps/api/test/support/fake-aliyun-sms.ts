// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Alibaba's template wording names its variables ${name}.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type FakeAnswer, FakeSmsGateway, type RawRequest } from './fake-sms-gateway';

// Written apart from the shop's aliyun.sms.ts, from the published V3 signature, so that a mistake there is not
// repeated here.

export const FAKE_ALIYUN_ACCESS_KEY_ID = 'LTAI5tFakeSmsAccessKey01';
export const FAKE_ALIYUN_SIGN_NAME = '澳中批发';

/** The templates the fake's account had approved, with their wording (${name} is a variable). */
export const FAKE_ALIYUN_TEMPLATES: Readonly<Record<string, { key: string; text: string }>> = {
  SMS_465800001: { key: 'code', text: '您的验证码为：${code}，5分钟内有效，请勿泄露于他人。' },
  SMS_465800002: { key: 'paid', text: '您的订单${orderNo}已支付成功，我们将尽快安排发货。' },
  SMS_465800003: { key: 'shipped', text: '您的订单${orderNo}已由${courier}发出，运单号${trackingNo}。' },
  SMS_465800004: { key: 'pickup', text: '您的订单${orderNo}可以自提了，地址：${address}。' },
  SMS_465800005: { key: 'cancelled', text: '您的订单${orderNo}已取消。' },
  SMS_465800006: { key: 'refunded', text: '您的订单${orderNo}已退款${amount}。' },
  SMS_465800007: { key: 'ticketAnswered', text: '您的工单“${title}”有了新的回复。' },
  SMS_465800008: { key: 'rechargeApproved', text: '您的充值${amount}已到账。' },
  SMS_465800009: { key: 'rechargeRefused', text: '您的充值${amount}未通过审核。' },
};

/** A message Alibaba accepted, with the text the member's phone shows. */
export interface FakeAliyunMessage {
  bizId: string;
  phoneNumbers: string;
  signName: string;
  templateCode: string;
  templateParam: Record<string, string>;
  outId: string | undefined;
  text: string;
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** RFC 3986: only A-Z a-z 0-9 - _ . ~ stay as they are. */
function rfc3986(value: string): string {
  return Array.from(Buffer.from(value, 'utf8'))
    .map((byte) => {
      const c = String.fromCharCode(byte);
      return /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

const header = (request: RawRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/**
 * The V3 signature of a request as it arrived: its method, path, query (decoded, re-encoded, sorted), the signed
 * headers' values and the x-acs-content-sha256 it declares, HMAC-SHA256 with the AccessKey secret (hex).
 */
export function acs3Signature(request: RawRequest, signedHeaders: string, secret: string): string {
  const [path = '', query = ''] = request.url.split('?');
  const canonicalQueryString = (query === '' ? [] : query.split('&'))
    .map((pair) => pair.split('=').map((part) => rfc3986(decodeURIComponent(part))))
    .sort(([a = ''], [b = '']) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name = '', value = '']) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [
    request.method,
    path,
    canonicalQueryString,
    signedHeaders
      .split(';')
      .map((name) => `${name}:${(header(request, name) ?? '').trim()}\n`)
      .join(''),
    signedHeaders,
    header(request, 'x-acs-content-sha256') ?? '',
  ].join('\n');
  return createHmac('sha256', secret)
    .update(`ACS3-HMAC-SHA256\n${sha256Hex(canonicalRequest)}`)
    .digest('hex');
}

/**
 * A stand-in for dysmsapi.aliyuncs.com (SendSms, 2017-05-25) on 127.0.0.1: it recomputes each request's
 * ACS3-HMAC-SHA256 signature from what arrived (method, path, query, the signed headers, the body's hash) and
 * refuses a wrong one with SignatureDoesNotMatch (HTTP 400), an unknown key with InvalidAccessKeyId.NotFound
 * (404), a reused nonce or a date more than 15 minutes off as Alibaba does; then checks the number, sign name,
 * template and its variables with the isv.* codes of the SMS API, and keeps what it accepted.
 */
export class FakeAliyunSms extends FakeSmsGateway<FakeAliyunMessage> {
  readonly accessKeySecret = randomBytes(15).toString('hex');
  private nonces = new Set<string>();
  private sequence = 0;

  /** The environment that points the shop at this fake. */
  env(): Record<string, string> {
    return {
      SHOP_SMS_ALIYUN_ACCESS_KEY_ID: FAKE_ALIYUN_ACCESS_KEY_ID,
      SHOP_SMS_ALIYUN_ACCESS_KEY_SECRET: this.accessKeySecret,
      SHOP_SMS_ALIYUN_SIGN_NAME: FAKE_ALIYUN_SIGN_NAME,
      SHOP_SMS_ALIYUN_TEMPLATES: Object.entries(FAKE_ALIYUN_TEMPLATES)
        .map(([code, { key }]) => `${key}:${code}`)
        .join(','),
      SHOP_SMS_ALIYUN_URL: this.url,
    };
  }

  private answer(
    status: number,
    code: string,
    message: string,
    extra: Record<string, unknown> = {},
  ): FakeAnswer {
    return {
      status,
      body: {
        RequestId: randomBytes(16).toString('hex').toUpperCase(),
        ...(status === 200 ? {} : { HostId: 'dysmsapi.aliyuncs.com' }),
        Code: code,
        Message: message,
        ...extra,
      },
    };
  }

  /** null when the request is signed as V3 says with the account's key; else Alibaba's refusal. */
  private signatureRefusal(request: RawRequest): FakeAnswer | null {
    const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      header(request, 'authorization') ?? '',
    );
    if (!match)
      return this.answer(
        400,
        'IncompleteSignature',
        'The request signature does not conform to Aliyun standards.',
      );
    const [, keyId = '', signedHeaders = '', signature = ''] = match;
    if (keyId !== FAKE_ALIYUN_ACCESS_KEY_ID)
      return this.answer(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const names = signedHeaders.split(';');
    const present = Object.keys(request.headers).filter((name) => name.startsWith('x-acs-'));
    // Every common header present, and host, must be signed, in order.
    if (
      ![...present, 'host'].every((name) => names.includes(name)) ||
      names.join(';') !== [...names].sort().join(';')
    )
      return this.answer(400, 'SignatureDoesNotMatch', 'Specified signature does not match our calculation.');
    const date = Date.parse(header(request, 'x-acs-date') ?? '');
    if (!Number.isFinite(date) || Math.abs(Date.now() - date) > 15 * 60_000)
      return this.answer(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    const nonce = header(request, 'x-acs-signature-nonce') ?? '';
    if (this.nonces.has(nonce))
      return this.answer(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    const contentHash = header(request, 'x-acs-content-sha256') ?? '';
    const expected = Buffer.from(acs3Signature(request, signedHeaders, this.accessKeySecret), 'hex');
    if (contentHash !== sha256Hex(request.body) || !timingSafeEqual(expected, Buffer.from(signature, 'hex')))
      return this.answer(400, 'SignatureDoesNotMatch', 'Specified signature does not match our calculation.');
    this.nonces.add(nonce);
    return null;
  }

  protected handle(request: RawRequest): FakeAnswer {
    const refusal = this.signatureRefusal(request);
    if (refusal) return refusal;
    if (header(request, 'x-acs-action') !== 'SendSms' || header(request, 'x-acs-version') !== '2017-05-25')
      return this.answer(
        404,
        'InvalidAction.NotFound',
        'Specified api is not found, please check your url and method.',
      );
    const failure = this.failures.shift();
    if (failure && 'status' in failure)
      return this.answer(
        failure.status,
        'ServiceUnavailable',
        'The request has failed due to a temporary failure of the server.',
      );
    if (failure) return this.answer(200, failure.code, `planned ${failure.code}`);
    const params = Object.fromEntries(
      new URLSearchParams(request.url.split('?')[1] ?? '').entries(),
    ) as Record<string, string | undefined>;
    const phone = params.PhoneNumbers ?? '';
    if (!/^(\+?86|0086)?1\d{10}$/.test(phone))
      return this.answer(200, 'isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    if (params.SignName !== FAKE_ALIYUN_SIGN_NAME)
      return this.answer(200, 'isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
    const template = FAKE_ALIYUN_TEMPLATES[params.TemplateCode ?? ''];
    if (!template) return this.answer(200, 'isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
    let variables: Record<string, unknown>;
    try {
      variables = JSON.parse(params.TemplateParam ?? '{}') as Record<string, unknown>;
    } catch {
      return this.answer(200, 'isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    }
    const named = [...template.text.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1] ?? '');
    if (named.some((name) => typeof variables[name] !== 'string'))
      return this.answer(200, 'isv.TEMPLATE_MISSING_PARAMETERS', '模板变量缺少对应参数值');
    this.sequence += 1;
    const bizId = `${String(Date.now()).slice(-9)}${String(this.sequence).padStart(9, '0')}^0`;
    this.messages.push({
      bizId,
      phoneNumbers: phone,
      signName: params.SignName,
      templateCode: params.TemplateCode ?? '',
      templateParam: variables as Record<string, string>,
      outId: params.OutId,
      text: `【${params.SignName}】${template.text.replace(/\$\{(\w+)\}/g, (_, name: string) => String(variables[name]))}`,
    });
    return this.answer(200, 'OK', 'OK', { BizId: bizId });
  }
}
