import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    // Every journey runs its own shop on a copy of the seeded folder (support/journey-shop.ts; newShopDataDir in support/server.ts):
    // journeys share nothing, so one file runs on each core.
    fileParallelism: true,
    // A journey's step takes up to 35 s alone and about twice that beside another journey (67 s in CI): the limit
    // catches a step that hangs, not a slow one.
    testTimeout: 180_000,
    // Two journeys share the cores: an answer polled for may take longer than vitest's default second.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
  },
});
