import {
  type Article,
  type BankAccount,
  basicTemplateSchema,
  drawableHomeBlocks,
  goodsSortTemplateSchema,
  ResultCode,
  TemplateName,
  type TemplateResponse,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { AppError, notFoundError } from '../../lib/app-error';
import * as repo from './content.repository';

export const ContentMessages = {
  templateNotFound: '模板不存在',
  templateBroken: '页面配置有误，请稍后再试',
  articleNotFound: '文章不存在',
} as const;

export interface ContentServiceDeps {
  db: Database;
  /**
   * The deposit module's receiving bank accounts (wired in services.ts), served in the basic template's
   * basicInfo.bankAccounts where the recharge page reads them; the content role does not edit them.
   */
  bankAccounts?: (executor: Database) => Promise<{ items: BankAccount[]; updatedAt: string | null }>;
}

export type ContentService = ReturnType<typeof createContentService>;

/** A template the storefront cannot draw (publishing checks each one, so only a damaged row gets here). */
function brokenTemplate(): AppError {
  return new AppError(ResultCode.InternalServiceError, ContentMessages.templateBroken);
}

function storedJson(row: repo.TemplateRow): unknown {
  try {
    return JSON.parse(row.templateJson);
  } catch {
    throw brokenTemplate();
  }
}

/**
 * A template as the storefront reads it, checked against its contract here rather than in the browser (ADR 048):
 * the storefront's pages then need no validation library to draw it.
 */
function served(
  name: string,
  template: unknown,
  schema: { safeParse(value: unknown): { success: boolean; data?: unknown } },
  updatedAt: string,
): TemplateResponse {
  const checked = schema.safeParse(template);
  if (!checked.success) throw brokenTemplate();
  return { name, templateJson: JSON.stringify(checked.data), updatedAt };
}

/** The home template without the blocks the storefront cannot draw (spec §3 'Home page info'). */
function servedHome(row: repo.TemplateRow): TemplateResponse {
  const template = storedJson(row);
  if (!Array.isArray(template)) throw brokenTemplate();
  const blocks = drawableHomeBlocks(template);
  return { name: row.name, templateJson: JSON.stringify(blocks), updatedAt: row.updatedAt.toISOString() };
}

/** The content module: page templates, articles and article categories (spec §7 'Content'). */
export function createContentService({ db, bankAccounts }: ContentServiceDeps) {
  /**
   * The basic template as stored, with the receiving bank accounts in basicInfo (left out when there are none, as
   * the template had them before: the recharge page then asks the member to contact customer service); its
   * updatedAt is the later of the two changes.
   */
  async function withBankAccounts(row: repo.TemplateRow): Promise<TemplateResponse> {
    const stored = row.updatedAt.toISOString();
    const accounts = bankAccounts ? await bankAccounts(db) : null;
    const updatedAt = accounts?.updatedAt && accounts.updatedAt > stored ? accounts.updatedAt : stored;
    const template = storedJson(row);
    if (!accounts || accounts.items.length === 0 || template === null || typeof template !== 'object')
      return served(row.name, template, basicTemplateSchema, updatedAt);
    const { basicInfo } = template as { basicInfo?: Record<string, unknown> };
    const merged = { ...template, basicInfo: { ...basicInfo, bankAccounts: accounts.items } };
    return served(row.name, merged, basicTemplateSchema, updatedAt);
  }

  return {
    /**
     * A page template by name; templateJson is a JSON string the client parses (spec §3). The storefront's three
     * (home, basic, goods sort) are served in the shape of their contracts, home without the blocks it cannot
     * draw; the basic one carries the deposit's receiving bank accounts, which are kept apart from the content.
     */
    async template(name: string): Promise<TemplateResponse> {
      const row = await repo.findTemplate(db, name);
      if (!row) throw notFoundError(ContentMessages.templateNotFound);
      if (name === TemplateName.basic) return withBankAccounts(row);
      if (name === TemplateName.home) return servedHome(row);
      if (name === TemplateName.goodsSort)
        return served(row.name, storedJson(row), goodsSortTemplateSchema, row.updatedAt.toISOString());
      return { name: row.name, templateJson: row.templateJson, updatedAt: row.updatedAt.toISOString() };
    },

    /** A published article (spec §2 /article/{id}); a draft is as unknown as a missing one. */
    async article(id: number): Promise<Article> {
      const row = await repo.findPublishedArticle(db, id);
      if (!row) throw notFoundError(ContentMessages.articleNotFound);
      const { article } = row;
      return {
        id: article.id,
        categoryId: article.categoryId,
        categoryName: row.categoryName ?? '',
        title: article.title,
        summary: article.summary,
        cover: article.cover,
        content: article.content,
        createdAt: article.createdAt.toISOString(),
        updatedAt: article.updatedAt.toISOString(),
      };
    },

    /** Article categories with their published articles' ids and titles (the footer help links, spec §7). */
    async categoryList() {
      const [categories, titles] = await Promise.all([
        repo.listArticleCategories(db),
        repo.listPublishedArticleTitles(db),
      ]);
      return categories.map((category) => ({
        id: category.id,
        name: category.name,
        articles: titles
          .filter((a) => a.categoryId === category.id)
          .map((a) => ({ id: a.id, title: a.title })),
      }));
    },
  };
}
