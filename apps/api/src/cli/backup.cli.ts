import { access } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { AppConfig } from '../config/env';
import { backupError, formatBytes, listBackups } from '../db/backup-files';
import { openDatabase } from '../db/client';
import { DataDirBusyError } from '../db/data-dir-lock';
import { askShopForBackup } from '../db/operator-channel';
import { backupPglite, restorePglite } from '../db/pglite-backup';
import { dumpPostgres, restorePostgres } from '../db/postgres-backup';
import type { CliCommand } from '../lib/cli-command';
import { optionText, requiredText, UsageError } from '../lib/cli-options';

/**
 * The backup commands. They open the database themselves, unlike the others: a backup must not migrate what it
 * copies, and a restore replaces the database instead of opening it.
 */

const MEMORY_REFUSED =
  '内存数据库（memory://）没有可备份的文件夹 / a memory:// database has no folder to back up';

/** `backup`, `backup:restore` and `backup:list` on the database the configuration names. */
export function backupCommands(getConfig: () => AppConfig): Record<string, CliCommand> {
  return {
    backup: {
      summary: '备份数据库（商城运行时也可）/ back up the database (also while the shop runs)',
      usage: 'backup [--out <folder>]',
      options: { out: { type: 'string' } },
      async run({ values, print }) {
        const { database, backup } = getConfig();
        const out = optionText(values, 'out', false);
        const dir = out ? resolve(out) : backup.dir;
        if (database.kind === 'postgresql') {
          const file = await dumpPostgres(database.url, dir, 'manual');
          print(`备份已写入 / backup written: ${file.path}（${formatBytes(file.bytes)}）`);
          return;
        }
        if (database.dataDir.startsWith('memory://')) throw backupError(MEMORY_REFUSED);
        const hasDatabase = await access(join(database.dataDir, 'PG_VERSION')).then(
          () => true,
          () => false,
        );
        if (!hasDatabase)
          throw backupError(`${database.dataDir} 中没有数据库 / no database in ${database.dataDir}`);
        let handle: Awaited<ReturnType<typeof openDatabase>>;
        try {
          handle = await openDatabase(database);
        } catch (error) {
          if (!(error instanceof DataDirBusyError)) throw error;
          // The shop holds the folder: it takes the backup itself, into its own backup folder.
          if (out) {
            throw new UsageError(
              `商城运行时备份写入 ${backup.dir}，不能用 --out；请从该文件夹复制 / while the shop runs the backup goes to ${backup.dir}: copy it from there`,
            );
          }
          const file = await askShopForBackup(database.dataDir);
          print(
            `备份已写入（由运行中的商城完成）/ backup written by the running shop: ${file.path}（${formatBytes(file.bytes)}）`,
          );
          return;
        }
        try {
          if (!handle.pglite) throw new Error('not an embedded database');
          const file = await backupPglite(handle.pglite, dir, 'manual');
          print(`备份已写入 / backup written: ${file.path}（${formatBytes(file.bytes)}）`);
        } finally {
          await handle.close();
        }
      },
    },
    'backup:restore': {
      summary:
        '从备份恢复数据库（须先停止商城；当前数据库会先保留一份）/ restore a backup into the stopped shop',
      usage: 'backup:restore --file <backup>',
      options: { file: { type: 'string' } },
      async run({ values, print }) {
        const { database, backup } = getConfig();
        const file = resolve(requiredText(values, 'file'));
        if (database.kind === 'postgresql') {
          const restored = await restorePostgres(database.url, file, backup.dir);
          print(
            `恢复前的数据库已备份到 / the database before the restore was saved to: ${restored.keptAt.path}`,
          );
          print(`已恢复 / restored: ${file}（${restored.migrations} 个迁移 / migrations）`);
          return;
        }
        if (database.dataDir.startsWith('memory://')) throw backupError(MEMORY_REFUSED);
        const restored = await restorePglite(database.dataDir, file);
        if (restored.keptAt)
          print(`原数据库已移到 / the database before the restore was moved to: ${restored.keptAt}`);
        print(
          `已恢复 / restored: ${file} → ${database.dataDir}（${restored.migrations} 个迁移 / migrations）`,
        );
        print("启动商城时会执行本版本的迁移 / the shop applies this release's migrations when it starts");
      },
    },
    'backup:list': {
      summary: '列出备份及其大小和时间 / list the backups with their size and time',
      usage: 'backup:list',
      async run({ print }) {
        const { backup } = getConfig();
        const files = await listBackups(backup.dir);
        if (files.length === 0) {
          print(`${backup.dir} 中没有备份 / no backups in ${backup.dir}`);
          return;
        }
        for (const file of files) {
          print(
            `${file.takenAt.toISOString()}  ${formatBytes(file.bytes).padStart(9)}  ${file.kind.padEnd(14)}  ${file.path}`,
          );
        }
      },
    },
  };
}
