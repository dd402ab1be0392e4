import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { articleCategories, articles, templateDrafts, templates } from '../../db/schema';

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

// ---------------------------------------------------------------- the console

export type TemplateDraftRow = typeof templateDrafts.$inferSelect;

/** A template as published, or null. */
export async function findTemplateRow(db: Database, name: string) {
  const rows = await db.select().from(templates).where(eq(templates.name, name)).limit(1);
  return rows[0] ?? null;
}

/** A template's draft, or null; `forUpdate` holds it until the transaction ends (publish). */
export async function findDraft(
  db: Database,
  name: string,
  forUpdate = false,
): Promise<TemplateDraftRow | null> {
  const query = db.select().from(templateDrafts).where(eq(templateDrafts.name, name)).limit(1);
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0] ?? null;
}

/** Saves a template's draft (insert or replace). */
export async function putDraft(db: Database, name: string, templateJson: string, updatedBy: string) {
  const rows = await db
    .insert(templateDrafts)
    .values({ name, templateJson, updatedBy })
    .onConflictDoUpdate({
      target: templateDrafts.name,
      set: { templateJson, updatedBy, updatedAt: new Date() },
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error(`draft ${name} was not saved`);
  return row;
}

/** Removes a template's draft; whether there was one. */
export async function deleteDraft(db: Database, name: string): Promise<boolean> {
  const rows = await db
    .delete(templateDrafts)
    .where(eq(templateDrafts.name, name))
    .returning({ name: templateDrafts.name });
  return rows.length > 0;
}

/** Article categories in display order with how many articles each holds. */
export function listCategoriesWithCounts(db: Database) {
  return db
    .select({
      id: articleCategories.id,
      name: articleCategories.name,
      sort: articleCategories.sort,
      articleCount: sql<number>`(select count(*)::int from ${articles} where ${articles.categoryId} = ${articleCategories.id})`,
    })
    .from(articleCategories)
    .orderBy(asc(articleCategories.sort), asc(articleCategories.id));
}

export async function findCategory(db: Database, id: number, forUpdate = false) {
  const query = db.select().from(articleCategories).where(eq(articleCategories.id, id)).limit(1);
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function updateCategory(db: Database, id: number, set: { name: string; sort: number }) {
  const rows = await db.update(articleCategories).set(set).where(eq(articleCategories.id, id)).returning();
  return rows[0] ?? null;
}

export async function countArticlesIn(db: Database, categoryId: number): Promise<number> {
  const rows = await db.select({ n: count() }).from(articles).where(eq(articles.categoryId, categoryId));
  return rows[0]?.n ?? 0;
}

export async function deleteCategory(db: Database, id: number): Promise<void> {
  await db.delete(articleCategories).where(eq(articleCategories.id, id));
}

const articleRow = {
  id: articles.id,
  title: articles.title,
  summary: articles.summary,
  cover: articles.cover,
  categoryId: articles.categoryId,
  categoryName: articleCategories.name,
  sort: articles.sort,
  published: articles.published,
  updatedAt: articles.updatedAt,
};

/** One page of articles, newest category order first, filtered by category and by words of the title or summary. */
export async function listArticles(
  db: Database,
  filter: { keyword?: string | undefined; categoryId?: number | undefined },
  page: { offset: number; limit: number },
) {
  const conditions: SQL[] = [];
  if (filter.categoryId !== undefined) conditions.push(eq(articles.categoryId, filter.categoryId));
  if (filter.keyword) {
    // `%`, `_` and `\` typed by staff match themselves, not any text.
    const like = `%${filter.keyword.replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(or(ilike(articles.title, like), ilike(articles.summary, like)) as SQL);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [items, total] = await Promise.all([
    db
      .select(articleRow)
      .from(articles)
      .leftJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
      .where(where)
      .orderBy(asc(articles.sort), desc(articles.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return { items, total: total[0]?.n ?? 0 };
}

export async function findArticle(db: Database, id: number, forUpdate = false) {
  const query = db
    .select({ ...articleRow, content: articles.content })
    .from(articles)
    .leftJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .where(eq(articles.id, id))
    .limit(1);
  const rows = forUpdate ? await query.for('update', { of: articles }) : await query;
  return rows[0] ?? null;
}

export async function updateArticle(
  db: Database,
  id: number,
  set: Omit<typeof articles.$inferInsert, 'id' | 'createdAt'>,
): Promise<void> {
  await db
    .update(articles)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(articles.id, id));
}
