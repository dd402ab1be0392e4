import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // The files of one worker share their imports: importing the app again for every file cost about 5 s a file,
    // half of the suite's time. Each file still builds its own app on its own database (test-app.ts); what the
    // modules keep is keyed by database or app (WeakMaps) or safe to share (compiled serializers, the process's
    // 'sessions changed' signal, which only makes a cache read again).
    isolate: false,
    // Migrates one PGlite database once and snapshots it; each test file starts from a copy.
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/no-console-error.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
