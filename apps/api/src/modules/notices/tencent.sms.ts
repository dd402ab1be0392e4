import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { TencentSmsConfig } from '../../config/env';
import { systemClock } from '../../lib/clock';
import {
  callGateway,
  mainlandMobile,
  readAnswer,
  SMS_GATEWAY_TIMEOUT_MS,
  type SmsGatewayOptions,
  sha256Hex,
  templateValues,
} from './sms.gateway';
import { gatewayTemplate, type SmsProvider, SmsSendError } from './sms.provider';

/**
 * Tencent Cloud SMS (SendSms, version 2021-01-11: cloud.tencent.com/document/api/382/55981; its error codes
 * 382/52075), signed with TC3-HMAC-SHA256 as published in '签名方法 v3' (tencentcloud.com/document/product/1021/34193);
 * docs/decisions/041-sms-gateways.md.
 */

export const TENCENT_SMS_PROVIDER = 'tencent';
const SERVICE = 'sms';
const ACTION = 'SendSms';
const VERSION = '2021-01-11';
const ALGORITHM = 'TC3-HMAC-SHA256';
const CONTENT_TYPE = 'application/json; charset=utf-8';
const GATEWAY = '腾讯云短信';

/**
 * Codes after which the same request can succeed later: Tencent's own faults ('请求下发短信超时…可重试解决') and its
 * API rate limits (RequestLimitExceeded.*: requests per second across all messages). LimitExceeded.* are the
 * per-number and daily caps the operator set in the console (30 seconds, an hour, a day): sending again soon hits
 * the same cap and a code that comes an hour late is useless, so they are not retried; nor are the wrong
 * template, sign name, number, balance, or signature (AuthFailure.*), which need a person.
 */
const RETRYABLE_CODES = new Set([
  'InternalError',
  'InternalError.Timeout',
  'InternalError.SendAndRecvFail',
  'RequestLimitExceeded',
]);
const isRetryableCode = (code: string) =>
  RETRYABLE_CODES.has(code) || code.startsWith('RequestLimitExceeded.');

const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

export interface Tc3Request {
  host: string;
  service: string;
  /** Lower-case header name → value of each header signed besides host (content-type, x-tc-action …). */
  headers: Record<string, string>;
  body: string;
  /** Unix seconds (X-TC-Timestamp); the credential's date is its UTC day. */
  timestamp: number;
  secretId: string;
  secretKey: string;
}

/** The Authorization of a POST with a JSON body (canonical URI '/', empty query string). */
export function tc3Authorization(request: Tc3Request): string {
  const signed: Record<string, string> = { ...request.headers, host: request.host };
  const names = Object.keys(signed)
    .map((name) => name.toLowerCase())
    .sort();
  const lower = Object.fromEntries(
    Object.entries(signed).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    'POST',
    '/',
    '',
    names.map((name) => `${name}:${(lower[name] ?? '').trim().toLowerCase()}\n`).join(''),
    signedHeaders,
    sha256Hex(request.body),
  ].join('\n');
  const date = new Date(request.timestamp * 1000).toISOString().slice(0, 10);
  const scope = `${date}/${request.service}/tc3_request`;
  const stringToSign = `${ALGORITHM}\n${request.timestamp}\n${scope}\n${sha256Hex(canonicalRequest)}`;
  const signingKey = hmac(hmac(hmac(`TC3${request.secretKey}`, date), request.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `${ALGORITHM} Credential=${request.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** SendSms's answer: Response.Error for a refused request, else one SendStatus per number. */
const answerSchema = z.object({
  Response: z.object({
    Error: z.object({ Code: z.string(), Message: z.string().optional() }).optional(),
    SendStatusSet: z
      .array(z.object({ Code: z.string(), Message: z.string().optional(), SerialNo: z.string().optional() }))
      .optional(),
  }),
});

/**
 * Sends the shop's template through Tencent: the number as +86…, the SDK app, the approved sign name and
 * template id, the parameters by position (SMS_TEMPLATE_PARAMS order) and the notice's reference as
 * SessionContext. A request Tencent refuses answers HTTP 200 with Response.Error; an accepted request carries
 * one SendStatus per number, whose Code 'Ok' means the message went to the carrier.
 */
export function createTencentSms(
  config: TencentSmsConfig,
  {
    fetch: fetchImpl = fetch,
    timeoutMs = SMS_GATEWAY_TIMEOUT_MS,
    clock = systemClock,
  }: SmsGatewayOptions = {},
): SmsProvider {
  const host = new URL(config.apiUrl).host;
  return {
    name: TENCENT_SMS_PROVIDER,
    async send(message) {
      mainlandMobile(message.phone);
      const body = JSON.stringify({
        PhoneNumberSet: [message.phone],
        SmsSdkAppId: config.sdkAppId,
        SignName: config.signName,
        TemplateId: gatewayTemplate(config.templates, message.template),
        TemplateParamSet: templateValues(message),
        SessionContext: message.reference,
      });
      const timestamp = Math.floor(clock().getTime() / 1000);
      const signedHeaders = { 'content-type': CONTENT_TYPE, 'x-tc-action': ACTION };
      const authorization = tc3Authorization({
        host,
        service: SERVICE,
        headers: signedHeaders,
        body,
        timestamp,
        secretId: config.secretId,
        secretKey: config.secretKey,
      });
      const { status, text } = await callGateway(
        GATEWAY,
        fetchImpl,
        `${config.apiUrl}/`,
        {
          method: 'POST',
          headers: {
            ...signedHeaders,
            authorization,
            'x-tc-timestamp': String(timestamp),
            'x-tc-version': VERSION,
            'x-tc-region': config.region,
          },
          body,
        },
        timeoutMs,
      );
      const answer = readAnswer(answerSchema, text);
      if (status >= 500 || !answer)
        throw new SmsSendError(`${GATEWAY}应答异常：HTTP ${status}`, status >= 500 || status === 429);
      const { Error: error, SendStatusSet } = answer.Response;
      const refusal = error ?? SendStatusSet?.[0];
      const code = refusal?.Code;
      const serialNo = SendStatusSet?.[0]?.SerialNo;
      if (!error && code === 'Ok') {
        if (serialNo) return { providerMessageId: serialNo };
        // Accepted without the id: sending again would send twice.
        throw new SmsSendError(`${GATEWAY}受理了短信却没有返回 SerialNo`, false, code);
      }
      const detail = refusal?.Message ?? '没有发送状态';
      throw new SmsSendError(
        `${GATEWAY}拒绝发送：${code ?? `HTTP ${status}`} ${detail}`,
        code !== undefined && isRetryableCode(code),
        code,
      );
    },
  };
}
