import { type Article, type BankAccount, TemplateName, type TemplateResponse } from '@shop/domain';
import type { Database } from '../../db/client';
import { notFoundError } from '../../lib/app-error';
import * as repo from './content.repository';

export const ContentMessages = {
  templateNotFound: '模板不存在',
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
    const template: unknown = JSON.parse(row.templateJson);
    if (!accounts || accounts.items.length === 0 || template === null || typeof template !== 'object')
      return { name: row.name, templateJson: row.templateJson, updatedAt };
    const { basicInfo } = template as { basicInfo?: Record<string, unknown> };
    const merged = { ...template, basicInfo: { ...basicInfo, bankAccounts: accounts.items } };
    return { name: row.name, templateJson: JSON.stringify(merged), updatedAt };
  }

  return {
    /**
     * A page template by name; templateJson is the stored JSON string, as the client parses it (spec §3). The
     * basic one carries the deposit's receiving bank accounts, which are kept apart from the content.
     */
    async template(name: string): Promise<TemplateResponse> {
      const row = await repo.findTemplate(db, name);
      if (!row) throw notFoundError(ContentMessages.templateNotFound);
      if (name === TemplateName.basic) return withBankAccounts(row);
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
