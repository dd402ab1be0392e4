import { z } from 'zod';
import type { TwilioSmsConfig } from '../../config/env';
import { renderNotice } from './notices.templates';
import {
  callGateway,
  readAnswer,
  SMS_GATEWAY_TIMEOUT_MS,
  type SmsGatewayOptions,
  templateValues,
} from './sms.gateway';
import { type SmsProvider, SmsSendError } from './sms.provider';

/**
 * Twilio Programmable Messaging (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic auth), the
 * gateway of Australian numbers; docs/decisions/041-sms-gateways.md.
 */

export const TWILIO_SMS_PROVIDER = 'twilio';
const GATEWAY = 'Twilio 短信';

/** The created Message resource (201), and a refusal: {code, message, more_info, status}. */
const messageSchema = z.object({ sid: z.string() });
const errorSchema = z.object({
  code: z.union([z.number(), z.string()]).optional(),
  message: z.string().optional(),
});

/**
 * Sends a text through Twilio: To, Body, and From (a Twilio number) or MessagingServiceSid (MG…), form-encoded.
 * Twilio sends text, not approved templates: the body is the notice's English SMS (renderNotice, locale 'en',
 * the shop's name first), since the shop's Australian members read English.
 * Twilio answers 201 with the message's sid; a refusal is {code, message, status}: 429 and 5xx can pass on a later
 * try, every other 4xx (21211 a To it cannot use, 21610 a member who texted STOP, 20003 a wrong key) cannot.
 */
export function createTwilioSms(
  config: TwilioSmsConfig,
  {
    shop,
    fetch: fetchImpl = fetch,
    timeoutMs = SMS_GATEWAY_TIMEOUT_MS,
  }: SmsGatewayOptions & { shop: { name: string; url: string } },
): SmsProvider {
  const user = config.apiKeySid ?? config.accountSid;
  const authorization = `Basic ${Buffer.from(`${user}:${config.authToken}`, 'utf8').toString('base64')}`;
  const url = `${config.apiUrl}/2010-04-01/Accounts/${config.accountSid}/Messages.json`;
  const sender = config.from.startsWith('MG') ? 'MessagingServiceSid' : 'From';
  return {
    name: TWILIO_SMS_PROVIDER,
    async send(message) {
      if (!/^\+[1-9]\d{6,14}$/.test(message.phone))
        throw new SmsSendError('手机号不是 E.164 格式（+国家码加号码）', false);
      templateValues(message);
      const form = new URLSearchParams({
        To: message.phone,
        [sender]: config.from,
        Body: renderNotice(message.template, 'en', message.params, shop).sms,
      });
      const { status, text } = await callGateway(
        GATEWAY,
        fetchImpl,
        url,
        {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form.toString(),
        },
        timeoutMs,
      );
      if (status >= 200 && status < 300) {
        const sid = readAnswer(messageSchema, text)?.sid;
        if (sid) return { providerMessageId: sid };
        // Accepted without the id: sending again would send twice.
        throw new SmsSendError(`${GATEWAY}受理了短信却没有返回 sid`, false);
      }
      const answer = readAnswer(errorSchema, text);
      const code = answer?.code === undefined ? undefined : String(answer.code);
      const detail = answer?.message ?? '';
      throw new SmsSendError(
        `${GATEWAY}拒绝发送：HTTP ${status}${code ? ` ${code}` : ''} ${detail}`.trim(),
        status === 429 || status >= 500,
        code,
      );
    },
  };
}
