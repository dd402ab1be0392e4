import type { Article, TemplateResponse } from '@shop/domain';
import type { Database } from '../../db/client';
import { notFoundError } from '../../lib/app-error';
import * as repo from './content.repository';

export const ContentMessages = {
  templateNotFound: '模板不存在',
  articleNotFound: '文章不存在',
} as const;

export interface ContentServiceDeps {
  db: Database;
}

export type ContentService = ReturnType<typeof createContentService>;

/** The content module: page templates, articles and article categories (spec §7 'Content'). */
export function createContentService({ db }: ContentServiceDeps) {
  return {
    /** A page template by name; templateJson is the stored JSON string, as the client parses it (spec §3). */
    async template(name: string): Promise<TemplateResponse> {
      const row = await repo.findTemplate(db, name);
      if (!row) throw notFoundError(ContentMessages.templateNotFound);
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
