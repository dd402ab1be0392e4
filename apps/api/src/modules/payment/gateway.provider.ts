import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { PaymentGatewayConfig } from '../../config/env';
import type { Clock } from '../../lib/clock';
import {
  ChannelError,
  type ChannelTrade,
  type PaymentProvider,
  signParams,
  tradeParams,
  verifySignedNotify,
} from './payment.provider';

export const GATEWAY_PROVIDER = 'gateway';

/** How long the shop waits for the channel's server before telling the shopper to try again. */
export const GATEWAY_TIMEOUT_MS = 10_000;

const cashierAnswerSchema = z.object({
  payUrl: z.string().regex(/^https?:\/\//),
  channelTradeNo: z.string().min(1).max(64).optional(),
});
const closeAnswerSchema = z.object({ result: z.string() });

/**
 * The real channel adapter (SHOP_PAY_GATEWAY_URL, SHOP_PAY_MERCHANT_ID, SHOP_PAY_SECRET, SHOP_PAY_PUBLIC_URL): every request carries
 * merchant_id, a timestamp and a nonce and is signed with HMAC-SHA256 over the sorted key=value pairs; the
 * cashier is asked for server to server (POST {url}/cashier → { payUrl, channelTradeNo }); the bridge and the
 * proxy are the channel's own pages; the notify is verified over its raw body like the sandbox's.
 */
export function createGatewayProvider(
  config: PaymentGatewayConfig,
  { clock, fetch: fetchImpl = fetch }: { clock: Clock; fetch?: typeof fetch },
): PaymentProvider {
  function envelope(extra: Record<string, string> = {}) {
    return {
      ...extra,
      merchant_id: config.merchantId,
      timestamp: String(Math.floor(clock().getTime() / 1000)),
      nonce: randomBytes(8).toString('hex'),
    };
  }
  // The shop's notify and return paths, made absolute with its public address for the channel.
  const absolute = (path: string) => `${config.publicUrl}${path}`;
  const signedTrade = (trade: ChannelTrade) =>
    signParams(
      tradeParams(
        { ...trade, notifyUrl: absolute(trade.notifyUrl), returnUrl: absolute(trade.returnUrl) },
        envelope(),
      ),
      config.secret,
    );

  async function postJson(path: string, body: Record<string, string>): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchImpl(`${config.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ChannelError(`payment gateway unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) throw new ChannelError(`payment gateway answered HTTP ${response.status}`);
    try {
      return await response.json();
    } catch {
      throw new ChannelError('payment gateway answered no JSON');
    }
  }

  return {
    name: GATEWAY_PROVIDER,
    async createCashier(trade) {
      const parsed = cashierAnswerSchema.safeParse(await postJson('/cashier', signedTrade(trade)));
      if (!parsed.success) throw new ChannelError('payment gateway answered without payUrl');
      return parsed.data.channelTradeNo === undefined
        ? { payUrl: parsed.data.payUrl }
        : { payUrl: parsed.data.payUrl, channelTradeNo: parsed.data.channelTradeNo };
    },
    async bridgeForm(trade) {
      return { action: `${config.url}/bridge`, fields: signedTrade(trade) };
    },
    async proxyUrl(trade) {
      return `${config.url}/proxy?${new URLSearchParams(signedTrade(trade)).toString()}`;
    },
    async verifyNotify(rawBody, headers) {
      return verifySignedNotify(rawBody, headers, config.secret);
    },
    async closeTrade({ tradeNo }) {
      try {
        const answer = closeAnswerSchema.safeParse(
          await postJson('/close', signParams(envelope({ trade_no: tradeNo }), config.secret)),
        );
        return answer.success && answer.data.result === 'SUCCESS';
      } catch (error) {
        if (error instanceof ChannelError) return false;
        throw error;
      }
    },
  };
}
