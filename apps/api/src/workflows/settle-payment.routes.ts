import { PaymentPaths, text } from '@shop/domain';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotifyReasons, SIGNATURE_HEADER } from '../modules/payment';
import type { SettlePaymentFlow } from './settle-payment';

/** The payment channels' asynchronous notify (not called by the storefront). */
export const settlePaymentRoutes: FastifyPluginAsyncZod<{ flow: SettlePaymentFlow }> = async (
  app,
  { flow },
) => {
  // The channel's notify needs its raw bytes for the signature, so it gets its own parsers here: JSON (the
  // shop's channels, WeChat Pay) and the form Alipay posts.
  await app.register(async (scope) => {
    const channel = scope.withTypeProvider<ZodTypeProvider>();
    for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
      channel.removeContentTypeParser(type);
      channel.addContentTypeParser(type, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    }
    channel.post(
      `${PaymentPaths.notify}:provider/`,
      {
        schema: {
          tags: ['payment-channel'],
          summary: '支付渠道异步通知（渠道调用）',
          description:
            `由支付渠道调用，不由前端调用。请求体为 JSON {tradeNo, channelTradeNo, status: SUCCESS|CLOSED|FAILED, amount（分）, currency, paidAt, nonce}，` +
            `请求头 ${SIGNATURE_HEADER} 为以商户密钥对原始请求体做 HMAC-SHA256 的十六进制签名。` +
            '处理成功（含重复通知）返回纯文本 SUCCESS；签名错误、交易号不存在、金额或币种不符返回 400 FAIL，不做任何更改；' +
            '处理出错返回 500 FAIL，渠道应重发。wechatpay 按微信支付 API v3：请求头 Wechatpay-Timestamp/-Nonce/-Signature/-Serial 验签，resource 以 APIv3 密钥解密；成功应答 204 无内容，失败应答 4xx/5xx 与 JSON {code, message}。alipay 按支付宝开放平台：表单（application/x-www-form-urlencoded）POST，以支付宝公钥 RSA2 验签，再核对 app_id、seller_id、out_trade_no、total_amount；成功应答纯文本 success，否则 fail。stripe 按 Stripe Webhook：在原始请求体上校验 Stripe-Signature（t=…,v1=…，5 分钟容差），处理 payment_intent.succeeded/canceled/payment_failed 与 refund.* 事件，应答 200 JSON {received: true}。每次通知都记录在 payment_notifies；同一地址每分钟超过 20 次的验签失败通知只应答、不记录。',
          params: z.object({
            provider: text().max(40).describe('支付渠道：sandbox、gateway、wechatpay、alipay 或 stripe'),
          }),
        },
      },
      async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { provider } = request.params;
        try {
          const result = await flow.handleNotify(provider, rawBody, request.headers, request.ip);
          const details = {
            provider,
            tradeNo: result.tradeNo,
            outcome: result.outcome,
            reason: result.reason,
          };
          if (result.accepted) request.log.info(details, 'payment notify');
          // A signed notify whose amount or currency is not the trade's: someone must look at it.
          else if (result.reason.startsWith(NotifyReasons.mismatch))
            request.log.error(details, 'payment notify refused: amount or currency differs from the trade');
          else if (result.reason.startsWith(NotifyReasons.notOurs))
            request.log.error(details, 'payment notify refused: signed for another app or seller');
          else if (result.recorded) request.log.warn(details, 'payment notify rejected');
          else
            request.log.debug(details, 'payment notify rejected, not recorded (too many from this address)');
          const ack = flow.acknowledgement(
            provider,
            result.accepted ? 'accepted' : 'rejected',
            result.reason,
          );
          return reply.code(ack.status).type(ack.contentType).send(ack.body);
        } catch (error) {
          request.log.error({ err: error, provider }, 'payment notify failed');
          const ack = flow.acknowledgement(provider, 'error', NotifyReasons.error);
          return reply.code(ack.status).type(ack.contentType).send(ack.body);
        }
      },
    );
  });
};
