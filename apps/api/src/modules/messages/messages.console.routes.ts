import {
  AdminServicePaths,
  adminMessageListRequestSchema,
  adminMessageListResponseSchema,
  adminMessageSendRequestSchema,
  Permission,
  sentMessageSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { staffActor, staffSecurity } from '../../plugins/staff-auth';
import { MessageMessages, type MessageService } from './messages.service';

const tags = ['admin'];

/** The console's messages (站内消息, permission message.send): send to one member or everyone, and what was sent. */
export const messageConsoleRoutes: FastifyPluginAsyncZod<{ messages: MessageService }> = async (
  app,
  { messages },
) => {
  const guard = { onRequest: app.staffGuard(Permission.messageSend) };

  app.post(
    AdminServicePaths.messageSend,
    {
      ...guard,
      schema: {
        tags,
        summary: '发送站内消息',
        description:
          'to 为 member 时发给 username 对应的会员（不存在返回 404），为 all 时发布给所有会员（此后注册的会员看不到）。' +
          'type 为消息类型 1-5；requestId 由页面每次发送生成，重试时只发送一次。',
        security: staffSecurity,
        body: adminMessageSendRequestSchema,
        response: responses(sentMessageSchema),
      },
    },
    async (request) => {
      const sent = await messages.staffSend(staffActor(request), request.body);
      return ok(sent, sent.memberId === null ? MessageMessages.announced : MessageMessages.sent);
    },
  );

  app.post(
    AdminServicePaths.messageList,
    {
      ...guard,
      schema: {
        tags,
        summary: '已发送的消息',
        description: '员工（及命令行）手动发送的消息和公告，最新的在前。',
        security: staffSecurity,
        body: adminMessageListRequestSchema,
        response: responses(adminMessageListResponseSchema),
      },
    },
    async (request) => ok(await messages.staffSentList(request.body)),
  );
};
