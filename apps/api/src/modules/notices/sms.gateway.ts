import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { SMS_TEMPLATE_PARAMS, type SmsMessage, SmsSendError } from './sms.provider';

/**
 * What the real gateways' adapters share (docs/decisions/041-sms-gateways.md): the timeout, one POST that turns a
 * network failure into a retryable error, and the checks of a message before anything is sent.
 */

/** How long the shop waits for a gateway; a timed-out attempt is retried by the outbox (it may have been sent). */
export const SMS_GATEWAY_TIMEOUT_MS = 10_000;

/** What every adapter's factory takes besides its config: a fetch, a timeout and a clock for tests. */
export interface SmsGatewayOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** The signing time (Alibaba's x-acs-date, Tencent's X-TC-Timestamp). */
  clock?: Clock;
}

/** Lower-case hex SHA-256 of UTF-8 text, the hash both Chinese signatures use. */
export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The template's parameters in SMS_TEMPLATE_PARAMS order; a missing one is the caller's mistake, never retried. */
export function templateValues(message: SmsMessage): string[] {
  const names: readonly string[] = SMS_TEMPLATE_PARAMS[message.template];
  if (!names) throw new SmsSendError(`未知的短信模板：${message.template}`, false);
  const missing = names.filter((name) => typeof message.params[name] !== 'string');
  if (missing.length > 0)
    throw new SmsSendError(`短信模板 ${message.template} 缺少参数：${missing.join('、')}`, false);
  return names.map((name) => message.params[name] as string);
}

/** The 11 digits of a mainland mobile number given as +86…; any other number is refused before sending. */
export function mainlandMobile(phone: string): string {
  const match = /^\+86(1\d{10})$/.exec(phone);
  if (!match?.[1]) throw new SmsSendError('不是中国大陆手机号（+86 加 11 位号码）', false);
  return match[1];
}

/**
 * One request to a gateway within the timeout. A refused connection, a reset or the timeout is retryable: the
 * gateway may not have seen the message (Alibaba and Tencent say a timed-out send may still go out, so a retry
 * can deliver it twice; a second text is the lesser harm than none).
 */
export async function callGateway(
  gateway: string,
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  try {
    const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new SmsSendError(`${gateway}在 ${timeoutMs / 1000} 秒内没有应答`, true);
    throw new SmsSendError(`无法连接${gateway}：${(error as Error).message}`, true);
  }
}

/** The answer read with the gateway's schema; null when it is not JSON of that shape (a proxy's error page). */
export function readAnswer<T>(schema: z.ZodType<T>, text: string): T | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
