import { boughtSkusRequestSchema, boughtSkusResponseSchema, OrderPaths } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../lib/envelope';
import { requireMember } from '../plugins/auth';
import type { BoughtSkusFlow } from './bought-skus';

const bearer = [{ bearerAuth: [] }];

/** 常购清单 (/user/order, login required). The handler only translates HTTP. */
export const boughtSkusRoutes: FastifyPluginAsyncZod<{ flow: BoughtSkusFlow }> = async (app, { flow }) => {
  app.post(
    OrderPaths.boughtSkus,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['order'],
        summary: '常购清单',
        description:
          '会员买过的 SKU（订单与历史订单，已取消的不算）：购买次数、最近一次的数量与单价（元，按当时订单币种），' +
          '以及今天的价格（会员等级价）、状态、库存与数量规则（minQty、stepQty、maxQty）（today；商品已不存在时为 null）。历史订单按 SKU 编号或名称对应今天的 SKU，' +
          '对应不上的 skuId 为 null。按购买次数、再按最近购买时间排列，最多 limit 条（默认200，最多500）。',
        security: bearer,
        body: boughtSkusRequestSchema,
        response: responses(boughtSkusResponseSchema),
      },
    },
    async (request) => ok(await flow.list(requireMember(request), request.body.limit)),
  );
};
