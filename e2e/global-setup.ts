import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { bundleApi, makeShopDataTemplate, repoRoot } from './support/server';

let template = '';

/**
 * Checks the storefront is built, bundles the API from its current sources (`startShop` runs the bundle, as
 * `npm start` does; one left from an earlier build could be stale), and makes the seeded database folder every
 * journey's shop starts as a copy of (support/server.ts `newShopDataDir`).
 */
export async function setup() {
  if (!existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The storefront is not built: run `npm run build` first (the test command does).');
  }
  bundleApi(true);
  template = await makeShopDataTemplate();
}

export async function teardown() {
  if (template) await rm(template, { recursive: true, force: true });
}
