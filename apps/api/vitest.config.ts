import { existsSync } from 'node:fs';
import { defineProject } from 'vitest/config';

/**
 * The API tests whose subject is the database itself: races decided by its locks, migrations and upgrades, the
 * first start and its seed, backups, the embedded folder's lock and settling, readiness and shutdown around its
 * connection, the one-statement order (ADR 028), trigram search, and the operator command line on a shop folder.
 * When CI also tests PostgreSQL (TEST_DATABASE_URL), scripts/test.sh runs the whole API suite there and only these
 * again on the embedded PGlite (API_TESTS=database); without PostgreSQL every API test runs on PGlite. The end-to-end
 * journeys run their shops on PGlite either way.
 */
const DATABASE_SUITES = [
  'address-book-concurrency',
  'admin-members-concurrency',
  'admin-orders-bulk-concurrency',
  'admin-orders-concurrency',
  'backup',
  'cart-concurrency',
  'catalogue-search-grams',
  'cli',
  'data-dir-lock',
  'deposit-concurrency',
  'migrations',
  'notices',
  'notices-crash',
  'order-create',
  'order-create-concurrency',
  'order-ship-concurrency',
  'pglite-settle',
  'pickup-upgrade',
  'readiness',
  'saved-lists-concurrency',
  'seed',
  'seed-resume',
  'session-cache',
  'shutdown',
  'staff-concurrency',
  'stock-take-plan',
  'system',
  'ticket-upload-concurrency',
  'upgrade',
  'workers',
];

// A renamed file would silently drop out of the embedded database's run.
const missing = DATABASE_SUITES.filter(
  (name) => !existsSync(new URL(`test/${name}.test.ts`, import.meta.url)),
);
if (missing.length > 0)
  throw new Error(`apps/api/vitest.config.ts names missing test files: ${missing.join(', ')}`);

export default defineProject({
  test: {
    name: 'api',
    include:
      process.env.API_TESTS === 'database'
        ? DATABASE_SUITES.map((name) => `test/${name}.test.ts`)
        : ['test/**/*.test.ts'],
    environment: 'node',
    // The files of one worker share their imports: importing the app again for every file cost about 5 s a file,
    // half of the suite's time. Each file still builds its own app on its own database (test-app.ts); what the
    // modules keep is keyed by database or app (WeakMaps) or safe to share (compiled serializers, the process's
    // 'sessions changed' signal, which only makes a cache read again).
    isolate: false,
    // Migrates one PGlite database once and snapshots it; each test file starts from a copy.
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/no-console-error.ts'],
    // Sized for a busy machine: the limit catches a test that hangs, not a slow one.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
