import { boolean, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

/**
 * The content module's tables (spec §3 'Home page info'): articles, their categories, and the page templates.
 */

export const articleCategories = pgTable('article_categories', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 60 }).notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt,
});

/** Articles (help pages, notices, buying guides); `content` is sanitized rich HTML. */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').references(() => articleCategories.id),
    title: varchar('title', { length: 200 }).notNull(),
    summary: varchar('summary', { length: 500 }).notNull().default(''),
    cover: varchar('cover', { length: 255 }).notNull().default(''),
    content: text('content').notNull().default(''),
    published: boolean('published').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt,
    updatedAt,
  },
  (t) => [index('articles_category_id_idx').on(t.categoryId, t.sort)],
);

/** Page templates by name (spec §7 'Content': home, basic, goodsSort); `templateJson` is a JSON string. */
export const templates = pgTable('templates', {
  name: varchar('name', { length: 40 }).primaryKey(),
  templateJson: text('template_json').notNull(),
  updatedAt,
});

/**
 * A template's unpublished draft, kept apart from `templates` so the storefront's template call can never serve
 * it; publishing moves it there in one transaction.
 */
export const templateDrafts = pgTable('template_drafts', {
  name: varchar('name', { length: 40 }).primaryKey(),
  templateJson: text('template_json').notNull(),
  /** The staff username who saved it last. */
  updatedBy: varchar('updated_by', { length: 64 }).notNull(),
  updatedAt,
});
