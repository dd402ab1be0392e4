import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { type RunningShop, repoRoot, startShop } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

let shop: RunningShop | undefined;

/** Starts one shop server for the end-to-end journeys, on the built storefront. */
export async function setup(project: TestProject) {
  if (!existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The storefront is not built: run `npm run build` first (the test command does).');
  }
  shop = await startShop();
  project.provide('baseURL', shop.baseURL);
}

export async function teardown() {
  await shop?.stop();
}
