import { channelDayWindow, SandboxPaths } from '@shop/domain';
import {
  ChannelError,
  type ChannelRefundState,
  type ChannelTrade,
  type PaymentProvider,
  signParams,
  tradeParams,
  verifySignedNotify,
  verifySignedRefundNotify,
} from './payment.provider';
import type { SandboxChannel, SandboxRefundAnswer } from './sandbox.channel';

/** The sandbox's answer as the shop reads it; a refusal carries the channel's reason (shown to staff). */
function refundState(answer: SandboxRefundAnswer): ChannelRefundState {
  if (!answer.ok) throw new ChannelError(`sandbox refused: ${answer.message}`, answer.message);
  const { refund } = answer;
  return {
    refundNo: refund.merchantRefundNo,
    status: refund.status === 'success' ? 'success' : 'processing',
    channelRefundNo: refund.channelRefundNo,
    amount: refund.amount,
    message: refund.status.toUpperCase(),
  };
}

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
    async refund(request) {
      const params = {
        trade_no: request.trade.tradeNo,
        refund_no: request.refundNo,
        amount: String(request.amount),
        notify_url: request.notifyUrl,
      };
      return refundState(await channel.refund(signParams(params, await channel.secret())));
    },
    async queryRefund(trade, refundNo) {
      const params = { trade_no: trade.tradeNo, refund_no: refundNo };
      return refundState(await channel.queryRefund(signParams(params, await channel.secret())));
    },
    async verifyRefundNotify(rawBody, headers) {
      return verifySignedRefundNotify(rawBody, headers, await channel.secret());
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
