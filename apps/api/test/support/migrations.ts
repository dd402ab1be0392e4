import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from '../../src/db/client';
import type { JournalEntry } from '../../src/db/migrations';

type JournalRow = JournalEntry & { version: string; breakpoints: boolean };

/** The shop's migrations copied to a folder of their own, with `edit` applied to the copy's journal. */
async function copyMigrations(edit: (entries: JournalRow[]) => JournalRow[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'shop-migrations-'));
  await cp(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: JournalRow[] };
  journal.entries = edit(journal.entries);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

/**
 * The migrations as they stood up to and including `lastIdx`, in a folder of their own: a test migrates a shop to
 * there, fills it as a shop of that time was, then runs the rest to check the upgrade. Drizzle's migrator runs
 * only what the journal lists, so the later files left in the folder are never read.
 */
export function migrationsThrough(lastIdx: number): Promise<string> {
  return copyMigrations((entries) => entries.filter((e) => e.idx <= lastIdx));
}

/**
 * The shop's migrations followed by one more, `tag`.sql holding `text`, in a folder of their own: a test checks
 * what a migration that fails does to the database.
 */
export async function migrationsWithExtra(tag: string, text: string): Promise<string> {
  const dir = await copyMigrations((entries) => {
    const last = entries.at(-1);
    if (!last) throw new Error('no migrations');
    return [...entries, { ...last, idx: last.idx + 1, when: last.when + 1000, tag }];
  });
  await writeFile(join(dir, `${tag}.sql`), text);
  return dir;
}
