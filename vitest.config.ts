import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every suite; each folder below has its own vitest.config.ts naming its project.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/api-client', 'apps/api', 'apps/web', 'apps/admin', 'e2e'],
    // One test file per core. Vitest's default leaves a core free, which on a 2-core machine means one file at a
    // time while most of the API tests' time is spent waiting on a database or a child process.
    maxWorkers: availableParallelism(),
  },
});
