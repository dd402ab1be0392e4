import {
  articleCategoryListRequestSchema,
  articleCategoryListResponseSchema,
  articleGetRequestSchema,
  articleSchema,
  CataloguePaths,
  templateResponseSchema,
  text,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/envelope';
import { etagMatches, etagOf } from '../../lib/etag';
import { cachedJson, type ReadCache } from '../../lib/read-cache';
import type { ContentService } from './content.service';

/** Template names are short identifiers (home, basic, goodsSort): anything else is refused before the query. */
const templateParamsSchema = z.strictObject({
  templateName: text()
    .regex(/^[A-Za-z0-9]{1,40}$/, '模板名称只能包含字母和数字，最多40个字符')
    .describe('模板名称，如 home、basic、goodsSort'),
});

/** The content calls of spec §7 'Content': page templates, articles and article categories. */
export const contentRoutes: FastifyPluginAsyncZod<{
  content: ContentService;
  /** The process's read cache of the storefront's catalogue and pages; null when turned off. */
  cache: ReadCache | null;
}> = async (app, { content, cache }) => {
  app.get(
    `${CataloguePaths.template}:templateName`,
    {
      schema: {
        tags: ['content'],
        summary: '页面模板',
        description:
          'templateJson 为 JSON 字符串，由客户端解析（首页、基础信息、商品排序模板）。' +
          '带 ETag（Cache-Control: no-cache，每次确认），If-None-Match 命中时返回 304、无响应体。',
        params: templateParamsSchema,
        response: {
          ...responses(templateResponseSchema),
          304: z.null().describe('未修改：If-None-Match 与 ETag 相同，无响应体'),
        },
      },
    },
    async (request, reply) => {
      const name = request.params.templateName;
      const body = await cachedJson(cache, reply, `template ${name}`, async () =>
        ok(await content.template(name)),
      );
      const etag = etagOf(body);
      // Published templates change at any moment: the browser keeps its copy but asks each time.
      reply.header('etag', etag).header('cache-control', 'no-cache');
      // No payload at all (not a serialized null), so no body length is announced for the 304.
      if (etagMatches(request.headers['if-none-match'], etag))
        return reply.code(304).send(undefined as unknown as null);
      // The answer already serialized: a Buffer is sent as it is.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.post(
    CataloguePaths.articleGet,
    {
      schema: {
        tags: ['content'],
        summary: '文章详情',
        description: '只返回已发布的文章；content 为已清理的富文本 HTML。',
        body: articleGetRequestSchema,
        response: responses(articleSchema),
      },
    },
    async (request) => ok(await content.article(request.body.id)),
  );

  app.post(
    CataloguePaths.articleCategoryList,
    {
      schema: {
        tags: ['content'],
        summary: '文章分类列表',
        description: '每个分类附其已发布文章的编号和标题，按排序值再按编号排列。',
        body: articleCategoryListRequestSchema,
        response: responses(articleCategoryListResponseSchema),
      },
    },
    async () => ok(await content.categoryList()),
  );
};
