import { chmod, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The embedded database's folder holds members' details, password hashes and the staff's secrets: only the
 * shop's own user may read it (#35, README 'Secrets at rest'). Made 700; what is in it (PGlite writes its files
 * with the process's umask) is made 700 for folders and 600 for files, at every open, so a folder made by an
 * older release is closed too.
 */
export async function makePrivateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
}

/** Makes every folder under `dir` 700 and every file 600. */
export async function keepFolderPrivate(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      await chmod(path, 0o700);
      await keepFolderPrivate(path);
    } else if (entry.isFile()) {
      await chmod(path, 0o600);
    }
  }
}
