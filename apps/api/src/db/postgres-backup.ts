import { execFile } from 'node:child_process';
import { open, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import {
  type BackupFile,
  type BackupKind,
  backupError,
  backupFileName,
  draftPath,
  publishDraft,
} from './backup-files';
import { knownMigrationCount } from './client';

/**
 * Backups of a PostgreSQL database with PostgreSQL's own tools: pg_dump's custom format (consistent while the
 * shop runs: one snapshot of the whole database) and pg_restore into the configured database, after a copy of
 * what is there. The tools come with the PostgreSQL client packages; the README's 'Going live' has the recipe.
 */

/** Tables every shop database has; an archive without them is not this shop's. */
const SHOP_TABLES = ['members', 'orders', 'payments', 'deposit_logs'] as const;

interface ToolRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The connection as the tools take it: the password travels in PGPASSWORD, not on the command line where
 * every user of the machine can read it (ps).
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env },
  };
}

/** Runs pg_dump, pg_restore or psql; a missing tool is a message pointing at the README, not a stack trace. */
function runTool(
  tool: 'pg_dump' | 'pg_restore' | 'psql',
  args: string[],
  env?: NodeJS.ProcessEnv,
): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    execFile(tool, args, { env, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
        reject(
          backupError(
            `找不到 ${tool}：请安装 PostgreSQL 客户端（如 apt-get install postgresql-client），参见 README「上线」一节的备份步骤 / ${tool} is not on the PATH: install the PostgreSQL client tools, see the README's 'Going live'`,
          ),
        );
        return;
      }
      const code = error ? Number((error as { code?: unknown }).code ?? 1) || 1 : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** The first lines of a tool's complaint, for the operator. */
function complaint(run: ToolRun): string {
  return run.stderr.trim().split('\n').slice(0, 3).join(' ');
}

/** pg_dump of the whole database into a new backup file in `dir` (custom format, for pg_restore). */
export async function dumpPostgres(url: string, dir: string, kind: BackupKind): Promise<BackupFile> {
  const name = backupFileName(kind, 'pgdump', new Date());
  const draft = await draftPath(dir, name);
  // pg_dump writes into a file made 600 first: one it made itself would follow the umask (644, #35).
  await (await open(draft, 'wx', 0o600)).close();
  const { dbname, env } = connection(url);
  const run = await runTool('pg_dump', ['--format=custom', `--file=${draft}`, `--dbname=${dbname}`], env);
  if (run.code !== 0) {
    await rm(draft, { force: true });
    throw backupError(`pg_dump 失败 / pg_dump failed: ${complaint(run)}`);
  }
  return publishDraft(draft, dir, name);
}

/**
 * Checks a PostgreSQL backup before it is restored: an archive pg_restore can read, with the shop's tables
 * and no more migrations than this release knows. Throws a message for the operator otherwise.
 */
export async function checkPostgresBackup(file: string): Promise<{ migrations: number }> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw backupError(`无法读取备份文件 ${file} / cannot read the backup file`);
  if (info.size === 0) throw backupError(`备份文件为空：${file} / the backup file is empty`);
  const list = await runTool('pg_restore', ['--list', file]);
  if (list.code !== 0) {
    throw backupError(
      `不是完整的 pg_dump 备份（可能被截断或不是自定义格式）：${file} / not a complete pg_dump archive (truncated or not --format=custom): ${complaint(list)}`,
    );
  }
  const tables = new Set([...list.stdout.matchAll(/ TABLE public (\S+) /g)].map((match) => match[1]));
  const missing = SHOP_TABLES.filter((name) => !tables.has(name));
  if (missing.length > 0) {
    throw backupError(
      `备份中缺少商城的数据表（${missing.join(', ')}），不是本商城的备份 / not a shop backup: tables missing`,
    );
  }
  if (!/ TABLE drizzle __drizzle_migrations /.test(list.stdout)) {
    throw backupError('备份中没有迁移记录，不是本商城的备份 / not a shop backup: no migrations table');
  }
  // The migrations table's rows, as the SQL pg_restore would run: one line each between COPY and '\.'.
  const rows = await runTool('pg_restore', [
    '--data-only',
    '--schema=drizzle',
    '--table=__drizzle_migrations',
    '--file=-',
    file,
  ]);
  const copy = /^COPY drizzle\.__drizzle_migrations [^\n]*\n([\s\S]*?)^\\\.$/m.exec(rows.stdout);
  if (rows.code !== 0 || !copy) {
    throw backupError(`备份中的迁移记录无法读取：${file} / cannot read the backup's migrations`);
  }
  const applied = (copy[1] ?? '').split('\n').filter((line) => line !== '').length;
  const known = knownMigrationCount();
  if (applied > known) {
    throw backupError(
      `备份来自更新的版本（${applied} 个迁移，本版本只有 ${known} 个），请先升级商城 / the backup is from a newer release: upgrade the shop first`,
    );
  }
  return { migrations: applied };
}

/**
 * A restore replaces every table: a shop still writing would lose what it writes meanwhile, or see its
 * statements fail halfway. Any other session on the database (a running shop's pool or its LISTEN) refuses it.
 */
async function refuseWhileConnected(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let sessions = 0;
    // A shop stopped a moment ago: its sessions take a few milliseconds to end.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 300));
      const { rows } = await client.query<{ sessions: number }>(
        'select count(*)::int as sessions from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      sessions = rows[0]?.sessions ?? 0;
      if (sessions === 0) return;
    }
    throw backupError(
      `数据库还有 ${sessions} 个其他连接：请先停止商城（所有进程）再恢复备份 / ${sessions} other sessions are connected to the database: stop the shop (every process) before restoring`,
    );
  } finally {
    await client.end();
  }
}

/**
 * Restores a checked archive into the configured database, after dumping what is there into `dir`: every
 * table the archive has is dropped and recreated in one transaction, so a failure changes nothing.
 */
export async function restorePostgres(
  url: string,
  file: string,
  dir: string,
): Promise<{ keptAt: BackupFile; migrations: number }> {
  const { migrations } = await checkPostgresBackup(file);
  await refuseWhileConnected(url);
  const keptAt = await dumpPostgres(url, dir, 'before-restore');
  const { dbname, env } = connection(url);
  // The archive as the SQL pg_restore would run (dropping what it holds, then making it again); psql runs it in one
  // transaction after dropping the job queue's schema whole: --clean cannot drop the constraints its partitions
  // inherit (pg-boss partitions its jobs by queue; docs/decisions/042-notices-outbox.md).
  const script = join(dir, `.restore-${process.pid}-${Date.now()}.sql`);
  try {
    const written = await runTool(
      'pg_restore',
      ['--clean', '--if-exists', '--no-owner', '--no-privileges', `--file=${script}`, file],
      env,
    );
    const run =
      written.code !== 0
        ? written
        : await runTool(
            'psql',
            [
              '--no-psqlrc',
              '--quiet',
              '--single-transaction',
              '--set=ON_ERROR_STOP=1',
              `--dbname=${dbname}`,
              '--command=DROP SCHEMA IF EXISTS pgboss CASCADE',
              `--file=${script}`,
            ],
            { ...env, PGOPTIONS: '--client-min-messages=warning' },
          );
    if (run.code !== 0) {
      throw backupError(
        `pg_restore 失败，数据库未改变（恢复在一个事务中）；恢复前的副本：${keptAt.path} / pg_restore failed, nothing changed: ${complaint(run)}`,
      );
    }
  } finally {
    await rm(script, { force: true });
  }
  return { keptAt, migrations };
}
