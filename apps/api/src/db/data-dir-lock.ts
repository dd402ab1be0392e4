import { randomBytes } from 'node:crypto';
import { link, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * One process at a time on an embedded database folder. PGlite has no lock of its own: a second process
 * (an operator command while the server runs) would read and write the same files and one of them would lose
 * its writes. The opener leaves a lock file naming its process; another opener is refused while that process
 * lives, and takes over a lock whose process is gone (a crash or kill -9).
 */

export const LOCK_FILE = 'shop-process.lock';

interface Holder {
  pid: number;
  token: string;
  since: string;
  command: string;
}

export class DataDirBusyError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holder: Holder,
  ) {
    super(
      `内置数据库正被进程 ${holder.pid} 使用（自 ${holder.since} 起：${holder.command}）。PGlite 同一时间只能由一个进程打开：` +
        `请先停止商城服务器再运行此命令；若确认该进程已不在，删除 ${lockPath} 后重试。` +
        ` / The embedded database is in use by process ${holder.pid}: stop the shop server first.`,
    );
    this.name = 'DataDirBusyError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(path: string): Promise<Holder | null> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as Partial<Holder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.token !== 'string') return null;
    return {
      pid: parsed.pid,
      token: parsed.token,
      since: String(parsed.since ?? ''),
      command: String(parsed.command ?? ''),
    };
  } catch {
    return null;
  }
}

/**
 * Takes the folder's lock or throws DataDirBusyError naming the live process that holds it (this process
 * too, when it already has the folder open). Returns the release, which removes the file only while it is
 * still this opener's.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const path = join(dir, LOCK_FILE);
  const mine: Holder = {
    pid: process.pid,
    token: randomBytes(12).toString('hex'),
    since: new Date().toISOString(),
    command: process.argv.slice(1).join(' ').slice(0, 200),
  };
  // Written whole under a name of its own, then linked into place: the lock file never exists half written,
  // and link fails with EEXIST when another opener got there first.
  const draft = `${path}.${mine.token}`;
  await writeFile(draft, JSON.stringify(mine), { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        await link(draft, path);
        return async () => {
          const holder = await readHolder(path);
          if (holder?.token === mine.token) await rm(path, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = await readHolder(path);
        if (holder && isAlive(holder.pid)) throw new DataDirBusyError(path, holder);
        // A lock left by a process that is gone (a crash, kill -9): take it over.
        await rm(path, { force: true });
      }
    }
  } finally {
    await rm(draft, { force: true });
  }
  const holder = await readHolder(path);
  throw new DataDirBusyError(path, holder ?? { pid: 0, token: '', since: '', command: '' });
}
