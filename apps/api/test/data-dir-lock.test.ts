import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { DataDirBusyError, LOCK_FILE, lockDataDir } from '../src/db/data-dir-lock';
import { useOperatorCli } from './support/cli';

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

describe('one process at a time on an embedded database folder', () => {
  const { shopProcess: shop, state } = useOperatorCli('shop-lock-', { embedded: true });

  it('refuses an operator command while the shop has the folder open, and lets it run once closed', async () => {
    const config = { kind: 'pglite' as const, dataDir: state.dataDir };
    const server = await openDatabase(config);
    try {
      await server.migrate();
      await expect(openDatabase(config)).rejects.toBeInstanceOf(DataDirBusyError);
      const refused = shop('rate:show');
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`内置数据库正被进程 ${process.pid} 使用`);
      expect(refused.stderr).toContain('请先停止商城服务器再运行此命令');
    } finally {
      await server.close();
    }
    expect(await exists(join(state.dataDir, LOCK_FILE))).toBe(false);
    const allowed = shop('rate:show');
    expect(allowed.status, allowed.stderr).toBe(0);
    expect(allowed.stdout).toContain('1 AUD =');
    expect(await exists(join(state.dataDir, LOCK_FILE))).toBe(false);
  }, 120_000);

  it('takes over a lock left by a process that is gone, and releases only its own', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shop-lock-stale-'));
    try {
      const gone = spawnSync(process.execPath, ['-e', '0']).pid;
      const path = join(dir, LOCK_FILE);
      await writeFile(path, JSON.stringify({ pid: gone, token: 'old', since: '', command: 'killed' }));
      const release = await lockDataDir(dir);
      expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ pid: process.pid });
      await expect(lockDataDir(dir)).rejects.toThrow(`删除 ${path} 后重试`);

      // Someone removed the lock by hand and another opener took it: this release leaves theirs alone.
      await rm(path);
      const other = await lockDataDir(dir);
      await release();
      expect(await exists(path)).toBe(true);
      await other();
      expect(await exists(path)).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
