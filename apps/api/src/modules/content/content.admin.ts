import {
  type AdminArticleCategory,
  type AdminArticleCategorySaveRequest,
  type AdminArticleDetail,
  type AdminArticleListRequest,
  type AdminArticleListResponse,
  type AdminArticleRow,
  type AdminTemplateResponse,
  adminArticleListRequestSchema,
  adminArticleSaveRequestSchema,
  basicContentTemplateSchema,
  type ContentImage,
  goodsSortTemplateSchema,
  homeTemplateSchema,
  IMAGE_BASE,
  supplierTemplateSchema,
  TemplateName,
} from '@shop/domain';
import type { z } from 'zod';
import { type Database, readTogether } from '../../db/client';
import { notFoundError, paramsError } from '../../lib/app-error';
import type { AuditActor, AuditRecorder } from '../../lib/audit';
import { sanitizeRichText } from '../../lib/rich-text';
import * as repo from './content.admin.repository';

/**
 * The operator side of the content (spec §7 'Content'): article categories, articles and the page
 * templates. Templates are checked against the domain's schemas before they are stored, so the
 * storefront never receives a template it cannot render.
 */

/** The schema each template must satisfy (spec §3 'Home page info', 'General state'). */
export const TEMPLATE_SCHEMAS: Record<TemplateName, z.ZodType> = {
  [TemplateName.home]: homeTemplateSchema,
  [TemplateName.basic]: basicContentTemplateSchema,
  [TemplateName.goodsSort]: goodsSortTemplateSchema,
  [TemplateName.supplier]: supplierTemplateSchema,
  [TemplateName.supplierEn]: supplierTemplateSchema,
};

export interface NewArticle {
  title: string;
  summary: string;
  cover?: string;
  /** Rich HTML; sanitized before it is stored. */
  html: string;
  sort: number;
}

export type ContentAdminService = ReturnType<typeof createContentAdminService>;

export const ContentAdminMessages = {
  noDraft: '没有待发布的草稿',
  categoryNotFound: '文章分类不存在',
  categoryNotEmpty: '分类下还有文章，不能删除',
  articleNotFound: '文章不存在',
} as const;

export interface ContentAdminDeps {
  db: Database;
  audit: AuditRecorder;
  /** Stores an uploaded image (the media module's, wired in services.ts): its path and size. */
  storeUpload: (bytes: Buffer, prefix: string) => Promise<{ path: string; width: number; height: number }>;
}

/** The template checked against its schema, or the first problem as the envelope's message. */
function checkTemplate(name: TemplateName, value: unknown): unknown {
  const checked = TEMPLATE_SCHEMAS[name].safeParse(value);
  if (checked.success) return checked.data;
  const issue = checked.error.issues[0];
  throw paramsError(`模板 ${name} 格式不正确：${issue ? `${issue.path.join('.')} ${issue.message}` : ''}`);
}

const parsed = (json: string | undefined): unknown => (json === undefined ? null : JSON.parse(json));

type ArticleRow = Awaited<ReturnType<typeof repo.listArticles>>['items'][number];
const toArticleRow = (row: ArticleRow): AdminArticleRow => ({
  ...row,
  categoryName: row.categoryName ?? '',
  updatedAt: row.updatedAt.toISOString(),
});

/** The content's operator service. */
export function createContentAdminService({ db, audit, storeUpload }: ContentAdminDeps) {
  const templateView = async (executor: Database, name: TemplateName): Promise<AdminTemplateResponse> => {
    const [published, draft] = await readTogether(executor, [
      () => repo.findTemplateRow(executor, name),
      () => repo.findDraft(executor, name),
    ]);
    return {
      name,
      published: parsed(published?.templateJson),
      publishedAt: published?.updatedAt.toISOString() ?? null,
      draft: parsed(draft?.templateJson),
      draftAt: draft?.updatedAt.toISOString() ?? null,
      draftBy: draft?.updatedBy ?? null,
    };
  };

  const article = async (executor: Database, id: number): Promise<AdminArticleDetail> => {
    const row = await repo.findArticle(executor, id);
    if (!row) throw notFoundError(ContentAdminMessages.articleNotFound);
    return { ...toArticleRow(row), content: row.content };
  };

  /** Audits a change to a template or its draft, on the change's transaction. */
  const recordTemplate = (
    tx: Database,
    by: AuditActor,
    action: 'template.draft' | 'template.publish' | 'template.discard',
    name: TemplateName,
    change: { before: unknown; after?: unknown },
  ) => audit(tx, { by, action, objectType: 'template', objectId: name, ...change });

  const requireDraft = async (tx: Database, name: TemplateName) => {
    const draft = await repo.findDraft(tx, name, true);
    if (!draft) throw paramsError(ContentAdminMessages.noDraft);
    return draft;
  };

  const requireCategory = async (executor: Database, id: number) => {
    const row = await repo.findCategory(executor, id, true);
    if (!row) throw notFoundError(ContentAdminMessages.categoryNotFound);
    return row;
  };

  return {
    /** Rich HTML exactly as it will be stored and shown: the sanitizer every save runs. */
    sanitize(html: string): string {
      return sanitizeRichText(html);
    },

    /** Stores an image for a template or an article (re-encoded, unguessable name under content/). */
    async uploadImage(bytes: Buffer): Promise<ContentImage> {
      const { path, width, height } = await storeUpload(bytes, 'content');
      return { path, url: `${IMAGE_BASE}/${path}`, width, height };
    },

    /** A template as published and its draft (the console's editor opens the draft when there is one). */
    template(name: TemplateName): Promise<AdminTemplateResponse> {
      return templateView(db, name);
    },

    /** Saves a template's draft after checking it as publishing would; the storefront keeps the published one. */
    async saveDraft(by: AuditActor, name: TemplateName, value: unknown): Promise<AdminTemplateResponse> {
      const checked = checkTemplate(name, value);
      return db.transaction(async (tx) => {
        const before = await repo.findDraft(tx, name, true);
        await repo.putDraft(tx, name, JSON.stringify(checked), by.actor);
        await recordTemplate(tx, by, 'template.draft', name, {
          before: parsed(before?.templateJson),
          after: checked,
        });
        return templateView(tx, name);
      });
    },

    /**
     * Publishes a template's draft (spec §7 'template/{name}'): the draft replaces the template the storefront
     * serves, its updatedAt moves on (the storefront's version of it), and the draft is gone, in one transaction.
     */
    async publish(by: AuditActor, name: TemplateName): Promise<AdminTemplateResponse> {
      return db.transaction(async (tx) => {
        const draft = await requireDraft(tx, name);
        // Checked again: a schema may have tightened since the draft was saved.
        const checked = checkTemplate(name, JSON.parse(draft.templateJson));
        const before = await repo.findTemplateRow(tx, name);
        await repo.putTemplate(tx, name, JSON.stringify(checked), true);
        await repo.deleteDraft(tx, name);
        await recordTemplate(tx, by, 'template.publish', name, {
          before: parsed(before?.templateJson),
          after: checked,
        });
        return templateView(tx, name);
      });
    },

    /** Throws a template's draft away; the published template is untouched. */
    async discardDraft(by: AuditActor, name: TemplateName): Promise<AdminTemplateResponse> {
      return db.transaction(async (tx) => {
        const draft = await requireDraft(tx, name);
        await repo.deleteDraft(tx, name);
        await recordTemplate(tx, by, 'template.discard', name, { before: parsed(draft.templateJson) });
        return templateView(tx, name);
      });
    },

    /** Article categories in the footer's order, with how many articles each holds. */
    async categories(): Promise<AdminArticleCategory[]> {
      return repo.listCategoriesWithCounts(db);
    },

    /** Adds a category, or renames and re-sorts one. */
    async saveCategory(
      by: AuditActor,
      input: AdminArticleCategorySaveRequest,
    ): Promise<AdminArticleCategory> {
      return db.transaction(async (tx) => {
        const { id, name, sort } = input;
        if (id === undefined) {
          const created = await repo.insertArticleCategory(tx, name, sort);
          await audit(tx, {
            by,
            action: 'articleCategory.create',
            objectType: 'articleCategory',
            objectId: created,
            after: { name, sort },
          });
          return { id: created, name, sort, articleCount: 0 };
        }
        const before = await requireCategory(tx, id);
        await repo.updateCategory(tx, id, { name, sort });
        await audit(tx, {
          by,
          action: 'articleCategory.update',
          objectType: 'articleCategory',
          objectId: id,
          before: { name: before.name, sort: before.sort },
          after: { name, sort },
        });
        return { id, name, sort, articleCount: await repo.countArticlesIn(tx, id) };
      });
    },

    /** Deletes a category that holds no article (the footer would lose its links otherwise). */
    async deleteCategory(by: AuditActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await requireCategory(tx, id);
        if ((await repo.countArticlesIn(tx, id)) > 0)
          throw paramsError(ContentAdminMessages.categoryNotEmpty);
        await repo.deleteCategory(tx, id);
        await audit(tx, {
          by,
          action: 'articleCategory.delete',
          objectType: 'articleCategory',
          objectId: id,
          before: { name: before.name, sort: before.sort },
        });
      });
    },

    /** One page of articles, filtered by category and by words of the title or summary. */
    async articles(input: AdminArticleListRequest): Promise<AdminArticleListResponse> {
      const { pageNo, pageSize, keyword, categoryId } = adminArticleListRequestSchema.parse(input);
      const { items, total } = await repo.listArticles(
        db,
        { keyword, categoryId },
        { offset: (pageNo - 1) * pageSize, limit: pageSize },
      );
      return { items: items.map(toArticleRow), totalCount: total, pageNo, pageSize };
    },

    /** One article with its sanitized HTML. */
    article(id: number): Promise<AdminArticleDetail> {
      return article(db, id);
    },

    /** Adds an article or replaces one's fields; its HTML is sanitized before it is stored (spec §7 'Content'). */
    async saveArticle(by: AuditActor, input: unknown): Promise<AdminArticleDetail> {
      const { id, content, categoryId, ...fields } = adminArticleSaveRequestSchema.parse(input);
      return db.transaction(async (tx) => {
        if (categoryId !== null) await requireCategory(tx, categoryId);
        const row = { ...fields, categoryId, content: sanitizeRichText(content) };
        if (id === undefined) {
          const created = await repo.insertArticle(tx, row);
          await audit(tx, {
            by,
            action: 'article.create',
            objectType: 'article',
            objectId: created,
            after: row,
          });
          return article(tx, created);
        }
        const before = await repo.findArticle(tx, id, true);
        if (!before) throw notFoundError(ContentAdminMessages.articleNotFound);
        await repo.updateArticle(tx, id, row);
        await audit(tx, {
          by,
          action: 'article.update',
          objectType: 'article',
          objectId: id,
          before: { ...before, updatedAt: before.updatedAt.toISOString() },
          after: row,
        });
        return article(tx, id);
      });
    },

    /**
    /**
     * Adds an article category with its articles, skipping what exists (same category name, same
     * title), in one transaction. Returns the article ids in input order and how many were new.
     */
    async ensureArticles(category: { name: string; sort: number }, items: readonly NewArticle[]) {
      return db.transaction(async (tx) => {
        const categoryId =
          (await repo.findArticleCategoryByName(tx, category.name)) ??
          (await repo.insertArticleCategory(tx, category.name, category.sort));
        const ids: number[] = [];
        let created = 0;
        for (const item of items) {
          const existing = await repo.findArticleByTitle(tx, categoryId, item.title);
          if (existing !== null) {
            ids.push(existing);
            continue;
          }
          ids.push(
            await repo.insertArticle(tx, {
              categoryId,
              title: item.title,
              summary: item.summary,
              cover: item.cover ?? '',
              content: sanitizeRichText(item.html),
              sort: item.sort,
            }),
          );
          created += 1;
        }
        return { categoryId, ids, created };
      });
    },

    /**
     * Rewrites an article that still holds exactly the text an earlier demo seed wrote (`previousHtml`), so
     * that a shop upgraded from that seed reads the new text, while an article the operator edited is left
     * alone. Returns how many articles changed.
     */
    async refreshSeededArticle(
      title: string,
      previousHtml: string,
      next: { html: string; summary: string },
    ): Promise<number> {
      const ids = await repo.replaceArticleContent(db, title, sanitizeRichText(previousHtml), {
        content: sanitizeRichText(next.html),
        summary: next.summary,
      });
      return ids.length;
    },

    /**
     * Changes the basic template's site address (the footer's) where it still reads `previous`, the address an
     * earlier demo seed wrote. Returns whether it changed.
     */
    async refreshSeededSiteAddress(previous: string, next: string): Promise<boolean> {
      const json = await repo.findTemplateJson(db, TemplateName.basic);
      if (json === null) return false;
      let stored: unknown;
      try {
        stored = JSON.parse(json);
      } catch {
        return false;
      }
      const basic = basicContentTemplateSchema.safeParse(stored);
      if (!basic.success || basic.data.basicInfo.address !== previous) return false;
      const updated = { ...basic.data, basicInfo: { ...basic.data.basicInfo, address: next } };
      return repo.putTemplate(db, TemplateName.basic, JSON.stringify(updated), true);
    },

    /**
     * Stores a template after checking it against its schema (spec §7 'template/{name}': templateJson is a
     * JSON string). With `replace` false (the seed) an existing template is kept. Returns whether it was written.
     */
    async putTemplate(
      name: TemplateName,
      value: unknown,
      options: { replace?: boolean } = {},
    ): Promise<boolean> {
      const checked = checkTemplate(name, value);
      return repo.putTemplate(db, name, JSON.stringify(checked), options.replace ?? false);
    },
  };
}
