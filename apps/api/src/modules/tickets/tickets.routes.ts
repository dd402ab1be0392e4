import fastifyMultipart from '@fastify/multipart';
import {
  SupportTicketPaths,
  ticketCreateRequestSchema,
  ticketDetailSchema,
  ticketIdRequestSchema,
  ticketImageSchema,
  ticketListRequestSchema,
  ticketListResponseSchema,
  ticketReplyRequestSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { IMAGE_UPLOAD_LIMITS, readImageUpload } from '../../lib/image-upload';
import { requireMember } from '../../plugins/auth';
import { TicketMessages, type TicketService } from './tickets.service';

const bearer = [{ bearerAuth: [] }];

/**
 * The member's support tickets (spec §7 supportticket/ list/, create/, detail/, closeSupportTicket/, uploadImage/
 * and supportticketreply/addReply/). Every call needs login and touches only the caller's tickets. Handlers only
 * translate HTTP; uploadImage/ reads one file from a multipart body, bounded before it is buffered.
 */
export const ticketRoutes: FastifyPluginAsyncZod<{ tickets: TicketService }> = async (app, { tickets }) => {
  const member = { onRequest: app.authenticate };
  await app.register(fastifyMultipart, IMAGE_UPLOAD_LIMITS);

  app.post(
    SupportTicketPaths.list,
    {
      ...member,
      schema: {
        tags: ['ticket'],
        summary: '工单列表',
        description:
          '自己的工单，最近有动态的在前；status 可选 open（待处理）、waiting_member（待您回复）、waiting_shop（待客服回复）、closed。',
        security: bearer,
        body: ticketListRequestSchema,
        response: responses(ticketListResponseSchema),
      },
    },
    async (request) => ok(await tickets.list(requireMember(request), request.body)),
  );

  app.post(
    SupportTicketPaths.create,
    {
      ...member,
      schema: {
        tags: ['ticket'],
        summary: '新建工单',
        description:
          'type 0-4（规格第4节：普通咨询、订单咨询、包裹咨询、包裹缺货、网站留言），priority 0-2；orderId 须为自己的订单，' +
          'packIndex 为该订单的包裹序号；imageIds 为 uploadImage/ 返回的、尚未使用的本人图片（最多9张）。全部校验通过才写入。',
        security: bearer,
        body: ticketCreateRequestSchema,
        response: responses(ticketDetailSchema),
      },
    },
    async (request) => ok(await tickets.create(requireMember(request), request.body), TicketMessages.created),
  );

  app.post(
    SupportTicketPaths.detail,
    {
      ...member,
      schema: {
        tags: ['ticket'],
        summary: '工单详情',
        description: '工单与全部回复（最早的在前，第一条为会员的提问），每条回复带图片。他人的工单返回 404。',
        security: bearer,
        body: ticketIdRequestSchema,
        response: responses(ticketDetailSchema),
      },
    },
    async (request) => ok(await tickets.detail(requireMember(request), request.body.id)),
  );

  app.post(
    SupportTicketPaths.close,
    {
      ...member,
      schema: {
        tags: ['ticket'],
        summary: '关闭工单',
        description: '关闭自己的工单；已关闭的工单再次关闭不做改变。关闭后不能再回复。',
        security: bearer,
        body: ticketIdRequestSchema,
        response: responses(ticketDetailSchema),
      },
    },
    async (request) =>
      ok(await tickets.close(requireMember(request), request.body.id), TicketMessages.closedNow),
  );

  app.post(
    SupportTicketPaths.uploadImage,
    {
      ...member,
      schema: {
        tags: ['ticket'],
        summary: '上传工单图片',
        description:
          'multipart/form-data，图片放在 image 字段：JPEG、PNG、WebP 或 GIF（按文件内容判断，不看文件名或声明的类型），' +
          '最多 5 MB、2000 万像素；图片会重新编码并去掉拍摄信息。返回的 id 用于 create/ 或 addReply/ 的 imageIds，一天内未使用的图片会被删除。',
        security: bearer,
        consumes: ['multipart/form-data'],
        response: responses(ticketImageSchema),
      },
    },
    async (request) => {
      const auth = requireMember(request);
      const bytes = await readImageUpload(request);
      return ok(await tickets.uploadImage(auth, bytes));
    },
  );

  app.post(
    SupportTicketPaths.addReply,
    {
      ...member,
      schema: {
        tags: ['ticket'],
        summary: '回复工单',
        description:
          '在自己的工单里回复（content 最多2000字，imageIds 最多9张本人未使用的图片）；已关闭的工单不能回复。',
        security: bearer,
        body: ticketReplyRequestSchema,
        response: responses(ticketDetailSchema),
      },
    },
    async (request) =>
      ok(await tickets.addReply(requireMember(request), request.body), TicketMessages.replied),
  );
};
