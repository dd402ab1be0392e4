import {
  AdminNoticePaths,
  adminNoticeActionRequestSchema,
  adminNoticeListRequestSchema,
  adminNoticeListResponseSchema,
  adminNoticeSchema,
  adminSandboxListRequestSchema,
  adminSandboxListResponseSchema,
  Permission,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { staffActor, staffSecurity } from '../../plugins/staff-auth';
import { NoticeMessages, type NoticeService } from './notices.service';

const tags = ['admin'];

/** The console's outbox of e-mail and SMS (permission notice.manage): failed notices to resend or discard. */
export const noticeConsoleRoutes: FastifyPluginAsyncZod<{
  notices: NoticeService;
  sandboxOn: boolean;
}> = async (app, { notices, sandboxOn }) => {
  const guard = { onRequest: app.staffGuard(Permission.noticeManage) };

  app.post(
    AdminNoticePaths.list,
    {
      ...guard,
      schema: {
        tags,
        summary: '站外通知（邮件、短信）',
        description: '最新的在前；status 筛选，beforeId 翻页。失败的通知附服务商的应答，可重发或放弃。',
        security: staffSecurity,
        body: adminNoticeListRequestSchema,
        response: responses(adminNoticeListResponseSchema),
      },
    },
    async (request) => ok(await notices.list(request.body)),
  );

  app.post(
    AdminNoticePaths.resend,
    {
      ...guard,
      schema: {
        tags,
        summary: '重发失败的通知',
        security: staffSecurity,
        body: adminNoticeActionRequestSchema,
        response: responses(adminNoticeSchema),
      },
    },
    async (request) => ok(await notices.resend(request.body.id, staffActor(request)), NoticeMessages.resent),
  );

  app.post(
    AdminNoticePaths.discard,
    {
      ...guard,
      schema: {
        tags,
        summary: '放弃失败的通知',
        security: staffSecurity,
        body: adminNoticeActionRequestSchema,
        response: responses(adminNoticeSchema),
      },
    },
    async (request) =>
      ok(await notices.discard(request.body.id, staffActor(request)), NoticeMessages.discarded),
  );

  app.post(
    AdminNoticePaths.sandbox,
    {
      ...guard,
      schema: {
        tags,
        summary: '沙箱发件箱',
        description: '沙箱模式下“发出”的邮件与短信（含验证码），供演示与测试查看；生产环境默认关闭。',
        security: staffSecurity,
        body: adminSandboxListRequestSchema,
        response: responses(adminSandboxListResponseSchema),
      },
    },
    async (request) => ({
      ...ok({
        on: sandboxOn,
        list: sandboxOn ? await notices.sandboxMessages(request.body) : [],
      }),
    }),
  );
};
