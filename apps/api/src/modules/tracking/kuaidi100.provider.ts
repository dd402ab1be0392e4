import { z } from 'zod';
import type { Kuaidi100Config } from '../../config/env';
import {
  type CallbackReading,
  kuaidi100Acknowledgement,
  kuaidi100ResultSchema,
  kuaidi100Sign,
  type QueryOutcome,
  readKuaidi100Push,
  reportOfResult,
  type SubscribeOutcome,
  type TrackingParcel,
  type TrackingProvider,
} from './tracking.provider';

/**
 * Kuaidi100 (快递100), written from its published enterprise API (api.kuaidi100.com, docs/decisions/061):
 * - 订阅推送: POST https://poll.kuaidi100.com/poll, form `schema=json` and `param` = {company, number, key,
 *   parameters: {callbackurl, salt, resultv2, phone}}; it answers {result, returnCode, message} (200 accepted, 501
 *   already followed) and then posts the parcel's news to the callback, form `param` and `sign` = MD5(param + salt)
 *   upper-case, which the shop answers {"result":true,"returnCode":"200","message":"成功"};
 * - 实时查询: POST https://poll.kuaidi100.com/poll/query.do, form `customer`, `param` = {com, num, phone, resultv2}
 *   and `sign` = MD5(param + key + customer) upper-case; it answers the parcel's result, or {result: false,
 *   returnCode, message}.
 * Times are Beijing time 'yyyy-MM-dd HH:mm:ss'. The key, the customer id and the salt are never logged nor put into
 * an error.
 */

/** How long the shop waits for Kuaidi100's answer before it tries again later. */
const TIMEOUT_MS = 10_000;

/** resultv2=1: each event carries its area (the location the shop shows) and its state's name. */
const RESULT_V2 = '1';

const answerSchema = z.object({
  result: z.boolean().optional(),
  returnCode: z.union([z.string(), z.number()]).optional(),
  message: z.string().max(500).optional(),
});

/** The subscription answers whose cause asking again cannot mend: a company or number Kuaidi100 refuses. */
const REFUSED_FOR_GOOD = new Set(['700', '701', '702']);

export function createKuaidi100Provider(
  config: Kuaidi100Config,
  options: { fetch?: typeof fetch } = {},
): TrackingProvider {
  const send = options.fetch ?? fetch;

  /** Posts a form and reads the JSON answer; null (with the reason) when there is none to read. */
  async function post(
    path: string,
    form: Record<string, string>,
  ): Promise<{ ok: true; json: unknown } | { ok: false; reason: string }> {
    let response: Response;
    try {
      response = await send(`${config.apiUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return { ok: false, reason: timedOut ? '快递100 未在 10 秒内应答' : '无法连接快递100' };
    }
    const text = await response.text();
    if (!response.ok) return { ok: false, reason: `快递100 应答 HTTP ${response.status}` };
    try {
      return { ok: true, json: JSON.parse(text) };
    } catch {
      return { ok: false, reason: '快递100 的应答不是 JSON' };
    }
  }

  return {
    name: 'kuaidi100',
    mode: config.mode,

    async subscribe(parcel: TrackingParcel): Promise<SubscribeOutcome> {
      const param = JSON.stringify({
        company: parcel.company,
        number: parcel.logisticCode,
        key: config.key,
        parameters: {
          callbackurl: config.callbackUrl,
          salt: config.salt,
          resultv2: RESULT_V2,
          ...(parcel.phone ? { phone: parcel.phone } : {}),
        },
      });
      const answer = await post('/poll', { schema: 'json', param });
      if (!answer.ok) return { ok: false, retry: true, reason: answer.reason };
      const parsed = answerSchema.safeParse(answer.json);
      if (!parsed.success) return { ok: false, retry: true, reason: '快递100 的应答无法识别' };
      const code = String(parsed.data.returnCode ?? '');
      const message = (parsed.data.message ?? '').slice(0, 150);
      if (code === '200') return { ok: true, already: false };
      // 501: the parcel is followed already (a subscription repeated, or made by another of the shop's processes).
      if (code === '501') return { ok: true, already: true };
      return {
        ok: false,
        retry: !REFUSED_FOR_GOOD.has(code),
        reason: `快递100 订阅失败（${code || '无代码'}）：${message}`,
      };
    },

    async query(parcel: TrackingParcel): Promise<QueryOutcome> {
      const param = JSON.stringify({
        com: parcel.company,
        num: parcel.logisticCode,
        ...(parcel.phone ? { phone: parcel.phone } : {}),
        resultv2: RESULT_V2,
      });
      const answer = await post('/poll/query.do', {
        customer: config.customer,
        sign: kuaidi100Sign(param + config.key + config.customer),
        param,
      });
      if (!answer.ok) return { ok: false, retry: true, reason: answer.reason };
      const refusal = answerSchema.safeParse(answer.json);
      if (refusal.success && refusal.data.result === false) {
        const code = String(refusal.data.returnCode ?? '');
        return {
          ok: false,
          // 400: a company or number it cannot take; the rest (500 no result yet, 502 busy …) may pass.
          retry: code !== '400',
          reason: `快递100 查询无结果（${code || '无代码'}）：${(refusal.data.message ?? '').slice(0, 150)}`,
        };
      }
      const parsed = kuaidi100ResultSchema.safeParse(answer.json);
      if (!parsed.success) return { ok: false, retry: true, reason: '快递100 的应答无法识别' };
      return { ok: true, report: reportOfResult(parsed.data, parcel.company) };
    },

    readCallback(form): CallbackReading {
      return readKuaidi100Push(form, config.salt);
    },

    acknowledgement: kuaidi100Acknowledgement,
  };
}
