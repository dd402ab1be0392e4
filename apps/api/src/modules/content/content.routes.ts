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
import type { ContentService } from './content.service';

/** Template names are short identifiers (home, basic, goodsSort): anything else is refused before the query. */
const templateParamsSchema = z.strictObject({
  templateName: text()
    .regex(/^[A-Za-z0-9]{1,40}$/, '模板名称只能包含字母和数字，最多40个字符')
    .describe('模板名称，如 home、basic、goodsSort'),
});

/** The content calls of spec §7 'Content': page templates, articles and article categories. */
export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, { content }) => {
  app.get(
    `${CataloguePaths.template}:templateName`,
    {
      schema: {
        tags: ['content'],
        summary: '页面模板',
        description: 'templateJson 为 JSON 字符串，由客户端解析（首页、基础信息、商品排序模板）。',
        params: templateParamsSchema,
        response: responses(templateResponseSchema),
      },
    },
    async (request) => ok(await content.template(request.params.templateName)),
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
