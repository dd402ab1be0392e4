import { CheckoutPaths, repurchaseRequestSchema, repurchaseResponseSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../lib/envelope';
import { requireMember } from '../plugins/auth';
import type { RepurchaseFlow } from './repurchase';

const bearer = [{ bearerAuth: [] }];

/** Buy again (spec §7 cart repurchase/, login required). The handler only translates HTTP. */
export const repurchaseRoutes: FastifyPluginAsyncZod<{ flow: RepurchaseFlow }> = async (app, { flow }) => {
  const member = { onRequest: app.authenticate };

  app.post(
    CheckoutPaths.repurchase,
    {
      ...member,
      schema: {
        tags: ['cart'],
        summary: '再次购买',
        description:
          '把订单中的商品（赠品除外）放回购物车：每个商品的购物车数量至少为订单数量（按库存销售的不超过库存），' +
          '重复调用不会再增加；暂时无法购买的商品列在提示和 unavailable 中。全部售罄或无法购买时仍为成功，ids 为空，提示中说明。',
        security: bearer,
        body: repurchaseRequestSchema,
        response: responses(repurchaseResponseSchema),
      },
    },
    async (request) => {
      const { result, message } = await flow.repurchase(requireMember(request), request.body.orderId);
      return ok(result, message);
    },
  );
};
