import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { articleCategories, articles, templates } from '../../db/schema';

/** Writes of the content's operator side (demo seed). The read API has its own repository. */

export async function findArticleCategoryByName(db: Database, name: string): Promise<number | null> {
  const rows = await db
    .select({ id: articleCategories.id })
    .from(articleCategories)
    .where(eq(articleCategories.name, name))
    .orderBy(articleCategories.id)
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function insertArticleCategory(db: Database, name: string, sort: number): Promise<number> {
  const rows = await db
    .insert(articleCategories)
    .values({ name, sort })
    .returning({ id: articleCategories.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`article category ${name} was not inserted`);
  return id;
}

export async function findArticleByTitle(
  db: Database,
  categoryId: number | null,
  title: string,
): Promise<number | null> {
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(
      and(
        categoryId === null ? isNull(articles.categoryId) : eq(articles.categoryId, categoryId),
        eq(articles.title, title),
      ),
    )
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function insertArticle(db: Database, row: typeof articles.$inferInsert): Promise<number> {
  const rows = await db.insert(articles).values(row).returning({ id: articles.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`article ${row.title} was not inserted`);
  return id;
}

/** Stores a template; with `replace` false an existing one is kept. Returns whether it was written. */
export async function putTemplate(
  db: Database,
  name: string,
  templateJson: string,
  replace: boolean,
): Promise<boolean> {
  const insert = db.insert(templates).values({ name, templateJson });
  const rows = replace
    ? await insert
        .onConflictDoUpdate({ target: templates.name, set: { templateJson, updatedAt: new Date() } })
        .returning({ name: templates.name })
    : await insert.onConflictDoNothing({ target: templates.name }).returning({ name: templates.name });
  return rows.length > 0;
}

/** Replaces an article's text where it still reads `from`; the ids of the articles changed. */
export async function replaceArticleContent(
  db: Database,
  title: string,
  from: string,
  to: { content: string; summary: string },
): Promise<number[]> {
  const rows = await db
    .update(articles)
    .set({ ...to, updatedAt: new Date() })
    .where(and(eq(articles.title, title), eq(articles.content, from)))
    .returning({ id: articles.id });
  return rows.map((r) => r.id);
}

/** A stored template's JSON, or null. */
export async function findTemplateJson(db: Database, name: string): Promise<string | null> {
  const rows = await db
    .select({ templateJson: templates.templateJson })
    .from(templates)
    .where(eq(templates.name, name))
    .limit(1);
  return rows[0]?.templateJson ?? null;
}
