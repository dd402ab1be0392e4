import fastifyMultipart from '@fastify/multipart';
import {
  AdminServicePaths,
  adminTicketCloseResponseSchema,
  adminTicketDetailResponseSchema,
  adminTicketIdRequestSchema,
  adminTicketListRequestSchema,
  adminTicketListResponseSchema,
  adminTicketReplyRequestSchema,
  adminTicketReplyResponseSchema,
  adminTicketRowSchema,
  adminTicketUpdateRequestSchema,
  Permission,
  type TicketStatus,
  ticketImageSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../lib/envelope';
import { IMAGE_UPLOAD_LIMITS, readImageUpload } from '../lib/image-upload';
import { TicketMessages, type TicketService } from '../modules/tickets';
import { staffActor, staffSecurity } from '../plugins/staff-auth';
import type { TicketReplyFlow } from './ticket-reply';

const tags = ['admin'];

/**
 * The console's service desk (客服工单, permission ticket.handle), beside the reply workflow it is built around: the queue, a thread with its member and orders,
 * the shop's replies (the same workflow as `ticket:reply`), group/priority, close and reopen. Every change is
 * audited in its own transaction.
 */
export const ticketReplyConsoleRoutes: FastifyPluginAsyncZod<{
  tickets: TicketService;
  ticketReply: TicketReplyFlow;
}> = async (app, { tickets, ticketReply }) => {
  const guard = { onRequest: app.staffGuard(Permission.ticketHandle) };
  await app.register(fastifyMultipart, IMAGE_UPLOAD_LIMITS);

  app.post(
    AdminServicePaths.ticketList,
    {
      ...guard,
      schema: {
        tags,
        summary: '工单队列',
        description:
          '待客服回复的在前，其次待处理、待会员回复、已关闭；同一状态内等待最久的在前。statusCounts 为同一负责组下各状态的工单数。',
        security: staffSecurity,
        body: adminTicketListRequestSchema,
        response: responses(adminTicketListResponseSchema),
      },
    },
    async (request) => ok(await tickets.staffQueue(request.body)),
  );

  app.post(
    AdminServicePaths.ticketDetail,
    {
      ...guard,
      schema: {
        tags,
        summary: '工单详情',
        description: '全部回复及图片、会员（用户名、姓名、等级）、会员最近10个订单和工单所关联的订单。',
        security: staffSecurity,
        body: adminTicketIdRequestSchema,
        response: responses(adminTicketDetailResponseSchema),
      },
    },
    async (request) => ok(await tickets.staffDetail(request.body.id)),
  );

  app.post(
    AdminServicePaths.ticketUploadImage,
    {
      ...guard,
      schema: {
        tags,
        summary: '上传回复图片',
        description:
          'multipart/form-data，图片放在 image 字段：JPEG、PNG、WebP 或 GIF（按文件内容判断），最多 5 MB、2000 万像素；' +
          '图片会重新编码并去掉拍摄信息。返回的 id 用于 reply/ 的 imageIds，一天内未使用的图片会被删除。',
        security: staffSecurity,
        consumes: ['multipart/form-data'],
        response: responses(ticketImageSchema),
      },
    },
    async (request) =>
      ok(await tickets.staffUploadImage(staffActor(request), await readImageUpload(request))),
  );

  app.post(
    AdminServicePaths.ticketReply,
    {
      ...guard,
      schema: {
        tags,
        summary: '回复工单',
        description:
          '以客服身份回复（会员收到站内消息并实时看到回复）；已关闭的工单不能回复。requestId 由页面每次发送生成：' +
          '重试或重复点击带同一 requestId 时只发送一次，返回第一次的结果。',
        security: staffSecurity,
        body: adminTicketReplyRequestSchema,
        response: responses(adminTicketReplyResponseSchema),
      },
    },
    async (request) => {
      const { ticketId, content, imageIds, requestId } = request.body;
      const result = await ticketReply.staffReply(staffActor(request), {
        ticketId,
        content,
        imageIds,
        requestId,
      });
      return ok(
        { ticketId: result.ticketId, replyId: result.replyId, status: result.status as TicketStatus },
        TicketMessages.replied,
      );
    },
  );

  app.post(
    AdminServicePaths.ticketUpdate,
    {
      ...guard,
      schema: {
        tags,
        summary: '修改负责组或优先级',
        description:
          'ownerGroup 为 user、service、accounting、it 之一，priority 为 0 低、1 普通、2 高；与原值相同时不变。',
        security: staffSecurity,
        body: adminTicketUpdateRequestSchema,
        response: responses(adminTicketRowSchema),
      },
    },
    async (request) =>
      ok(await tickets.staffUpdate(staffActor(request), request.body), TicketMessages.updated),
  );

  app.post(
    AdminServicePaths.ticketClose,
    {
      ...guard,
      schema: {
        tags,
        summary: '关闭工单',
        description: '已关闭的工单再次关闭不改变任何内容（changed 为 false）。',
        security: staffSecurity,
        body: adminTicketIdRequestSchema,
        response: responses(adminTicketCloseResponseSchema),
      },
    },
    async (request) =>
      ok(await tickets.staffClose(staffActor(request), request.body.id), TicketMessages.closedNow),
  );

  app.post(
    AdminServicePaths.ticketReopen,
    {
      ...guard,
      schema: {
        tags,
        summary: '重新打开工单',
        description: '已关闭的工单重新打开为待客服回复；未关闭的工单返回 ParamsError。',
        security: staffSecurity,
        body: adminTicketIdRequestSchema,
        response: responses(adminTicketRowSchema),
      },
    },
    async (request) =>
      ok(await tickets.staffReopen(staffActor(request), request.body.id), TicketMessages.reopened),
  );
};
