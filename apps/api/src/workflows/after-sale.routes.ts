import {
  AfterSaleMessages,
  AfterSalePaths,
  afterSaleClaimableRequestSchema,
  afterSaleClaimableSchema,
  afterSaleCreateRequestSchema,
  afterSaleDetailSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../lib/envelope';
import { requireMember } from '../plugins/auth';
import type { AfterSaleFlow } from './after-sale';

/**
 * A member's after-sales calls that reach the order (issue #39): the claim (Contract: /api/orderService/aftersale/
 * create/) and what may be claimed. The staff's steps are in after-sale.console.routes.ts.
 */
export const afterSaleFlowRoutes: FastifyPluginAsyncZod<{ flow: AfterSaleFlow }> = async (app, { flow }) => {
  const member = { onRequest: app.authenticate };
  const bearer = [{ bearerAuth: [] }];
  const tags = ['aftersale'];

  app.post(
    AfterSalePaths.claimable,
    {
      ...member,
      schema: {
        tags,
        summary: '可申请售后的商品',
        description:
          '会员自己订单的商品行：已发货件数、已申请件数与还可申请的件数，以及售后期限（订单完成后若干天，由商城设置）。open 为 false 时 reason 说明原因。',
        security: bearer,
        body: afterSaleClaimableRequestSchema,
        response: responses(afterSaleClaimableSchema),
      },
    },
    async (request) => ok(await flow.claimable(requireMember(request).memberId, request.body.orderId)),
  );

  app.post(
    AfterSalePaths.create,
    {
      ...member,
      schema: {
        tags,
        summary: '申请售后',
        description:
          '已发货、待收货或已完成（期限内）的订单，按商品行与件数申请仅退款（refund）、退货退款（return）或换货（exchange），附原因、说明与最多 9 张照片' +
          '（先用工单的 uploadImage/ 上传，传其 id）。每行不能超过已发货件数减去已申请件数；同时提交的申请在订单锁下依次检查。',
        security: bearer,
        body: afterSaleCreateRequestSchema,
        response: responses(afterSaleDetailSchema),
      },
    },
    async (request) =>
      ok(await flow.create(requireMember(request).memberId, request.body), AfterSaleMessages.created),
  );
};
