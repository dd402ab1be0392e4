import { defineConfig } from 'vitest/config';

// One runner for every suite; each folder below has its own vitest.config.ts naming its project.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', 'apps/web', 'apps/admin', 'e2e'],
  },
});
