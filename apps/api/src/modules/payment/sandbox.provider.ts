import { channelDayWindow, SandboxPaths } from '@shop/domain';
import {
  ChannelError,
  type ChannelTrade,
  type PaymentProvider,
  signParams,
  tradeParams,
  verifySignedNotify,
} from './payment.provider';
import type { SandboxChannel } from './sandbox.channel';

export const SANDBOX_PROVIDER = 'sandbox';

/**
 * The shop's adapter for the sandbox channel: the same signed requests a real channel takes, with the channel's
 * pages on this server. createCashier reaches the channel in process (it lives here) but through the same signed
 * request the bridge and the proxy verify, so the channel learns nothing it could not learn from a real merchant.
 */
export function createSandboxProvider(channel: SandboxChannel): PaymentProvider {
  async function signed(trade: ChannelTrade) {
    return signParams(tradeParams(trade, {}), await channel.secret());
  }
  return {
    name: SANDBOX_PROVIDER,
    async createCashier(trade) {
      const result = await channel.openTrade(await signed(trade));
      if (!result.ok) throw new ChannelError(result.message);
      return { payUrl: result.cashierUrl, channelTradeNo: result.trade.channelTradeNo };
    },
    async bridgeForm(trade) {
      return { action: SandboxPaths.bridge, fields: await signed(trade) };
    },
    async proxyUrl(trade) {
      return `${SandboxPaths.proxy}?${new URLSearchParams(await signed(trade)).toString()}`;
    },
    async verifyNotify(rawBody, headers) {
      return verifySignedNotify(rawBody, headers, await channel.secret());
    },
    async fetchStatement(day) {
      const window = channelDayWindow(SANDBOX_PROVIDER, day);
      if (!window) throw new ChannelError(`sandbox statement: no such day ${day.slice(0, 10)}`);
      return channel.statement(window.from, window.until);
    },
    closeTrade({ tradeNo }) {
      return channel.close(tradeNo);
    },
  };
}
