import {
  MessagePaths,
  messageListRequestSchema,
  messageListResponseSchema,
  messageReadAllRequestSchema,
  messageReadRequestSchema,
  unreadCountSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/envelope';
import { requireMember } from '../../plugins/auth';
import type { MessageService } from './messages.service';

const bearer = [{ bearerAuth: [] }];

/** The member's messages (spec §7 message/list/) and the read calls. Handlers only translate HTTP. */
export const messageRoutes: FastifyPluginAsyncZod<{ messages: MessageService }> = async (
  app,
  { messages },
) => {
  const member = { onRequest: app.authenticate };

  app.post(
    MessagePaths.list,
    {
      ...member,
      schema: {
        tags: ['message'],
        summary: '消息列表',
        description:
          '自己的消息与入会后发布的公告，最新的在前；type 1 系统消息、2 交易物流、3 会员等级、4 精选活动、5 通知公告（规格第3节）。' +
          'unreadOnly 只列未读；unread 为未读数（合计与按类型）。',
        security: bearer,
        body: messageListRequestSchema,
        response: responses(messageListResponseSchema),
      },
    },
    async (request) => ok(await messages.list(requireMember(request), request.body)),
  );

  app.post(
    MessagePaths.unreadCount,
    {
      ...member,
      schema: {
        tags: ['message'],
        summary: '未读消息数',
        security: bearer,
        body: z.strictObject({}).optional(),
        response: responses(unreadCountSchema),
      },
    },
    async (request) => ok(await messages.unreadCount(requireMember(request))),
  );

  app.post(
    MessagePaths.read,
    {
      ...member,
      schema: {
        tags: ['message'],
        summary: '标记已读',
        description: '把给出的消息标记为已读（他人的消息被忽略），返回标记后的未读数。',
        security: bearer,
        body: messageReadRequestSchema,
        response: responses(unreadCountSchema),
      },
    },
    async (request) => ok(await messages.read(requireMember(request), request.body.ids)),
  );

  app.post(
    MessagePaths.readAll,
    {
      ...member,
      schema: {
        tags: ['message'],
        summary: '全部已读',
        description: '把当前可见的某一类型（或全部类型）消息标记为已读，返回标记后的未读数。',
        security: bearer,
        body: messageReadAllRequestSchema,
        response: responses(unreadCountSchema),
      },
    },
    async (request) => ok(await messages.readAll(requireMember(request), request.body.type)),
  );
};
