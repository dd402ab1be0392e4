import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Migrates one PGlite database once and snapshots it; each test file starts from a copy.
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/no-console-error.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
