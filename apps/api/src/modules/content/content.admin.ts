import {
  basicTemplateSchema,
  goodsSortTemplateSchema,
  homeTemplateSchema,
  ResultCode,
  supplierTemplateSchema,
  TemplateName,
} from '@shop/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
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
  [TemplateName.basic]: basicTemplateSchema,
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

/** The content's operator service. */
export function createContentAdminService({ db }: { db: Database }) {
  return {
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
      const basic = basicTemplateSchema.safeParse(stored);
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
      const checked = TEMPLATE_SCHEMAS[name].safeParse(value);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        throw new AppError(
          ResultCode.ParamsError,
          `模板 ${name} 格式不正确：${issue ? `${issue.path.join('.')} ${issue.message}` : ''}`,
        );
      }
      return repo.putTemplate(db, name, JSON.stringify(checked.data), options.replace ?? false);
    },
  };
}
