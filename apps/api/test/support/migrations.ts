import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from '../../src/db/client';

/**
 * The migrations as they stood up to and including `lastIdx`, in a folder of their own: a test migrates a shop to
 * there, fills it as a shop of that time was, then runs the rest to check the upgrade.
 */
export async function migrationsThrough(lastIdx: number): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'shop-migrations-'));
  await cp(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= lastIdx);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}
