import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { describeError } from '../lib/log-safety';
import type { Database } from './client';

/**
 * What the shop checks around Drizzle's migrator (drizzle-orm/pg-core/dialect.js `migrate`). The migrator reads
 * meta/_journal.json, takes the `created_at` of the newest row of drizzle.__drizzle_migrations, and runs every
 * journal entry whose `when` is later, all of them in ONE transaction, each followed by its row. So a failed
 * statement rolls back every migration of that start, and the database stays as the previous release left it.
 * Drizzle names neither the failed migration nor a database migrated further than the journal (it then runs
 * nothing and says nothing); both are said here.
 */

/** One migration the journal lists, in order. */
export interface JournalEntry {
  idx: number;
  /** Drizzle compares this with the newest applied migration's created_at. */
  when: number;
  tag: string;
}

/** The migrations a folder's meta/_journal.json lists. */
export function readJournal(migrationsFolder: string): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** How many migrations the database holds, and the `created_at` of the newest (null: none yet). */
export async function appliedMigrations(db: Database): Promise<{ count: number; newest: number | null }> {
  const present = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )) as unknown as { rows: { present: boolean }[] };
  if (!present.rows[0]?.present) return { count: 0, newest: null };
  const result = (await db.execute(
    sql`select count(*)::int as count, max(created_at) as newest from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { count: number; newest: string | number | null }[] };
  const row = result.rows[0];
  return { count: Number(row?.count ?? 0), newest: row?.newest == null ? null : Number(row.newest) };
}

/** The database holds more migrations than this release knows: a newer release migrated it. */
export class NewerDatabaseError extends Error {
  constructor(
    readonly applied: number,
    readonly known: number,
  ) {
    super(
      `数据库已由更新的版本迁移（已执行 ${applied} 个迁移，本版本只认识 ${known} 个），本版本不能在其上运行：` +
        '请启动迁移它的那个版本，或从升级前的备份恢复。' +
        ` / The database was migrated by a newer release (${applied} migrations applied, this release knows ${known}):` +
        ' start that release, or restore the backup taken before the upgrade.',
    );
    this.name = 'NewerDatabaseError';
  }
}

/** A migration failed; every migration of this start was rolled back with it. */
export class MigrationFailedError extends Error {
  constructor(
    readonly migration: string,
    reason: string,
    options: { cause: unknown },
  ) {
    super(
      `数据库迁移 ${migration} 失败，本次启动的全部迁移已回滚，数据库保持原样 / ` +
        `Migration ${migration} failed; every migration of this start was rolled back and the database is as it was: ${reason}`,
      options,
    );
    this.name = 'MigrationFailedError';
  }
}

const BREAKPOINT = '--> statement-breakpoint';

/**
 * The migration whose statement failed: the migrator runs each file's statements as they are split at the
 * breakpoints, so the failed query is one of them. When the failure is not a statement's (the commit), every
 * pending migration is named.
 */
function failedMigration(migrationsFolder: string, pending: JournalEntry[], error: unknown): string {
  if (error instanceof DrizzleQueryError) {
    for (const entry of pending) {
      const text = readFileSync(join(migrationsFolder, `${entry.tag}.sql`), 'utf8');
      if (text.split(BREAKPOINT).some((statement) => statement === error.query)) return `${entry.tag}.sql`;
    }
  }
  return pending.map((entry) => `${entry.tag}.sql`).join(', ') || '(none pending)';
}

/**
 * Runs `migrator` (Drizzle's, on the connection `db` uses) after refusing a database migrated by a newer release,
 * and names the failed migration when it throws.
 */
export async function migrateChecked(
  db: Database,
  migrationsFolder: string,
  migrator: () => Promise<void>,
): Promise<void> {
  const journal = readJournal(migrationsFolder);
  const applied = await appliedMigrations(db);
  if (applied.count > journal.length) throw new NewerDatabaseError(applied.count, journal.length);
  try {
    await migrator();
  } catch (error) {
    const pending = journal.filter((entry) => applied.newest === null || applied.newest < entry.when);
    throw new MigrationFailedError(failedMigration(migrationsFolder, pending, error), describeError(error), {
      cause: error,
    });
  }
}
