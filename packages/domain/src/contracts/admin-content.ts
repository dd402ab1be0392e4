import { z } from 'zod';
import '../zod-locale';
import { TemplateName } from '../catalogue-constants';
import { consolePageNo, consolePageSize } from './paging';
import { text } from './text';

/**
 * The console's content (内容, permission content.edit: owner and content; issue 'Staff console' part 2): the page
 * templates the storefront draws (spec §3 'Home page info', 'General state'; the supplier landing pages) edited as
 * a draft and published, the articles and their categories (spec §7 'Content'), and the rich-text preview that
 * shows an editor's HTML as the storefront will (the server's sanitizer).
 */
export const AdminContentPaths = {
  /** Rich HTML as it will be stored and shown (permission content.edit or catalogue.edit). */
  sanitize: '/api/adminService/content/sanitize/',
  /** One image for a template or an article (multipart, field `image`): its path on the image host. */
  imageUpload: '/api/adminService/content/image/upload/',
  /** A template as published and its draft. */
  template: '/api/adminService/content/template/',
  draftSave: '/api/adminService/content/template/draft/save/',
  /** The draft becomes the template the storefront serves. */
  publish: '/api/adminService/content/template/publish/',
  draftDiscard: '/api/adminService/content/template/draft/discard/',
  categoryList: '/api/adminService/content/category/list/',
  categorySave: '/api/adminService/content/category/save/',
  categoryDelete: '/api/adminService/content/category/delete/',
  articleList: '/api/adminService/content/article/list/',
  articleDetail: '/api/adminService/content/article/detail/',
  articleSave: '/api/adminService/content/article/save/',
} as const;

/** The largest rich HTML an editor sends (a long article with a few tables). */
export const RICH_TEXT_MAX = 200_000;

export const richTextSanitizeRequestSchema = z.strictObject({
  html: text({ multiline: true }).max(RICH_TEXT_MAX, `内容最多${RICH_TEXT_MAX}个字符`),
});
export const richTextSanitizeResponseSchema = z.object({ html: z.string() });
export type RichTextSanitizeResponse = z.infer<typeof richTextSanitizeResponseSchema>;

export const contentImageSchema = z.object({
  /** Path relative to the image host ('content/….jpg'), as templates and covers store it. */
  path: z.string(),
  /** The image's address ('/res/img/content/….jpg'), as rich text shows it. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ContentImage = z.infer<typeof contentImageSchema>;

const templateNames = Object.values(TemplateName) as [TemplateName, ...TemplateName[]];
const templateNameSchema = z.enum(templateNames, { error: '未知的模板' });

export const adminTemplateRequestSchema = z.strictObject({ name: templateNameSchema });
export type AdminTemplateRequest = z.infer<typeof adminTemplateRequestSchema>;

/** A template saved as a draft: checked against the same schema as the published one (server side). */
export const adminTemplateDraftSaveRequestSchema = z.strictObject({
  name: templateNameSchema,
  template: z.unknown(),
});
export type AdminTemplateDraftSaveRequest = z.infer<typeof adminTemplateDraftSaveRequestSchema>;

export const adminTemplateResponseSchema = z.object({
  name: z.string(),
  /** The template the storefront serves (parsed JSON); null before one is published. */
  published: z.unknown().nullable(),
  publishedAt: z.string().nullable(),
  /** The unpublished draft; null when there is none. */
  draft: z.unknown().nullable(),
  draftAt: z.string().nullable(),
  /** Who saved the draft last. */
  draftBy: z.string().nullable(),
});
export type AdminTemplateResponse = z.infer<typeof adminTemplateResponseSchema>;

// ---------------------------------------------------------------- articles

const positiveId = (label: string) =>
  z
    .number({ error: `${label}须为整数` })
    .int(`${label}须为整数`)
    .positive(`${label}须为正整数`);
const sortValue = z
  .number({ error: '排序须为整数' })
  .int('排序须为整数')
  .min(0, '排序不能小于0')
  .max(9999, '排序最多9999');

export const adminArticleCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  /** Articles in it; a category is deleted only when empty. */
  articleCount: z.number().int(),
});
export type AdminArticleCategory = z.infer<typeof adminArticleCategorySchema>;
export const adminArticleCategoryListResponseSchema = z.object({
  items: z.array(adminArticleCategorySchema),
});
export type AdminArticleCategoryListResponse = z.infer<typeof adminArticleCategoryListResponseSchema>;

/** Adds a category (no id) or renames and re-sorts one. */
export const adminArticleCategorySaveRequestSchema = z.strictObject({
  id: positiveId('分类编号').optional(),
  name: text({ error: '请输入分类名称', trim: true })
    .min(1, '请输入分类名称')
    .max(60, '分类名称最多60个字符'),
  sort: sortValue,
});
export type AdminArticleCategorySaveRequest = z.infer<typeof adminArticleCategorySaveRequestSchema>;
export const adminArticleCategoryDeleteRequestSchema = z.strictObject({ id: positiveId('分类编号') });

export const adminArticleListRequestSchema = z.strictObject({
  pageNo: consolePageNo,
  pageSize: consolePageSize,
  /** Part of the title or the summary. */
  keyword: text({ trim: true }).max(64, '关键词最多64个字符').optional(),
  categoryId: positiveId('分类').optional(),
});
export type AdminArticleListRequest = z.input<typeof adminArticleListRequestSchema>;

export const adminArticleRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string(),
  sort: z.number().int(),
  published: z.boolean(),
  updatedAt: z.string(),
});
export type AdminArticleRow = z.infer<typeof adminArticleRowSchema>;
export const adminArticleListResponseSchema = z.object({
  items: z.array(adminArticleRowSchema),
  totalCount: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminArticleListResponse = z.infer<typeof adminArticleListResponseSchema>;

export const adminArticleDetailRequestSchema = z.strictObject({ id: positiveId('文章编号') });
export const adminArticleDetailSchema = adminArticleRowSchema.extend({
  /** Sanitized rich HTML, as the storefront shows it. */
  content: z.string(),
});
export type AdminArticleDetail = z.infer<typeof adminArticleDetailSchema>;

/** Adds an article (no id) or replaces one's fields; the HTML is sanitized before it is stored. */
export const adminArticleSaveRequestSchema = z.strictObject({
  id: positiveId('文章编号').optional(),
  title: text({ error: '请输入标题', trim: true }).min(1, '请输入标题').max(200, '标题最多200个字符'),
  summary: text({ multiline: true, trim: true }).max(500, '摘要最多500个字符').default(''),
  cover: text({ trim: true })
    .max(255, '封面路径过长')
    .regex(/^(?!.*\.\.)[A-Za-z0-9/_.-]*$/, '封面须为上传到本店的图片')
    .default(''),
  content: text({ multiline: true }).max(RICH_TEXT_MAX, `正文最多${RICH_TEXT_MAX}个字符`),
  categoryId: positiveId('分类').nullable(),
  sort: sortValue,
  published: z.boolean({ error: 'published 须为 true 或 false' }).default(true),
});
export type AdminArticleSaveRequest = z.input<typeof adminArticleSaveRequestSchema>;
