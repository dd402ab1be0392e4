import fastifyMultipart from '@fastify/multipart';
import {
  AdminOrderPaths,
  adminCourierListResponseSchema,
  adminLogisticsAddRequestSchema,
  adminLogisticsAddResponseSchema,
  adminOrderAttachFieldsSchema,
  adminOrderAttachmentSchema,
  adminOrderBatchRequestSchema,
  adminOrderBatchResponseSchema,
  adminOrderDetailSchema,
  adminOrderListRequestSchema,
  adminOrderListResponseSchema,
  adminOrderMarkPaidRequestSchema,
  adminOrderNoRequestSchema,
  adminOrderShipRequestSchema,
  adminOrderTransitionRequestSchema,
  adminOrderTransitionResponseSchema,
  emptyRequestSchema,
  Permission,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { IMAGE_UPLOAD_LIMITS, parseUploadFields, readImageForm } from '../../lib/image-upload';
import { staffActor, staffSecurity } from '../../plugins/staff-auth';
import type { OrderConsoleService } from './order.console';

const tags = ['admin'];
const transitionMessage = (moved: readonly number[]) =>
  moved.length > 0 ? '操作成功' : '订单已是该状态，未改变';

/** The console's order calls (packages/domain/src/contracts/admin-orders.ts). */
export const orderConsoleRoutes: FastifyPluginAsyncZod<{ orders: OrderConsoleService }> = async (
  app,
  { orders },
) => {
  await app.register(fastifyMultipart, IMAGE_UPLOAD_LIMITS);

  app.post(
    AdminOrderPaths.list,
    {
      onRequest: app.staffGuard(Permission.orderRead),
      schema: {
        tags,
        summary: '订单列表（全部会员）',
        description:
          '按下单时间倒序。username 为会员用户名（精确），orderNo 匹配订单号的一部分，payChannel 为支付方式编码' +
          '（DepositPay、W01、offline …），warehouse 为包裹所在仓库，from、to 为北京时间的日期（含当天）。',
        security: staffSecurity,
        body: adminOrderListRequestSchema,
        response: responses(adminOrderListResponseSchema),
      },
    },
    async (request) => ok(await orders.list(request.body)),
  );

  app.post(
    AdminOrderPaths.detail,
    {
      onRequest: app.staffGuard(Permission.orderRead),
      schema: {
        tags,
        summary: '订单详情',
        description: '商品、包裹、赠品、地址、支付、退款金额、附件、物流轨迹与会员备注；金额为分。',
        security: staffSecurity,
        body: adminOrderNoRequestSchema,
        response: responses(adminOrderDetailSchema),
      },
    },
    async (request) => ok(await orders.detail(request.body.orderNo)),
  );

  app.post(
    AdminOrderPaths.transition,
    {
      onRequest: app.staffGuard(Permission.orderFulfil),
      schema: {
        tags,
        summary: '订单状态操作',
        description:
          'action：push 推送到仓库（60→70）、processing 仓库处理中（70→75）、ready 待发货（75→78）、' +
          'pickupReady 自提订单待自提（78→85）、finish 完成（80/85/90→100）。pack 指定一个包裹，不填为全部包裹。' +
          '不允许的状态变更返回 ParamsError 并说明当前状态；已是目标状态时不变（moved 为空）。',
        security: staffSecurity,
        body: adminOrderTransitionRequestSchema,
        response: responses(adminOrderTransitionResponseSchema),
      },
    },
    async (request) => {
      const result = await orders.transition(staffActor(request), request.body);
      return ok(result, transitionMessage(result.moved));
    },
  );

  app.post(
    AdminOrderPaths.batchTransition,
    {
      onRequest: app.staffGuard(Permission.orderFulfil),
      schema: {
        tags,
        summary: '批量订单状态操作',
        description:
          '对多个订单（最多100个）执行 push、processing 或 ready，每个订单单独处理，逐个返回结果；' +
          '一个订单状态不允许不影响其他订单。',
        security: staffSecurity,
        body: adminOrderBatchRequestSchema,
        response: responses(adminOrderBatchResponseSchema),
      },
    },
    async (request) => ok(await orders.batch(staffActor(request), request.body)),
  );

  app.post(
    AdminOrderPaths.ship,
    {
      onRequest: app.staffGuard(Permission.orderFulfil),
      schema: {
        tags,
        summary: '包裹发货',
        description:
          '待发货（78）的包裹发货（80），记录快递公司与物流单号并写入第一条物流轨迹，通知会员。' +
          '多包裹订单须指定 pack；自提订单不能发货。',
        security: staffSecurity,
        body: adminOrderShipRequestSchema,
        response: responses(adminOrderTransitionResponseSchema),
      },
    },
    async (request) => {
      const result = await orders.ship(staffActor(request), request.body);
      return ok(result, transitionMessage(result.moved));
    },
  );

  app.post(
    AdminOrderPaths.markPaid,
    {
      onRequest: app.staffGuard(Permission.orderPayment),
      schema: {
        tags,
        summary: '确认线下收款',
        description:
          '待付款（0）的订单记为线下付款（金额为订单总额）并变为已付款（60），通知会员。' +
          '在订单行锁内检查状态，重复提交只收款一次。',
        security: staffSecurity,
        body: adminOrderMarkPaidRequestSchema,
        response: responses(adminOrderTransitionResponseSchema),
      },
    },
    async (request) => {
      const result = await orders.markPaid(staffActor(request), request.body.orderNo);
      return ok(result, transitionMessage(result.moved));
    },
  );

  app.post(
    AdminOrderPaths.couriers,
    {
      onRequest: app.staffGuard(Permission.orderFulfil),
      schema: {
        tags,
        summary: '可用快递公司',
        description:
          '启用的快递公司，按店铺排序；locations 为有运费规则的仓库编号（该快递可从这些仓库发货）。',
        security: staffSecurity,
        body: emptyRequestSchema,
        response: responses(adminCourierListResponseSchema),
      },
    },
    async () => ok(await orders.couriers()),
  );

  app.post(
    AdminOrderPaths.logisticsAdd,
    {
      onRequest: app.staffGuard(Permission.orderFulfil),
      schema: {
        tags,
        summary: '添加物流轨迹',
        description:
          '物流单号须是已发货包裹的单号；time 为 ISO 8601 或北京时间 yyyy-MM-dd HH:mm，不填为现在。',
        security: staffSecurity,
        body: adminLogisticsAddRequestSchema,
        response: responses(adminLogisticsAddResponseSchema),
      },
    },
    async (request) => ok(await orders.addLogistics(staffActor(request), request.body)),
  );

  app.post(
    AdminOrderPaths.attach,
    {
      onRequest: app.staffGuard(Permission.orderFulfil),
      schema: {
        tags,
        summary: '上传包裹照片',
        description:
          'multipart/form-data：orderNo 订单号，pack 包裹序号（不填为整个订单），note 备注（最多200字），图片放在 image 字段：' +
          'JPEG、PNG、WebP 或 GIF（按文件内容判断），最多 5 MB、2000 万像素；图片会重新编码并去掉拍摄信息。会员在订单详情中看到。',
        security: staffSecurity,
        consumes: ['multipart/form-data'],
        response: responses(adminOrderAttachmentSchema),
      },
    },
    async (request) => {
      const { bytes, fields } = await readImageForm(request);
      const input = parseUploadFields(adminOrderAttachFieldsSchema, fields);
      return ok(await orders.attach(staffActor(request), input, bytes), '已上传');
    },
  );
};
