import {
  AdminAfterSalePaths,
  adminAfterSaleApproveRequestSchema,
  adminAfterSaleDetailSchema,
  adminAfterSaleIdRequestSchema,
  adminAfterSaleReceiveRequestSchema,
  adminAfterSaleRefundRequestSchema,
  adminAfterSaleRejectRequestSchema,
  adminAfterSaleShipExchangeRequestSchema,
  Permission,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../lib/envelope';
import type { AfterSaleService } from '../modules/aftersale';
import { staffActor, staffSecurity } from '../plugins/staff-auth';
import type { AfterSaleFlow } from './after-sale';

/**
 * The console's 售后 steps (issue #39; service and finance, aftersale.handle; the refund needs order.refund): each
 * answers the request's detail as the console shows it, with the order's money and the refund the rule gives.
 */
export const afterSaleFlowConsoleRoutes: FastifyPluginAsyncZod<{
  flow: AfterSaleFlow;
  afterSales: Pick<AfterSaleService, 'approve' | 'reject'>;
}> = async (app, { flow, afterSales }) => {
  const handle = { onRequest: app.staffGuard(Permission.afterSaleHandle) };

  const staff = <T>(summary: string, description: string, body: T) => ({
    schema: {
      tags: ['admin'],
      summary,
      description,
      security: staffSecurity,
      body,
      response: responses(adminAfterSaleDetailSchema),
    },
  });

  app.post(
    AdminAfterSalePaths.detail,
    {
      ...handle,
      ...staff(
        '售后详情',
        '售后单、订单付款与可退金额、按规则计算的退款（含与不含运费）与退款去向。',
        adminAfterSaleIdRequestSchema,
      ),
    },
    async (request) => ok(await flow.adminDetail(request.body.id)),
  );

  app.post(
    AdminAfterSalePaths.approve,
    {
      ...handle,
      ...staff(
        '同意售后',
        '待审核的售后单：退货与换货须填写退货地址与寄回期限。',
        adminAfterSaleApproveRequestSchema,
      ),
    },
    async (request) => {
      await afterSales.approve(staffActor(request), request.body);
      return ok(await flow.adminDetail(request.body.id), '已同意');
    },
  );

  app.post(
    AdminAfterSalePaths.reject,
    {
      ...handle,
      ...staff(
        '拒绝售后',
        '待审核的售后单，须填写原因；拒绝后这些商品可再次申请。',
        adminAfterSaleRejectRequestSchema,
      ),
    },
    async (request) => {
      await afterSales.reject(staffActor(request), request.body);
      return ok(await flow.adminDetail(request.body.id), '已拒绝');
    },
  );

  app.post(
    AdminAfterSalePaths.receive,
    {
      ...handle,
      ...staff(
        '售后收货',
        '退货或换货的商品收到：每行入库与报损件数之和须等于申请件数，经库存流水记录。',
        adminAfterSaleReceiveRequestSchema,
      ),
    },
    async (request) => ok(await flow.receive(staffActor(request), request.body), '已收货'),
  );

  app.post(
    AdminAfterSalePaths.refund,
    {
      onRequest: app.staffGuard(Permission.orderRefund),
      ...staff(
        '售后退款',
        '仅退款（已同意）或退货退款（已收货）按规则计算的金额（可含运费，可少退）经订单退款原路退回：余额、支付渠道或冲减公司账单；不超过订单可退金额。',
        adminAfterSaleRefundRequestSchema,
      ),
    },
    async (request) => ok(await flow.refund(staffActor(request), request.body), '已退款'),
  );

  app.post(
    AdminAfterSalePaths.shipExchange,
    {
      ...handle,
      ...staff(
        '换货发出',
        '已收货的换货单从库存发出同样的商品，填写快递公司与物流单号。',
        adminAfterSaleShipExchangeRequestSchema,
      ),
    },
    async (request) => ok(await flow.shipExchange(staffActor(request), request.body), '换货已发出'),
  );
};
