import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type AppError, paramsError } from '../lib/app-error';

/**
 * The backup folder's files, for both drivers: named by the UTC time they were taken, written under a temporary
 * name and renamed once complete and on disk, so a crash or a full disk never leaves a half file that looks
 * like a backup.
 */

/** Why a backup was taken: the schedule's are pruned to BACKUP_KEEP, the others are kept until deleted. */
export type BackupKind = 'scheduled' | 'manual' | 'before-restore';

/** A PGlite folder dump (gzip'd tar) or a PostgreSQL custom-format archive. */
export type BackupFormat = 'tar.gz' | 'pgdump';

export interface BackupFile {
  name: string;
  path: string;
  bytes: number;
  takenAt: Date;
}

// shop-2026-11-25T01-15-00.123Z.tar.gz, shop-manual-…, shop-before-restore-…: sortable, and valid on every OS.
const BACKUP_NAME =
  /^shop-(?:(manual|before-restore)-)?(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z)\.(tar\.gz|pgdump)$/;

/** A refusal the operator reads: printed without a stack trace by the command line. */
export function backupError(message: string): AppError {
  return paramsError(message);
}

/** The file name of a backup of this kind taken at `now`. */
export function backupFileName(kind: BackupKind, format: BackupFormat, now: Date): string {
  const stamp = now.toISOString().replaceAll(':', '-');
  return `shop-${kind === 'scheduled' ? '' : `${kind}-`}${stamp}.${format}`;
}

/** A temporary name in the backup folder for a file still being written; never matches BACKUP_NAME. */
export async function draftPath(dir: string, name: string): Promise<string> {
  // Backups hold members' details and password hashes: only the shop's own user may read them.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return join(dir, `.${name}.${randomBytes(6).toString('hex')}.partial`);
}

/**
 * Makes a finished draft the backup `name`: its bytes flushed to disk, renamed into place, and the folder
 * flushed so the rename survives a power cut. Returns the backup.
 */
export async function publishDraft(draft: string, dir: string, name: string): Promise<BackupFile> {
  const path = join(dir, name);
  try {
    const file = await open(draft, 'r+');
    try {
      // Backups hold members' details and password hashes: only the shop's own user may read them.
      await file.chmod(0o600);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(draft, path);
  } catch (error) {
    await rm(draft, { force: true });
    throw error;
  }
  const folder = await open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
  const info = await stat(path);
  return { name, path, bytes: info.size, takenAt: info.mtime };
}

/** Writes `bytes` as the backup `name` in `dir` (draft, flush, rename). */
export async function writeBackupFile(dir: string, name: string, bytes: Uint8Array): Promise<BackupFile> {
  const draft = await draftPath(dir, name);
  try {
    const file = await open(draft, 'wx', 0o600);
    try {
      await file.writeFile(bytes);
    } finally {
      await file.close();
    }
  } catch (error) {
    await rm(draft, { force: true });
    throw error;
  }
  return publishDraft(draft, dir, name);
}

/** The backups in `dir`, oldest first; none when the folder does not exist yet. */
export async function listBackups(dir: string): Promise<(BackupFile & { kind: BackupKind })[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const found: (BackupFile & { kind: BackupKind })[] = [];
  for (const name of names) {
    const match = BACKUP_NAME.exec(name);
    if (!match) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) continue;
    const stamp = (match[2] ?? '').replace(/T(\d\d)-(\d\d)-(\d\d)/, 'T$1:$2:$3');
    found.push({
      name,
      path,
      bytes: info.size,
      takenAt: new Date(stamp),
      kind: (match[1] as BackupKind | undefined) ?? 'scheduled',
    });
  }
  return found.sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime() || a.name.localeCompare(b.name));
}

/** Deletes the scheduled backups beyond the newest `keep`; the operator's own ones stay. Returns the deleted. */
export async function pruneScheduledBackups(dir: string, keep: number): Promise<string[]> {
  const scheduled = (await listBackups(dir)).filter((file) => file.kind === 'scheduled');
  const old = scheduled.slice(0, Math.max(0, scheduled.length - keep));
  for (const file of old) await rm(file.path, { force: true });
  return old.map((file) => file.path);
}

// A draft this old belongs to no writer still running: one that crashed or lost its disk.
const ABANDONED_DRAFT_MS = 60 * 60_000;

/** Deletes drafts a crash left behind in `dir` (hidden `.*.partial` files, never a backup's name). */
export async function removeAbandonedDrafts(dir: string, now = Date.now()): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith('.shop-') || !name.endsWith('.partial')) continue;
    const info = await stat(join(dir, name)).catch(() => null);
    if (info && now - info.mtimeMs > ABANDONED_DRAFT_MS) await rm(join(dir, name), { force: true });
  }
}

/** '12.3 MB' for a terminal line. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
