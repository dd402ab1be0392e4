import {
  exportPackingListRequestSchema,
  logisticsRequestSchema,
  logisticsResponseSchema,
  memberRemarkResponseSchema,
  OrderPaths,
  oldOrderListRequestSchema,
  oldOrderListResponseSchema,
  orderAttachmentsResponseSchema,
  orderDetailSchema,
  orderIdRequestSchema,
  orderListRequestSchema,
  orderListResponseSchema,
  orderStateResponseSchema,
  packingListRequestSchema,
  packingListResponseSchema,
  updateMemberRemarkRequestSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { sendXlsx, xlsxResponses } from '../../lib/xlsx-reply';
import { requireMember } from '../../plugins/auth';
import { type OrderBuyerService, PACKING_EXPORT_MAX } from './order.buyer';
import { OrderMessages, type OrderService } from './order.service';

const bearer = [{ bearerAuth: [] }];

/**
 * The member's order calls of spec §7 'Orders and tickets' and parcel tracking (creating, cancelling and
 * buying again are workflows with routes of their own). Every call needs login and touches only the caller's orders: another member's
 * order answers 404 '订单不存在'. Handlers only translate HTTP to service calls.
 */
export const orderRoutes: FastifyPluginAsyncZod<{ orders: OrderService; buyer: OrderBuyerService }> = async (
  app,
  { orders, buyer },
) => {
  // Login is checked before the body, so a visitor gets InvalidToken rather than a field message.
  const member = { onRequest: app.authenticate };

  app.post(
    OrderPaths.list,
    {
      ...member,
      schema: {
        tags: ['order'],
        summary: '订单列表',
        description:
          '最新的在前，分页（pageSize 默认 10，最多 50）。status 为状态页签：按订单显示的状态（第一个包裹的状态）筛选。' +
          '每个订单带前 5 个商品（itemCount 为商品种数，pieceCount 为件数，均含赠品）和各包裹；金额为元：otherPrice 运费、gst 税费、allOtherPrice = otherPrice + gst。',
        security: bearer,
        body: orderListRequestSchema,
        response: responses(orderListResponseSchema),
      },
    },
    async (request) => ok(await orders.list(requireMember(request), request.body)),
  );

  app.post(
    OrderPaths.detail,
    {
      ...member,
      schema: {
        tags: ['order'],
        summary: '订单详情',
        description: '全部商品、赠品（promotionsGift）、收发件人快照、会员备注、附件与各时间。',
        security: bearer,
        body: orderIdRequestSchema,
        response: responses(orderDetailSchema),
      },
    },
    async (request) => ok(await orders.detail(requireMember(request), request.body.id)),
  );

  app.post(
    OrderPaths.finish,
    {
      ...member,
      schema: {
        tags: ['order'],
        summary: '确认收货',
        description: '所有包裹已发货（已发货、待自提、待收货）后才能确认；重复确认返回 changed=false。',
        security: bearer,
        body: orderIdRequestSchema,
        response: responses(orderStateResponseSchema),
      },
    },
    async (request) =>
      ok(await orders.finish(requireMember(request), request.body.id), OrderMessages.finished),
  );

  app.post(
    OrderPaths.updateRemark,
    {
      ...member,
      schema: {
        tags: ['order'],
        summary: '修改订单备注',
        description: '最多 500 个字符；订单完成或取消后不能修改。',
        security: bearer,
        body: updateMemberRemarkRequestSchema,
        response: responses(memberRemarkResponseSchema),
      },
    },
    async (request) =>
      ok(
        await orders.updateRemark(requireMember(request), request.body.id, request.body.memberRemark),
        OrderMessages.remarkUpdated,
      ),
  );

  app.post(
    OrderPaths.attachments,
    {
      ...member,
      schema: {
        tags: ['order'],
        summary: '订单附件（包裹照片）',
        description: 'path 为图片服务器上的相对路径。',
        security: bearer,
        body: orderIdRequestSchema,
        response: responses(orderAttachmentsResponseSchema),
      },
    },
    async (request) => ok(await orders.attachments(requireMember(request), request.body.id)),
  );

  app.post(
    OrderPaths.logistics,
    {
      ...member,
      schema: {
        tags: ['order'],
        summary: '物流信息',
        description: '仅限自己订单的物流单号；轨迹最新的在前。其他单号返回 404「未找到物流信息」。',
        security: bearer,
        body: logisticsRequestSchema,
        response: responses(logisticsResponseSchema),
      },
    },
    async (request) => ok(await orders.logistics(requireMember(request), request.body.logisticCode)),
  );

  app.post(
    OrderPaths.oldList,
    {
      ...member,
      schema: {
        tags: ['order'],
        summary: '历史订单（旧系统导入）',
        description: '最新的在前，分页；status 为旧系统订单状态。',
        security: bearer,
        body: oldOrderListRequestSchema,
        response: responses(oldOrderListResponseSchema),
      },
    },
    async (request) => ok(await orders.oldList(requireMember(request), request.body)),
  );

  app.post(
    OrderPaths.packingList,
    {
      ...member,
      schema: {
        tags: ['order'],
        summary: '装箱单',
        description:
          '会员已备货完成（待发货 78）或已发货（80、85、90、100）的包裹，最新订单在前，分页（pageSize 默认 20，最多 50）；' +
          '每个包裹带商品、数量、单件重量（克）、包裹重量、快递公司与运单号。status 只接受上述状态之一。',
        security: bearer,
        body: packingListRequestSchema,
        response: responses(packingListResponseSchema),
      },
    },
    async (request) => ok(await buyer.packingList(requireMember(request), request.body)),
  );

  app.post(
    OrderPaths.exportPackingList,
    {
      ...member,
      schema: {
        tags: ['order'],
        summary: '导出装箱单（xlsx）',
        description:
          `导出所给包裹（ids）的装箱单，每个商品一行；不给 ids 时导出最近 ${PACKING_EXPORT_MAX} 个待发货或已发货的包裹。` +
          '任一包裹不是本人的或尚未备货完成时整个请求返回 404。',
        security: bearer,
        body: exportPackingListRequestSchema,
        response: xlsxResponses,
      },
    },
    async (request, reply) =>
      sendXlsx(reply, await buyer.exportPackingList(requireMember(request), request.body.ids)),
  );
};
