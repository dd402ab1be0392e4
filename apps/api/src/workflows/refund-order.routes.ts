import { PaymentPaths, text } from '@shop/domain';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RefundOrderFlow } from './refund-order';

/** The payment channels' refund results (not called by the storefront or the console; refund-order.ts). */
export const refundOrderRoutes: FastifyPluginAsyncZod<{ flow: RefundOrderFlow }> = async (app, { flow }) => {
  // The channel's refund notify needs its raw bytes for the signature, so it gets its own JSON parser here.
  await app.register(async (scope) => {
    const channel = scope.withTypeProvider<ZodTypeProvider>();
    channel.removeContentTypeParser('application/json');
    channel.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    channel.post(
      `${PaymentPaths.refundNotify}:provider/`,
      {
        schema: {
          tags: ['payment-channel'],
          summary: '支付渠道退款结果通知（渠道调用）',
          description:
            '由支付渠道调用，不由前端调用。sandbox：JSON {refundNo, tradeNo, channelRefundNo, status: success|closed|abnormal, amount（分）}，' +
            '请求头 x-pay-signature 为以商户密钥对原始请求体做 HMAC-SHA256 的十六进制签名，成功应答纯文本 SUCCESS。wechatpay：' +
            'REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED，按微信支付 API v3 验签并以 APIv3 密钥解密 resource，成功应答 204。' +
            '重复通知不重复入账；签名错误、退款单不存在或金额不符应答失败且不做更改。每次通知记录在 payment_notifies。',
          params: z.object({ provider: text().max(40).describe('支付渠道：sandbox 或 wechatpay') }),
        },
      },
      async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { provider } = request.params;
        try {
          const result = await flow.handleRefundNotify(provider, rawBody, request.headers, request.ip);
          const details = { provider, refundNo: result.refundNo, outcome: result.outcome };
          if (result.accepted) request.log.info(details, 'refund notify');
          else request.log.warn(details, 'refund notify rejected');
          const ack = flow.acknowledgement(
            provider,
            result.accepted ? 'accepted' : 'rejected',
            result.outcome,
          );
          return reply.code(ack.status).type(ack.contentType).send(ack.body);
        } catch (error) {
          request.log.error({ err: error, provider }, 'refund notify failed');
          const ack = flow.acknowledgement(provider, 'error', '处理出错，等待渠道重发');
          return reply.code(ack.status).type(ack.contentType).send(ack.body);
        }
      },
    );
  });
};
