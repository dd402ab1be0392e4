import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, rmdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { AppError } from '../lib/app-error';
import {
  type BackupFile,
  type BackupKind,
  backupError,
  backupFileName,
  writeBackupFile,
} from './backup-files';
import { createPglite, knownMigrationCount } from './client';
import { DataDirBusyError, LOCK_FILE, lockDataDir } from './data-dir-lock';
import { OPERATOR_FILE } from './operator-channel';

/**
 * Backups of the embedded database: a gzip'd tar of PGlite's data folder taken from the instance that has it
 * open, checked by opening it in memory before anything is restored, and restored beside the current folder,
 * which is kept under a dated name.
 */

/** Files of the running process that a dump carries along but a restored folder must not (its lock, its channel). */
export const PROCESS_FILES = [LOCK_FILE, OPERATOR_FILE] as const;

/** Tables every shop database has; a dump without them is not this shop's. */
const SHOP_TABLES = ['members', 'orders', 'payments', 'deposit_logs'] as const;

const gunzipAsync = promisify(gunzip);

/**
 * A consistent dump of the open database. PGlite's dumpDataDir waits only for the statement under way, so
 * between two statements of an open transaction it would copy a half-done change; inside a transaction of its
 * own it waits until every other transaction has ended, and none starts until it is done. CHECKPOINT first
 * writes every committed page into the data files, so the copy opens without replaying the write-ahead log.
 */
export async function dumpPglite(client: PGlite): Promise<Uint8Array> {
  let dump: Blob | undefined;
  await client.transaction(async (tx) => {
    await tx.exec('checkpoint');
    dump = await client.dumpDataDir('gzip');
  });
  if (!dump) throw new Error('PGlite returned no dump');
  return new Uint8Array(await dump.arrayBuffer());
}

/** Dumps the open database into a new backup file in `dir`. */
export async function backupPglite(client: PGlite, dir: string, kind: BackupKind): Promise<BackupFile> {
  return writeBackupFile(dir, backupFileName(kind, 'tar.gz', new Date()), await dumpPglite(client));
}

/** True when the tar holds a PostgreSQL data folder (its PG_VERSION file at the top). */
function holdsDataFolder(tar: Uint8Array): boolean {
  // ustar: 512-byte headers, the name in bytes 0-99, the size in octal in bytes 124-135, data padded to 512.
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) return false;
    const name = Buffer.from(header.subarray(0, 100)).toString('utf8').replace(/\0.*$/s, '');
    const size = Number.parseInt(Buffer.from(header.subarray(124, 136)).toString('ascii').trim() || '0', 8);
    if (Number.isNaN(size)) return false;
    if (
      name
        .replace(/^\.?\//, '')
        .split('/')
        .slice(-1)[0] === 'PG_VERSION' &&
      name.split('/').length <= 2
    )
      return true;
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return false;
}

/**
 * Reads and checks a backup file before it is restored: a complete gzip'd PGlite dump that opens, with the
 * shop's tables and no more migrations than this release knows. Returns the unpacked tar; throws a message for
 * the operator otherwise, having changed nothing.
 */
export async function readPgliteBackup(file: string): Promise<{ tar: Uint8Array; migrations: number }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    throw backupError(`无法读取备份文件 ${file} / cannot read the backup file`);
  }
  if (bytes.length === 0) throw backupError(`备份文件为空：${file} / the backup file is empty`);
  let tar: Uint8Array;
  try {
    tar = new Uint8Array(await gunzipAsync(bytes));
  } catch {
    throw backupError(
      `不是完整的 gzip 备份文件（可能被截断或不是本商城的备份）：${file} / not a complete gzip'd backup (truncated or not a shop backup)`,
    );
  }
  if (!holdsDataFolder(tar)) {
    throw backupError(
      `该文件不是内置数据库（PGlite）的备份：${file} / not a backup of the embedded database (no PostgreSQL data folder inside)`,
    );
  }
  // Opened in memory: the check touches no folder of the shop.
  let probe: PGlite | undefined;
  try {
    probe = await createPglite(undefined, { loadDataDir: new Blob([tar]) });
    const tables = await probe.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_name = any($1)`,
      [SHOP_TABLES],
    );
    const missing = SHOP_TABLES.filter((name) => !tables.rows.some((row) => row.name === name));
    if (missing.length > 0) {
      throw backupError(
        `备份中缺少商城的数据表（${missing.join(', ')}），不是本商城的备份 / not a shop backup: tables missing`,
      );
    }
    const applied = await probe
      .query<{ count: number }>('select count(*)::int as count from drizzle.__drizzle_migrations')
      .then((result) => result.rows[0]?.count ?? 0)
      .catch(() => null);
    if (applied === null) {
      throw backupError('备份中没有迁移记录，不是本商城的备份 / not a shop backup: no migrations table');
    }
    const known = knownMigrationCount();
    if (applied > known) {
      throw backupError(
        `备份来自更新的版本（${applied} 个迁移，本版本只有 ${known} 个），请先升级商城 / the backup is from a newer release: upgrade the shop first`,
      );
    }
    return { tar, migrations: applied };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw backupError(`备份文件无法打开：${file} / the backup does not open as a database`);
  } finally {
    await probe?.close().catch(() => {});
  }
}

/** The dated name the current folder is kept under: data.before-restore-2026-11-25T01-15-00.123Z. */
function asideName(dataDir: string, now: Date): string {
  return join(
    dirname(dataDir),
    `${basename(dataDir)}.before-restore-${now.toISOString().replaceAll(':', '-')}`,
  );
}

export interface PgliteRestore {
  /** Where the database that was there is kept; null when there was none. */
  keptAt: string | null;
  migrations: number;
}

/**
 * Restores a checked dump into the shop's folder while the shop is stopped. The dump is unpacked into a folder
 * beside it first, then the current folder is renamed aside and the new one into place: the current database is
 * never overwritten, and a failed unpack leaves it where it was. The folder's lock is held throughout, so a shop
 * starting meanwhile is refused.
 */
export async function restorePglite(dataDir: string, file: string, now = new Date()): Promise<PgliteRestore> {
  // null: no folder yet (a new machine); a folder holding only a lock has nothing to keep.
  const entries = await readdir(dataDir).catch(() => null);
  const present = entries?.some((name) => name !== LOCK_FILE) ?? false;
  let release: (() => Promise<void>) | undefined;
  if (entries !== null) {
    try {
      release = await lockDataDir(dataDir);
    } catch (error) {
      if (error instanceof DataDirBusyError) {
        throw backupError(
          `商城正在运行（进程 ${error.holder.pid}），请先停止商城再恢复备份 / the shop is running: stop it before restoring a backup`,
        );
      }
      throw error;
    }
  }
  // A new machine may not have the folder's parent yet either.
  await mkdir(dirname(dataDir), { recursive: true });
  const staging = join(dirname(dataDir), `.${basename(dataDir)}.restoring-${randomBytes(6).toString('hex')}`);
  const aside = asideName(dataDir, now);
  try {
    // Checked with the lock held: the shop cannot start between the check and the swap.
    const { tar, migrations } = await readPgliteBackup(file);
    const restored = await createPglite(staging, { loadDataDir: new Blob([tar]) });
    await restored.close();
    // The dump was taken from a running shop: its lock and channel files name a process that is not this one.
    for (const name of PROCESS_FILES) await rm(join(staging, name), { force: true });
    if (!present) {
      await release?.();
      release = undefined;
      if (entries !== null) await rmdir(dataDir);
      await rename(staging, dataDir);
      return { keptAt: null, migrations };
    }
    await rename(dataDir, aside);
    try {
      await rename(staging, dataDir);
    } catch (error) {
      await rename(aside, dataDir);
      throw error;
    }
    // The lock went aside with the old folder; it is this process's, and the kept folder opens without it.
    release = undefined;
    await rm(join(aside, LOCK_FILE), { force: true });
    return { keptAt: aside, migrations };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await release?.();
  }
}
