import { char, index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The captcha module's table: registration captchas.
 */

/**
 * Registration captchas. They live in the database, not in process memory, so every API process behind a
 * load balancer can check a captcha another one issued (docs/design.md 'scale-out').
 */
export const captchas = pgTable(
  'captchas',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    answerHash: char('answer_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('captchas_expires_at_idx').on(t.expiresAt)],
);
