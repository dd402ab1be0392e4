import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { makeShopDataTemplate, repoRoot } from './support/server';

let template = '';

/**
 * Checks the storefront is built and makes the seeded database folder every journey's shop starts as a copy of
 * (support/server.ts `newShopDataDir`).
 */
export async function setup() {
  if (!existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The storefront is not built: run `npm run build` first (the test command does).');
  }
  template = await makeShopDataTemplate();
}

export async function teardown() {
  if (template) await rm(template, { recursive: true, force: true });
}
