import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

const apiRoot = resolve(import.meta.dirname, '..', '..');

/**
 * An operator's command line on its own PGlite folder, made before the file's tests and removed after them.
 * `shop(...args)` runs `npm run shop -- …` the way an operator does.
 */
export function useOperatorCli(prefix = 'shop-cli-') {
  const state = { dataDir: '' };
  beforeAll(async () => {
    state.dataDir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await rm(state.dataDir, { recursive: true, force: true });
  });
  const shop = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: apiRoot,
      env: { PATH: process.env.PATH, DATA_DIR: state.dataDir, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
  return { shop, state };
}
