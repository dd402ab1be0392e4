import {
  QuoteMessages,
  QuotePaths,
  quoteDetailSchema,
  quoteIdRequestSchema,
  quoteListRequestSchema,
  quoteListResponseSchema,
  quoteMessageRequestSchema,
  quoteRequestSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/envelope';
import { requireMember } from '../../plugins/auth';
import type { QuoteService } from './quote.service';

const bearer = [{ bearerAuth: [] }];
const tags = ['quote'];

/**
 * A member's quotes (issue #38 part 4, docs/decisions/055): login required. The member who asked reads and acts on
 * a quote; their company's admins and viewers read it while they belong to it. accept/ is the accept-quote
 * workflow's.
 */
export const quoteRoutes: FastifyPluginAsyncZod<{ quotes: QuoteService }> = async (app, { quotes }) => {
  const member = { onRequest: app.authenticate };
  const id = (request: Parameters<typeof requireMember>[0]) => requireMember(request).memberId;

  app.post(
    QuotePaths.request,
    {
      ...member,
      schema: {
        tags,
        summary: '申请报价',
        description:
          '为所给商品（lines），或不给时为购物车中勾选的商品，按所选币种申请报价，附备注。每行记下会员当前的单价作为参考价；' +
          '下架或不存在的商品返回错误。购物车不变。公司查看者返回 4030。',
        security: bearer,
        body: quoteRequestSchema,
        response: responses(quoteDetailSchema),
      },
    },
    async (request) =>
      ok(await quotes.request(requireMember(request), request.body), QuoteMessages.requested),
  );

  app.post(
    QuotePaths.list,
    {
      ...member,
      schema: {
        tags,
        summary: '我的询价',
        description:
          '会员自己的询价，公司管理员与查看者另见公司成员的询价（mine 为 false），最新的在前。state：open 为待报价或未过期的已报价；' +
          'expired 为过了有效期的已报价。',
        security: bearer,
        body: quoteListRequestSchema,
        response: responses(quoteListResponseSchema),
      },
    },
    async (request) => ok(await quotes.list(id(request), request.body)),
  );

  app.post(
    QuotePaths.detail,
    {
      ...member,
      schema: {
        tags,
        summary: '询价详情',
        description:
          '商品行（参考价与报价）、运费、合计、有效期、版本与往来消息。别人的询价返回「询价不存在」。',
        security: bearer,
        body: quoteIdRequestSchema,
        response: responses(quoteDetailSchema),
      },
    },
    async (request) => ok(await quotes.detail(id(request), request.body.id)),
  );

  app.post(
    QuotePaths.message,
    {
      ...member,
      schema: {
        tags,
        summary: '询价留言',
        description: '提交询价的会员在询价上留言，客服与财务会收到提醒。',
        security: bearer,
        body: quoteMessageRequestSchema,
        response: responses(quoteDetailSchema),
      },
    },
    async (request) => ok(await quotes.message(id(request), request.body)),
  );

  app.post(
    QuotePaths.withdraw,
    {
      ...member,
      schema: {
        tags,
        summary: '撤回询价',
        description: '提交询价的会员撤回待报价或已报价的询价。',
        security: bearer,
        body: quoteIdRequestSchema,
        response: responses(quoteDetailSchema),
      },
    },
    async (request) => ok(await quotes.withdraw(id(request), request.body.id), '询价已撤回'),
  );
};
