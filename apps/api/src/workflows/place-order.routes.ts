import { createOrderRequestSchema, createOrderResponseSchema, OrderPaths } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../lib/envelope';
import { requireMember } from '../plugins/auth';
import { CreateOrderMessages, type OrderCreationService } from './place-order';

/** The order creation call (spec §7 createdOrder/, login required). The handler only translates HTTP. */
export const createOrderRoutes: FastifyPluginAsyncZod<{ orderCreation: OrderCreationService }> = async (
  app,
  { orderCreation },
) => {
  app.post(
    OrderPaths.create,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['order'],
        summary: '创建订单',
        description:
          '按购物车中选中的商品下单：服务端按数据库重新计价（与结算汇总相同的规则），按 SKU 原子扣减库存' +
          '（按库存销售的商品库存不足时整单拒绝：库存不足：<商品>），写入订单、分包与商品，保存收发货地址快照，' +
          '并删除已下单的购物车行。requestId 相同的重复提交返回同一订单。非自提须选择本人的收货地址。',
        security: [{ bearerAuth: [] }],
        body: createOrderRequestSchema,
        response: responses(createOrderResponseSchema),
      },
    },
    async (request) =>
      ok(await orderCreation.createOrder(requireMember(request), request.body), CreateOrderMessages.created),
  );
};
