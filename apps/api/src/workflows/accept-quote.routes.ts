import { createOrderResponseSchema, QuoteMessages, QuotePaths, quoteAcceptRequestSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../lib/envelope';
import { requireMember } from '../plugins/auth';
import type { AcceptQuoteFlow } from './accept-quote';

/** Accepting a quote into an order (issue #38 Contract: /api/orderService/quote/accept/, login required). */
export const acceptQuoteRoutes: FastifyPluginAsyncZod<{ flow: AcceptQuoteFlow }> = async (app, { flow }) => {
  app.post(
    QuotePaths.accept,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['quote'],
        summary: '按报价下单',
        description:
          '提交询价的会员在有效期内按所见版本（version）的报价下单：商品按报价单价、运费按报价，税费照常计算，库存此时检查。' +
          '送货（receiverId）或自提（isPickup）同 createdOrder/；同一 requestId 重复提交返回同一订单。报价已更新、已过期、' +
          '已下单、撤回或关闭时不下单并说明原因。答复同 createdOrder/（status 为 0 待支付，公司采购员超额时为 -1 待审批）。',
        security: [{ bearerAuth: [] }],
        body: quoteAcceptRequestSchema,
        response: responses(createOrderResponseSchema),
      },
    },
    async (request) => ok(await flow.accept(requireMember(request), request.body), QuoteMessages.placed),
  );
};
