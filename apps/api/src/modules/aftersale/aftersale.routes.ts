import {
  AfterSaleMessages,
  AfterSalePaths,
  afterSaleDetailSchema,
  afterSaleIdRequestSchema,
  afterSaleListRequestSchema,
  afterSaleListResponseSchema,
  afterSaleShipBackRequestSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { requireMember } from '../../plugins/auth';
import type { AfterSaleService } from './aftersale.service';

const bearer = [{ bearerAuth: [] }];
const tags = ['aftersale'];

/**
 * A member's after-sales requests (issue #39 Contract, login required): only their own; another member's request
 * answers 售后单不存在. create/ and claimable/ are the after-sale workflow's.
 */
export const afterSaleRoutes: FastifyPluginAsyncZod<{ afterSales: AfterSaleService }> = async (
  app,
  { afterSales },
) => {
  const member = { onRequest: app.authenticate };
  const id = (request: Parameters<typeof requireMember>[0]) => requireMember(request).memberId;

  app.post(
    AfterSalePaths.list,
    {
      ...member,
      schema: {
        tags,
        summary: '我的售后',
        description: '会员自己的售后单，最新的在前；state 为 open 时只列处理中的，orderId 只列该订单的。',
        security: bearer,
        body: afterSaleListRequestSchema,
        response: responses(afterSaleListResponseSchema),
      },
    },
    async (request) => ok(await afterSales.list(id(request), request.body)),
  );

  app.post(
    AfterSalePaths.detail,
    {
      ...member,
      schema: {
        tags,
        summary: '售后详情',
        description: '商品行、照片、退货地址与期限、寄回与换货的快递、退款及每一步的记录。',
        security: bearer,
        body: afterSaleIdRequestSchema,
        response: responses(afterSaleDetailSchema),
      },
    },
    async (request) => ok(await afterSales.detail(id(request), request.body.id)),
  );

  app.post(
    AfterSalePaths.cancel,
    {
      ...member,
      schema: {
        tags,
        summary: '撤销售后申请',
        description: '待审核或已同意（尚未寄回）的售后单可以撤销，撤销后这些商品可再次申请。',
        security: bearer,
        body: afterSaleIdRequestSchema,
        response: responses(afterSaleDetailSchema),
      },
    },
    async (request) => ok(await afterSales.cancel(id(request), request.body.id), AfterSaleMessages.cancelled),
  );

  app.post(
    AfterSalePaths.shipBack,
    {
      ...member,
      schema: {
        tags,
        summary: '填写寄回单号',
        description: '已同意的退货或换货，在寄回期限前填写快递公司编码与物流单号。',
        security: bearer,
        body: afterSaleShipBackRequestSchema,
        response: responses(afterSaleDetailSchema),
      },
    },
    async (request) =>
      ok(await afterSales.shipBack(id(request), request.body), AfterSaleMessages.shippedBack),
  );
};
