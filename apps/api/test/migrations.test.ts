import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, MIGRATIONS_FOLDER } from '../src/db/client';
import { MigrationFailedError, NewerDatabaseError, readJournal } from '../src/db/migrations';
import { describeError } from '../src/lib/log-safety';
import { migrationsThrough, migrationsWithExtra } from './support/migrations';
import { spawnServer } from './support/server-process';
import { openEmptyDatabase, openTestDatabase, testConfig } from './support/test-app';

const KNOWN = readJournal(MIGRATIONS_FOLDER).length;

// Creates a table, then fails: a migration that stops halfway.
const BROKEN_TAG = `${String(KNOWN).padStart(4, '0')}_broken_probe`;
const BROKEN_SQL = `CREATE TABLE "upgrade_probe" ("id" integer PRIMARY KEY NOT NULL);
--> statement-breakpoint
INSERT INTO "no_such_table" ("id") VALUES (1);`;

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const tables = async (db: Database) =>
  (
    await rows<{ name: string }>(
      db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).map((r) => r.name);

const migrationRows = (db: Database) =>
  rows<{ id: number; hash: string; created_at: string }>(
    db,
    sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id`,
  );

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A folder of migrations removed after the test. */
async function folder(made: Promise<string>): Promise<string> {
  const dir = await made;
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** What `migrate` rejected with (it must reject). */
async function failure(run: Promise<void>): Promise<Error> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) throw new Error(`expected a failure, got ${String(error)}`);
  return error;
}

describe('a migration that fails', () => {
  it('rolls back with every migration of that start: an old shop stays as its release left it', async () => {
    const empty = await openEmptyDatabase();
    cleanups.push(() => empty.dispose());
    const { database } = empty;
    await database.migrate(await folder(migrationsThrough(5)));
    await database.db.execute(sql`insert into members (username, password_hash) values ('alice', 'x')`);
    const tablesBefore = await tables(database.db);
    const migrationsBefore = await migrationRows(database.db);
    expect(migrationsBefore).toHaveLength(6);

    // 0006 … 0019 and then the broken one are pending: Drizzle runs them in one transaction.
    const broken = await folder(migrationsWithExtra(BROKEN_TAG, BROKEN_SQL));
    const error = await failure(database.migrate(broken));

    expect(error).toBeInstanceOf(MigrationFailedError);
    // What the server prints after '启动失败 / Could not start:': the file, that nothing stayed, and why.
    const said = describeError(error);
    expect(said).toContain(`数据库迁移 ${BROKEN_TAG}.sql 失败，本次启动的全部迁移已回滚，数据库保持原样`);
    expect(said).toContain(`Migration ${BROKEN_TAG}.sql failed`);
    expect(said).toMatch(/relation "no_such_table" does not exist \(42P01\)/);
    // No trace: neither the probe table nor any table of 0006 … 0019, the same migration rows, the data kept.
    expect(await tables(database.db)).toEqual(tablesBefore);
    expect(tablesBefore).not.toContain('pickup_points');
    expect(await migrationRows(database.db)).toEqual(migrationsBefore);
    expect(await rows(database.db, sql`select username from members`)).toEqual([{ username: 'alice' }]);

    // The release's own migrations still run on it afterwards.
    await database.migrate();
    expect(await migrationRows(database.db)).toHaveLength(KNOWN);
    expect(await tables(database.db)).toContain('pickup_points');
  }, 60_000);

  it('on an up-to-date shop leaves no table and no migration row of its own', async () => {
    const { database, dispose } = await openTestDatabase();
    cleanups.push(dispose);
    const tablesBefore = await tables(database.db);
    const migrationsBefore = await migrationRows(database.db);

    const error = await failure(database.migrate(await folder(migrationsWithExtra(BROKEN_TAG, BROKEN_SQL))));

    expect(error).toBeInstanceOf(MigrationFailedError);
    expect(error.message).toContain(`${BROKEN_TAG}.sql`);
    expect(await tables(database.db)).not.toContain('upgrade_probe');
    expect(await tables(database.db)).toEqual(tablesBefore);
    expect(await migrationRows(database.db)).toEqual(migrationsBefore);
  });
});

describe('a database migrated by a newer release', () => {
  const NEWER = `数据库已由更新的版本迁移（已执行 ${KNOWN + 1} 个迁移，本版本只认识 ${KNOWN} 个）`;

  it('is refused at start with a clear message, and left untouched', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'shop-newer-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const empty = await openEmptyDatabase(join(dataDir, 'db'));
    cleanups.push(() => empty.dispose());
    const { database } = empty;
    await database.migrate();
    // As the newer release left it: one migration after this release's last.
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at)
          select 'from-a-newer-release', max(created_at) + 1000 from drizzle.__drizzle_migrations`,
    );
    const before = await migrationRows(database.db);

    const error = await failure(database.migrate());
    expect(error).toBeInstanceOf(NewerDatabaseError);
    expect(error.message).toContain(NEWER);
    expect(error.message).toContain(
      `The database was migrated by a newer release (${KNOWN + 1} migrations applied, this release knows ${KNOWN})`,
    );
    expect(await migrationRows(database.db)).toEqual(before);
    await expect(buildApp({ config: testConfig(), database })).rejects.toBeInstanceOf(NewerDatabaseError);

    // The server itself: it exits 1 and says why instead of serving a schema it does not know.
    await database.close();
    // It never listens: any port of the system's choosing does.
    const server = spawnServer({ PORT: '0', LOG_LEVEL: 'warn', ...empty.env }, ['ignore', 'pipe', 'pipe']);
    let stderr = '';
    let stdout = '';
    server.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    server.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    const code = await new Promise<number | null>((done) => server.once('exit', (c) => done(c)));
    expect(code).toBe(1);
    expect(stderr).toContain(`启动失败 / Could not start: ${NEWER}`);
    // It never listened.
    expect(stdout).not.toContain('Shop running at');
  }, 120_000);
});
