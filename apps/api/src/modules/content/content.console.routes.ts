import fastifyMultipart from '@fastify/multipart';
import {
  AdminContentPaths,
  adminArticleCategoryDeleteRequestSchema,
  adminArticleCategoryListResponseSchema,
  adminArticleCategorySaveRequestSchema,
  adminArticleCategorySchema,
  adminArticleDetailRequestSchema,
  adminArticleDetailSchema,
  adminArticleListRequestSchema,
  adminArticleListResponseSchema,
  adminArticleSaveRequestSchema,
  adminTemplateDraftSaveRequestSchema,
  adminTemplateRequestSchema,
  adminTemplateResponseSchema,
  contentImageSchema,
  emptyRequestSchema,
  Permission,
  richTextSanitizeRequestSchema,
  richTextSanitizeResponseSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/envelope';
import { IMAGE_UPLOAD_LIMITS, readImageUpload } from '../../lib/image-upload';
import { staffActor, staffSecurity } from '../../plugins/staff-auth';
import type { ContentAdminService } from './content.admin';

const tags = ['admin'];

/**
 * The console's content (内容, content.edit; contracts/admin-content.ts): page templates as draft and published,
 * articles and their categories, the images they show, and the rich-text preview (also open to catalogue.edit,
 * whose goods descriptions use the same editor).
 */
export const contentConsoleRoutes: FastifyPluginAsyncZod<{ contentAdmin: ContentAdminService }> = async (
  app,
  { contentAdmin },
) => {
  await app.register(fastifyMultipart, IMAGE_UPLOAD_LIMITS);
  const guard = { onRequest: app.staffGuard(Permission.contentEdit) };

  app.post(
    AdminContentPaths.sanitize,
    {
      onRequest: app.staffGuard([Permission.contentEdit, Permission.catalogueEdit]),
      schema: {
        tags,
        summary: '富文本预览',
        description:
          '返回保存时实际存下、商城实际显示的 HTML：只保留段落、标题、列表、强调、表格、本店图片和站内链接，其余（脚本、样式、外站链接）去掉。',
        security: staffSecurity,
        body: richTextSanitizeRequestSchema,
        response: responses(richTextSanitizeResponseSchema),
      },
    },
    async (request) => ok({ html: contentAdmin.sanitize(request.body.html) }),
  );

  app.post(
    AdminContentPaths.imageUpload,
    {
      onRequest: app.staffGuard([Permission.contentEdit, Permission.catalogueEdit]),
      schema: {
        tags,
        summary: '上传内容图片',
        description:
          'multipart/form-data，图片放在 image 字段：JPEG、PNG、WebP 或 GIF（按文件内容判断），最多 5 MB、2000 万像素；重新编码并去掉拍摄信息。' +
          'path 填入模板与封面，url 用于富文本。',
        security: staffSecurity,
        consumes: ['multipart/form-data'],
        response: responses(contentImageSchema),
      },
    },
    async (request) => ok(await contentAdmin.uploadImage(await readImageUpload(request)), '已上传'),
  );

  app.post(
    AdminContentPaths.template,
    {
      ...guard,
      schema: {
        tags,
        summary: '页面模板（已发布与草稿）',
        description: 'published 为商城正在使用的模板，draft 为未发布的草稿（没有时为 null）。',
        security: staffSecurity,
        body: adminTemplateRequestSchema,
        response: responses(adminTemplateResponseSchema),
      },
    },
    async (request) => ok(await contentAdmin.template(request.body.name)),
  );

  app.post(
    AdminContentPaths.draftSave,
    {
      ...guard,
      schema: {
        tags,
        summary: '保存模板草稿',
        description: '按发布时的格式检查后保存为草稿；商城仍显示已发布的模板，直到发布。',
        security: staffSecurity,
        body: adminTemplateDraftSaveRequestSchema,
        response: responses(adminTemplateResponseSchema),
      },
    },
    async (request) =>
      ok(
        await contentAdmin.saveDraft(staffActor(request), request.body.name, request.body.template),
        '草稿已保存',
      ),
  );

  app.post(
    AdminContentPaths.publish,
    {
      ...guard,
      schema: {
        tags,
        summary: '发布模板草稿',
        description: '草稿成为商城使用的模板（同一事务内），草稿随之删除；没有草稿时拒绝。',
        security: staffSecurity,
        body: adminTemplateRequestSchema,
        response: responses(adminTemplateResponseSchema),
      },
    },
    async (request) => ok(await contentAdmin.publish(staffActor(request), request.body.name), '已发布'),
  );

  app.post(
    AdminContentPaths.draftDiscard,
    {
      ...guard,
      schema: {
        tags,
        summary: '放弃模板草稿',
        description: '删除草稿，已发布的模板不变。',
        security: staffSecurity,
        body: adminTemplateRequestSchema,
        response: responses(adminTemplateResponseSchema),
      },
    },
    async (request) =>
      ok(await contentAdmin.discardDraft(staffActor(request), request.body.name), '草稿已放弃'),
  );

  app.post(
    AdminContentPaths.categoryList,
    {
      ...guard,
      schema: {
        tags,
        summary: '文章分类',
        description: '按排序值再按编号；articleCount 为分类下的文章数（含未发布的）。',
        security: staffSecurity,
        body: emptyRequestSchema,
        response: responses(adminArticleCategoryListResponseSchema),
      },
    },
    async () => ok({ items: await contentAdmin.categories() }),
  );

  app.post(
    AdminContentPaths.categorySave,
    {
      ...guard,
      schema: {
        tags,
        summary: '添加或修改文章分类',
        description: '没有 id 时添加；有 id 时改名称与排序（排序值小的在前）。',
        security: staffSecurity,
        body: adminArticleCategorySaveRequestSchema,
        response: responses(adminArticleCategorySchema),
      },
    },
    async (request) => ok(await contentAdmin.saveCategory(staffActor(request), request.body), '分类已保存'),
  );

  app.post(
    AdminContentPaths.categoryDelete,
    {
      ...guard,
      schema: {
        tags,
        summary: '删除文章分类',
        description: '只能删除没有文章的分类。',
        security: staffSecurity,
        body: adminArticleCategoryDeleteRequestSchema,
        response: responses(z.null()),
      },
    },
    async (request) => {
      await contentAdmin.deleteCategory(staffActor(request), request.body.id);
      return ok(null, '分类已删除');
    },
  );

  app.post(
    AdminContentPaths.articleList,
    {
      ...guard,
      schema: {
        tags,
        summary: '文章列表',
        description: 'keyword 匹配标题或摘要的一部分；categoryId 为分类；按排序值，再按编号新的在前。',
        security: staffSecurity,
        body: adminArticleListRequestSchema,
        response: responses(adminArticleListResponseSchema),
      },
    },
    async (request) => ok(await contentAdmin.articles(request.body)),
  );

  app.post(
    AdminContentPaths.articleDetail,
    {
      ...guard,
      schema: {
        tags,
        summary: '文章详情',
        description: 'content 为已清理的富文本 HTML。',
        security: staffSecurity,
        body: adminArticleDetailRequestSchema,
        response: responses(adminArticleDetailSchema),
      },
    },
    async (request) => ok(await contentAdmin.article(request.body.id)),
  );

  app.post(
    AdminContentPaths.articleSave,
    {
      ...guard,
      schema: {
        tags,
        summary: '添加或修改文章',
        description:
          '没有 id 时添加。content 为富文本 HTML，保存前清理（与富文本预览相同）；cover 为上传图片返回的 path；categoryId 为 null 时不在页脚显示。',
        security: staffSecurity,
        body: adminArticleSaveRequestSchema,
        response: responses(adminArticleDetailSchema),
      },
    },
    async (request) => ok(await contentAdmin.saveArticle(staffActor(request), request.body), '文章已保存'),
  );
};
