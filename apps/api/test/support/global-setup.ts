import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPglite, pgliteHandle } from '../../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder (tar) each test file loads; empty when TEST_DATABASE_URL is set. */
    pgliteSnapshot: string;
  }
}

/**
 * A fresh PGlite costs seconds (initdb); loading a migrated snapshot costs ~0.5 s, so the migration runs
 * once here and every test file starts from a copy (CONVENTIONS.md 'Tests').
 */
export async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshot', '');
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'shop-api-test-'));
  const client = await createPglite();
  const handle = pgliteHandle(client);
  await handle.migrate();
  const dump = await client.dumpDataDir('none');
  const file = join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteSnapshot', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
