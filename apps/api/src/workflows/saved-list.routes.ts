import {
  SavedListPaths,
  savedListAddToCartResponseSchema,
  savedListDetailSchema,
  savedListFromOrderRequestSchema,
  savedListIdRequestSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../lib/envelope';
import { requireMember } from '../plugins/auth';
import type { SavedListFlow } from './saved-list';

const bearer = [{ bearerAuth: [] }];

/** Saved lists joined to the cart and the orders (login required). The handlers only translate HTTP. */
export const savedListFlowRoutes: FastifyPluginAsyncZod<{ flow: SavedListFlow }> = async (app, { flow }) => {
  const member = { onRequest: app.authenticate };

  app.post(
    SavedListPaths.addToCart,
    {
      ...member,
      schema: {
        tags: ['savedList'],
        summary: '清单加入购物车',
        description:
          '把清单的商品放回购物车（同再次购买）：每行的购物车数量至少为清单数量，按商品现在的起订量、每箱件数、限购和库存调整；' +
          '重复调用不会再增加。暂时无法购买的商品列在提示和 unavailable 中；全部无法购买时仍为成功，ids 为空。' +
          '一个事务；他人的清单返回 404。',
        security: bearer,
        body: savedListIdRequestSchema,
        response: responses(savedListAddToCartResponseSchema),
      },
    },
    async (request) => {
      const { result, message } = await flow.addToCart(requireMember(request), request.body.id);
      return ok(result, message);
    },
  );

  app.post(
    SavedListPaths.fromOrder,
    {
      ...member,
      schema: {
        tags: ['savedList'],
        summary: '订单存为清单',
        description:
          '用自己的订单中的商品（赠品除外）新建清单；数量按商品现在的数量规则调整，已不存在的商品不存入（提示中说明）。' +
          '他人的订单返回 404。',
        security: bearer,
        body: savedListFromOrderRequestSchema,
        response: responses(savedListDetailSchema),
      },
    },
    async (request) => {
      const { orderId, listName } = request.body;
      const { list, message } = await flow.fromOrder(requireMember(request), { orderId, name: listName });
      return ok(list, message);
    },
  );
};
