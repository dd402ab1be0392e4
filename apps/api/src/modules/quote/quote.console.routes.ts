import {
  AdminQuotePaths,
  adminQuoteAnswerRequestSchema,
  adminQuoteCloseRequestSchema,
  adminQuoteDetailSchema,
  adminQuoteIdRequestSchema,
  adminQuoteListRequestSchema,
  adminQuoteListResponseSchema,
  adminQuoteMessageRequestSchema,
  Permission,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { staffActor, staffSecurity } from '../../plugins/staff-auth';
import type { QuoteService } from './quote.service';

const tags = ['admin'];

/** The console's 询价 (issue #38): members' quotes, answered by service and finance (quote.answer). */
export const quoteConsoleRoutes: FastifyPluginAsyncZod<{ quotes: QuoteService }> = async (
  app,
  { quotes },
) => {
  const guard = { onRequest: app.staffGuard(Permission.quoteAnswer) };

  app.post(
    AdminQuotePaths.list,
    {
      ...guard,
      schema: {
        tags,
        summary: '询价列表',
        description:
          '所有会员的询价，默认进行中（待报价或未过期的已报价），可按询价号或会员用户名查找；awaitingStaff 为会员最后留言、待回复。',
        security: staffSecurity,
        body: adminQuoteListRequestSchema,
        response: responses(adminQuoteListResponseSchema),
      },
    },
    async (request) => ok(await quotes.adminList(request.body)),
  );

  app.post(
    AdminQuotePaths.detail,
    {
      ...guard,
      schema: {
        tags,
        summary: '询价详情',
        security: staffSecurity,
        body: adminQuoteIdRequestSchema,
        response: responses(adminQuoteDetailSchema),
      },
    },
    async (request) => ok(await quotes.adminDetail(request.body.id)),
  );

  app.post(
    AdminQuotePaths.answer,
    {
      ...guard,
      schema: {
        tags,
        summary: '报价',
        description:
          '为每一行填写单价（lines），或按参考价统一折扣（discountPercent），加运费与有效期（今天起最多90天）。version 须为所见的版本，' +
          '期间已被他人报价则返回「报价已更新」。已下单、撤回或关闭的询价不能再报价；已过期的可重新报价。会员会收到通知。',
        security: staffSecurity,
        body: adminQuoteAnswerRequestSchema,
        response: responses(adminQuoteDetailSchema),
      },
    },
    async (request) => ok(await quotes.answer(request.body, staffActor(request)), '报价已发送'),
  );

  app.post(
    AdminQuotePaths.message,
    {
      ...guard,
      schema: {
        tags,
        summary: '回复询价',
        security: staffSecurity,
        body: adminQuoteMessageRequestSchema,
        response: responses(adminQuoteDetailSchema),
      },
    },
    async (request) => ok(await quotes.adminMessage(request.body, staffActor(request)), '已回复'),
  );

  app.post(
    AdminQuotePaths.close,
    {
      ...guard,
      schema: {
        tags,
        summary: '关闭询价',
        description: '关闭待报价或已报价的询价（附原因），会员不能再按它下单。',
        security: staffSecurity,
        body: adminQuoteCloseRequestSchema,
        response: responses(adminQuoteDetailSchema),
      },
    },
    async (request) => ok(await quotes.close(request.body, staffActor(request)), '询价已关闭'),
  );
};
