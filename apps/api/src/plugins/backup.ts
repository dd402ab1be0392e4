import fp from 'fastify-plugin';
import type { BackupConfig } from '../config/env';
import {
  type BackupFile,
  type BackupKind,
  listBackups,
  pruneScheduledBackups,
  removeAbandonedDrafts,
} from '../db/backup-files';
import { openOperatorChannel } from '../db/operator-channel';
import { backupPglite } from '../db/pglite-backup';

export interface BackupPluginOptions {
  backup: BackupConfig;
}

// After a restart, a backup that is overdue waits at least this long, so a shop restarting in a loop does not
// dump its database at every start.
const FIRST_BACKUP_AFTER_MS = 60_000;

/**
 * Backups of the embedded database while the shop runs (PGlite in a folder only: PostgreSQL has pg_dump, and
 * a memory database nothing to keep): one every BACKUP_INTERVAL, the newest BACKUP_KEEP scheduled ones kept,
 * and the operator channel through which `npm run shop -- backup` asks this process for one. A failed backup
 * is logged and the shop goes on; neither the timer nor the channel keeps the process alive, and both stop
 * before the database closes.
 */
export const backupPlugin = fp<BackupPluginOptions>(
  async (app, { backup }) => {
    const { pglite, dataDir } = app.database;
    if (!pglite || !dataDir) return;

    // One dump at a time: the schedule and an operator's request never run two side by side.
    let queue: Promise<unknown> = Promise.resolve();
    const take = (kind: BackupKind): Promise<BackupFile> => {
      const next = queue.then(async () => {
        const file = await backupPglite(pglite, backup.dir, kind);
        app.log.info({ path: file.path, bytes: file.bytes, kind }, 'backup written');
        if (kind === 'scheduled') {
          const deleted = await pruneScheduledBackups(backup.dir, backup.keep);
          if (deleted.length > 0) app.log.info({ deleted }, 'old backups deleted');
        }
        return file;
      });
      queue = next.catch(() => {});
      return next;
    };

    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const schedule = (delay: number) => {
      if (stopped) return;
      timer = setTimeout(() => {
        take('scheduled')
          .catch((error) => app.log.error({ err: error, dir: backup.dir }, 'scheduled backup failed'))
          .finally(() => schedule(backup.intervalMs));
      }, delay);
      timer.unref();
    };
    if (backup.intervalMs > 0) {
      await removeAbandonedDrafts(backup.dir);
      // The next backup is due one interval after the newest scheduled one, which may be from before a restart.
      const newest = (await listBackups(backup.dir).catch(() => []))
        .filter((file) => file.kind === 'scheduled')
        .at(-1);
      const due = newest ? newest.takenAt.getTime() + backup.intervalMs - Date.now() : backup.intervalMs;
      const soonest = Math.min(FIRST_BACKUP_AFTER_MS, backup.intervalMs);
      schedule(Math.min(Math.max(due, soonest), backup.intervalMs));
    }

    const closeChannel = await openOperatorChannel(
      dataDir,
      {
        backup: async () => {
          const file = await take('manual');
          return { path: file.path, bytes: file.bytes };
        },
      },
      (error) => app.log.error({ err: error, dir: backup.dir }, 'backup asked for by an operator failed'),
    );

    // preClose: before any onClose hook, so the database is still open while a backup under way finishes.
    app.addHook('preClose', async () => {
      stopped = true;
      clearTimeout(timer);
      await closeChannel();
      await queue;
    });
  },
  { name: 'backup', dependencies: ['db'] },
);
