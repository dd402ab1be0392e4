import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { articleCategories, articles, templates } from '../../db/schema';

/** Queries of the content module (templates, articles, article categories). */

export type TemplateRow = typeof templates.$inferSelect;

export async function findTemplate(db: Database, name: string): Promise<TemplateRow | null> {
  const rows = await db.select().from(templates).where(eq(templates.name, name)).limit(1);
  return rows[0] ?? null;
}

/** A published article with its category's name (null for an unknown or unpublished article). */
export async function findPublishedArticle(db: Database, id: number) {
  const rows = await db
    .select({ article: articles, categoryName: articleCategories.name })
    .from(articles)
    .leftJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .where(and(eq(articles.id, id), eq(articles.published, true)))
    .limit(1);
  return rows[0] ?? null;
}

export function listArticleCategories(db: Database) {
  return db
    .select({ id: articleCategories.id, name: articleCategories.name })
    .from(articleCategories)
    .orderBy(asc(articleCategories.sort), asc(articleCategories.id));
}

/** Ids and titles of the published articles that have a category, in display order. */
export function listPublishedArticleTitles(db: Database) {
  return db
    .select({ id: articles.id, title: articles.title, categoryId: articles.categoryId })
    .from(articles)
    .where(and(eq(articles.published, true), isNotNull(articles.categoryId)))
    .orderBy(asc(articles.sort), asc(articles.id));
}
