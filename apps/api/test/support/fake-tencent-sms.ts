import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { type FakeAnswer, FakeSmsGateway, type RawRequest } from './fake-sms-gateway';

// Written apart from the shop's tencent.sms.ts, from the published TC3-HMAC-SHA256 signature, so that a mistake
// there is not repeated here.

export const FAKE_TENCENT_SECRET_ID = 'AKIDfakeSmsSecretId0123456789abcdef';
export const FAKE_TENCENT_SDK_APP_ID = '1400006666';
export const FAKE_TENCENT_SIGN_NAME = '澳中批发';

/** The templates the fake's SDK app had approved, with their wording ({n} is the n-th parameter). */
export const FAKE_TENCENT_TEMPLATES: Readonly<Record<string, { key: string; text: string }>> = {
  '2301001': { key: 'code', text: '您的验证码为{1}，5分钟内有效，请勿泄露于他人。' },
  '2301002': { key: 'paid', text: '您的订单{1}已支付成功，我们将尽快安排发货。' },
  '2301003': { key: 'shipped', text: '您的订单{1}已由{2}发出，运单号{3}。' },
  '2301004': { key: 'pickup', text: '您的订单{1}可以自提了，地址：{2}。' },
  '2301005': { key: 'cancelled', text: '您的订单{1}已取消。' },
  '2301006': { key: 'refunded', text: '您的订单{1}已退款{2}。' },
  '2301007': { key: 'ticketAnswered', text: '您的工单“{1}”有了新的回复。' },
  '2301008': { key: 'rechargeApproved', text: '您的充值{1}已到账。' },
  '2301009': { key: 'rechargeRefused', text: '您的充值{1}未通过审核。' },
};

/** A message Tencent accepted, with the text the member's phone shows. */
export interface FakeTencentMessage {
  serialNo: string;
  phoneNumber: string;
  region: string;
  signName: string;
  templateId: string;
  templateParamSet: string[];
  sessionContext: string | undefined;
  text: string;
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmacSha256 = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

const header = (request: RawRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/**
 * The TC3 signature of a request as it arrived: method, path, query, the signed headers' values (lower-cased),
 * the body's hash; the string to sign with the timestamp and the credential's scope, signed with the key derived
 * from the SecretKey by date, service and 'tc3_request' (hex).
 */
export function tc3Signature(
  request: RawRequest,
  scope: { signedHeaders: string; timestamp: number; date: string; service: string },
  secretKey: string,
): string {
  const canonicalRequest = [
    request.method,
    request.url.split('?')[0],
    request.url.split('?')[1] ?? '',
    scope.signedHeaders
      .split(';')
      .map((name) => `${name}:${(header(request, name) ?? '').trim().toLowerCase()}\n`)
      .join(''),
    scope.signedHeaders,
    sha256Hex(request.body),
  ].join('\n');
  const stringToSign = `TC3-HMAC-SHA256\n${scope.timestamp}\n${scope.date}/${scope.service}/tc3_request\n${sha256Hex(canonicalRequest)}`;
  const key = hmacSha256(hmacSha256(hmacSha256(`TC3${secretKey}`, scope.date), scope.service), 'tc3_request');
  return hmacSha256(key, stringToSign).toString('hex');
}

/**
 * A stand-in for sms.tencentcloudapi.com (SendSms, 2021-01-11) on 127.0.0.1: it recomputes each request's
 * TC3-HMAC-SHA256 signature from what arrived (the signed headers, lower-cased, and the body's hash) and answers
 * a wrong one, as Tencent does, with HTTP 200 and Response.Error AuthFailure.SignatureFailure (an unknown
 * SecretId AuthFailure.SecretIdNotFound, a timestamp more than 5 minutes off AuthFailure.SignatureExpire); then
 * checks the app, sign name, template and the number of its parameters, answers one SendStatus per number, and
 * keeps what it accepted.
 */
export class FakeTencentSms extends FakeSmsGateway<FakeTencentMessage> {
  readonly secretKey = randomBytes(16).toString('hex');
  private sequence = 0;

  /** The environment that points the shop at this fake. */
  env(): Record<string, string> {
    return {
      SHOP_SMS_TENCENT_SECRET_ID: FAKE_TENCENT_SECRET_ID,
      SHOP_SMS_TENCENT_SECRET_KEY: this.secretKey,
      SHOP_SMS_TENCENT_SDK_APP_ID: FAKE_TENCENT_SDK_APP_ID,
      SHOP_SMS_TENCENT_SIGN_NAME: FAKE_TENCENT_SIGN_NAME,
      SHOP_SMS_TENCENT_TEMPLATES: Object.entries(FAKE_TENCENT_TEMPLATES)
        .map(([id, { key }]) => `${key}:${id}`)
        .join(','),
      SHOP_SMS_TENCENT_URL: this.url,
    };
  }

  private error(code: string, message: string): FakeAnswer {
    return {
      status: 200,
      body: { Response: { Error: { Code: code, Message: message }, RequestId: randomUUID() } },
    };
  }

  /** null when the request is signed as TC3-HMAC-SHA256 says with the account's key; else Tencent's refusal. */
  private signatureRefusal(request: RawRequest): FakeAnswer | null {
    const match =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        header(request, 'authorization') ?? '',
      );
    if (!match)
      return this.error('AuthFailure.InvalidAuthorization', 'Authorization header is not TC3-HMAC-SHA256.');
    const [, secretId = '', date = '', service = '', signedHeaders = '', signature = ''] = match;
    if (secretId !== FAKE_TENCENT_SECRET_ID)
      return this.error(
        'AuthFailure.SecretIdNotFound',
        'The SecretId is not found, please ensure that your SecretId is correct.',
      );
    const timestamp = Number(header(request, 'x-tc-timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300)
      return this.error(
        'AuthFailure.SignatureExpire',
        'Signature expired. Timestamp and server time cannot differ by more than 5 minutes.',
      );
    const names = signedHeaders.split(';');
    const fail = () =>
      this.error(
        'AuthFailure.SignatureFailure',
        'The provided credentials could not be validated. Please check your signature is correct.',
      );
    // content-type and host are always signed; the credential's day is the timestamp's UTC day.
    if (
      !names.includes('content-type') ||
      !names.includes('host') ||
      service !== 'sms' ||
      date !== new Date(timestamp * 1000).toISOString().slice(0, 10)
    )
      return fail();
    const expected = tc3Signature(request, { signedHeaders, timestamp, date, service }, this.secretKey);
    if (!timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(signature, 'hex'))) return fail();
    return null;
  }

  protected handle(request: RawRequest): FakeAnswer {
    const refusal = this.signatureRefusal(request);
    if (refusal) return refusal;
    if (header(request, 'x-tc-action') !== 'SendSms')
      return this.error('InvalidAction', 'The action is not found.');
    if (header(request, 'x-tc-version') !== '2021-01-11')
      return this.error('NoSuchVersion', 'The version is not found.');
    const region = header(request, 'x-tc-region') ?? '';
    if (region === '') return this.error('MissingParameter', 'The Region parameter is required.');
    const failure = this.failures.shift();
    if (failure && 'status' in failure) return { status: failure.status, body: 'upstream unavailable' };
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.body) as Record<string, unknown>;
    } catch {
      return this.error('FailedOperation.FailResolvePacket', '请求包解析失败');
    }
    // A request-wide refusal is Response.Error; a per-number one is that number's SendStatus.
    if (failure && !/^(LimitExceeded|FailedOperation|InvalidParameterValue)\./.test(failure.code))
      return this.error(failure.code, `planned ${failure.code}`);
    if (body.SmsSdkAppId !== FAKE_TENCENT_SDK_APP_ID)
      return this.error('InvalidParameterValue.SdkAppIdNotExist', 'SdkAppId 不存在');
    if (body.SignName !== FAKE_TENCENT_SIGN_NAME)
      return this.error('FailedOperation.SignatureIncorrectOrUnapproved', '签名未审批或格式错误');
    const template = FAKE_TENCENT_TEMPLATES[String(body.TemplateId)];
    if (!template)
      return this.error('FailedOperation.TemplateIncorrectOrUnapproved', '模板未审批或内容不匹配');
    const values = Array.isArray(body.TemplateParamSet) ? body.TemplateParamSet.map(String) : [];
    if (values.length !== (template.text.match(/\{\d+\}/g) ?? []).length)
      return this.error(
        'FailedOperation.TemplateParamSetNotMatchApprovedTemplate',
        '模板变量个数与审核通过的模板内容不匹配',
      );
    const phones = Array.isArray(body.PhoneNumberSet) ? body.PhoneNumberSet.map(String) : [];
    const sessionContext = typeof body.SessionContext === 'string' ? body.SessionContext : undefined;
    const SendStatusSet = phones.map((phone) => {
      const status = {
        PhoneNumber: phone,
        SessionContext: sessionContext ?? '',
        IsoCode: 'CN',
        Fee: 0,
        SerialNo: '',
      };
      if (failure) return { ...status, Code: failure.code, Message: `planned ${failure.code}` };
      if (!/^\+861\d{10}$/.test(phone))
        return { ...status, Code: 'InvalidParameterValue.IncorrectPhoneNumber', Message: '手机号格式错误' };
      this.sequence += 1;
      const serialNo = `2645:${String(Date.now()).slice(-10)}${String(this.sequence).padStart(8, '0')}`;
      this.messages.push({
        serialNo,
        phoneNumber: phone,
        region,
        signName: FAKE_TENCENT_SIGN_NAME,
        templateId: String(body.TemplateId),
        templateParamSet: values,
        sessionContext,
        text: `【${FAKE_TENCENT_SIGN_NAME}】${template.text.replace(/\{(\d+)\}/g, (_, n: string) => values[Number(n) - 1] ?? '')}`,
      });
      return { ...status, Fee: 1, SerialNo: serialNo, Code: 'Ok', Message: 'send success' };
    });
    return { status: 200, body: { Response: { SendStatusSet, RequestId: randomUUID() } } };
  }
}
