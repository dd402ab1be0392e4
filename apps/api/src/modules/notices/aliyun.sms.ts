import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { AliyunSmsConfig } from '../../config/env';
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
import { gatewayTemplate, SMS_TEMPLATE_PARAMS, type SmsProvider, SmsSendError } from './sms.provider';

/**
 * Alibaba Cloud SMS (dysmsapi 2017-05-25, SendSms: help.aliyun.com/document_detail/55284; its error codes
 * document_detail/101346), signed with the V3 signature ACS3-HMAC-SHA256 as published in 'V3版本请求体&签名机制'
 * (help.aliyun.com/document_detail/2593177); docs/decisions/041-sms-gateways.md.
 */

export const ALIYUN_SMS_PROVIDER = 'aliyun';
const ACTION = 'SendSms';
const VERSION = '2017-05-25';
const ALGORITHM = 'ACS3-HMAC-SHA256';
const GATEWAY = '阿里云短信';

/**
 * Codes after which the same request can succeed later: Alibaba's own faults and its API rate limits. Everything
 * else (a number, sign name or template it rejects, the account's daily cap, a per-number limit, no balance) needs
 * a person, or another message, before sending again; isv.BUSINESS_LIMIT_CONTROL is the per-number limit (one
 * code a minute, five an hour), where a code arriving after the wait is useless and the member asks again.
 */
const RETRYABLE_CODES = new Set(['isp.SYSTEM_ERROR', 'ServiceUnavailable', 'InternalError', 'Throttling']);
const isRetryableCode = (code: string) => RETRYABLE_CODES.has(code) || code.startsWith('Throttling.');

/** SendSms's answer, and the gateway's refusals (RequestId, Code, Message), with HTTP 200 or 4xx/5xx. */
const answerSchema = z.object({
  Code: z.string(),
  Message: z.string().optional(),
  BizId: z.string().optional(),
});

/** RFC 3986 percent-encoding, as the V3 canonical query string wants it (space %20, * %2A, ~ kept). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The query string in canonical form: names sorted, names and values percent-encoded, joined with &. */
export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(params[name] ?? '')}`)
    .join('&');
}

export interface Acs3Request {
  method: string;
  host: string;
  action: string;
  version: string;
  query: Record<string, string>;
  body: string;
  /** yyyy-MM-ddTHH:mm:ssZ (UTC). */
  date: string;
  nonce: string;
  accessKeyId: string;
  accessKeySecret: string;
}

/** The x-acs-* headers and the Authorization of one request (RPC style: canonical URI '/'). */
export function acs3Headers(request: Acs3Request): Record<string, string> {
  const signed: Record<string, string> = {
    host: request.host,
    'x-acs-action': request.action,
    'x-acs-content-sha256': sha256Hex(request.body),
    'x-acs-date': request.date,
    'x-acs-signature-nonce': request.nonce,
    'x-acs-version': request.version,
  };
  const names = Object.keys(signed).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method.toUpperCase(),
    '/',
    canonicalQuery(request.query),
    names.map((name) => `${name}:${(signed[name] ?? '').trim()}\n`).join(''),
    signedHeaders,
    signed['x-acs-content-sha256'],
  ].join('\n');
  const signature = createHmac('sha256', request.accessKeySecret)
    .update(`${ALGORITHM}\n${sha256Hex(canonicalRequest)}`, 'utf8')
    .digest('hex');
  const { host: _host, ...headers } = signed;
  return {
    ...headers,
    authorization: `${ALGORITHM} Credential=${request.accessKeyId},SignedHeaders=${signedHeaders},Signature=${signature}`,
  };
}

/** V3's x-acs-date: ISO 8601 in UTC to the second. */
const acsDate = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Sends the shop's template through Alibaba: the number without +86 (SendSms takes mainland numbers bare),
 * the operator's approved sign name and template code, the template's named parameters as a JSON object, and
 * the notice's reference as OutId. The parameters travel in the signed query string; the body is empty.
 */
export function createAliyunSms(
  config: AliyunSmsConfig,
  {
    fetch: fetchImpl = fetch,
    timeoutMs = SMS_GATEWAY_TIMEOUT_MS,
    clock = systemClock,
  }: SmsGatewayOptions = {},
): SmsProvider {
  const host = new URL(config.apiUrl).host;
  return {
    name: ALIYUN_SMS_PROVIDER,
    async send(message) {
      const phone = mainlandMobile(message.phone);
      const values = templateValues(message);
      const names = SMS_TEMPLATE_PARAMS[message.template];
      const query = {
        PhoneNumbers: phone,
        SignName: config.signName,
        TemplateCode: gatewayTemplate(config.templates, message.template),
        TemplateParam: JSON.stringify(Object.fromEntries(names.map((name, i) => [name, values[i]]))),
        OutId: message.reference,
      };
      const headers = acs3Headers({
        method: 'POST',
        host,
        action: ACTION,
        version: VERSION,
        query,
        body: '',
        date: acsDate(clock()),
        nonce: randomBytes(16).toString('hex'),
        accessKeyId: config.accessKeyId,
        accessKeySecret: config.accessKeySecret,
      });
      const { status, text } = await callGateway(
        GATEWAY,
        fetchImpl,
        `${config.apiUrl}/?${canonicalQuery(query)}`,
        { method: 'POST', headers: { ...headers, accept: 'application/json' } },
        timeoutMs,
      );
      const answer = readAnswer(answerSchema, text);
      const code = answer?.Code;
      if (code === 'OK' && answer?.BizId) return { providerMessageId: answer.BizId };
      if (code === 'OK')
        // Accepted without the id: sending again would send twice.
        throw new SmsSendError(`${GATEWAY}受理了短信却没有返回 BizId`, false, code);
      const detail = answer?.Message ?? `HTTP ${status}`;
      throw new SmsSendError(
        `${GATEWAY}拒绝发送：${code ?? `HTTP ${status}`} ${detail}`,
        status >= 500 || (code !== undefined && isRetryableCode(code)),
        code,
      );
    },
  };
}
