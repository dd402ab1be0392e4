import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp } from '../../src/app';
import { type AppConfig, parseConfig } from '../../src/config/env';
import { createPglite, type DatabaseHandle, pgliteHandle, postgresHandle } from '../../src/db/client';
import type { RateLimiter } from '../../src/lib/rate-limiter';
import { RedisRateLimiter } from '../../src/lib/redis-rate-limiter';
import type { ServiceDeps } from '../../src/services';
import { createServerDatabase } from './server-database';

/** The answer of every captcha in tests (NODE_ENV=test + SHOP_TEST_CAPTCHA). */
export const TEST_CAPTCHA = 'Ab3d';

/**
 * How long a test's query waits for one of its pool's connections: races queue dozens of requests on one pool,
 * on a machine other test files keep busy (db/client.ts postgresHandle).
 */
const TEST_POOL_WAIT_MS = 60_000;

/** The app's config as the tests run it, parsed from an environment like the server's. */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  const result = parseConfig({
    NODE_ENV: 'test',
    SHOP_TEST_CAPTCHA: TEST_CAPTCHA,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'true',
    // The demo's past orders would be in every test's order lists and counts: only the seed's own test asks for them.
    SEED_DEMO_HISTORY_DAYS: '0',
    WEB_DIST: '/nonexistent/shop-web-dist',
    // Tests change the catalogue by hand between calls and read it back at once: the catalogue read cache, which
    // hears of changes a few milliseconds after their commit, is on only where a test asks for it.
    CATALOGUE_CACHE_MB: '0',
    // Every answer a test makes is written both ways and must come out the same (lib/response-serializer.ts).
    RESPONSE_SERIALIZER: 'checked',
    // Notices are written to the outbox as in the server; only tests of the sending ask for its workers.
    SHOP_NOTICE_WORKERS: '0',
    ...env,
  });
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.config;
}

/**
 * A fresh database for one test file: a copy of the migrated PGlite snapshot, or, when TEST_DATABASE_URL
 * names a PostgreSQL server, a new database `shop_t_<random>` there, dropped afterwards. `seeded`: a copy of the
 * one the global setup seeded with the test configuration's demo data instead.
 */
export async function openTestDatabase(
  options: { seeded?: boolean } = {},
): Promise<{ database: DatabaseHandle; dispose(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = inject(options.seeded ? 'postgresSeededTemplate' : 'postgresTemplate');
    const created = await createServerDatabase(serverUrl, template || undefined);
    const database = postgresHandle(created.url, { waitMs: TEST_POOL_WAIT_MS });
    // Already migrated (the template): this only checks the journal, as a shop's restart does.
    await database.migrate();
    return {
      database,
      async dispose() {
        await database.close();
        await created.drop();
      },
    };
  }
  const snapshot = inject(options.seeded ? 'pgliteSeededSnapshot' : 'pgliteSnapshot');
  const client = await createPglite(undefined, { loadDataDir: new Blob([await readFile(snapshot)]) });
  const database = pgliteHandle(client);
  return { database, dispose: () => database.close() };
}

export interface EmptyDatabase {
  database: DatabaseHandle;
  /** Runs a script of several statements (a dump) outside Drizzle. */
  exec(script: string): Promise<void>;
  /** The environment that points a server process at this database (on PGlite: its folder; close it first). */
  env: Record<string, string>;
  dispose(): Promise<void>;
}

/**
 * A database without any migration, as a shop's first start finds it: a new PGlite (in `dataDir`, a new folder,
 * when given; else in memory), or a new PostgreSQL database when TEST_DATABASE_URL is set.
 */
export async function openEmptyDatabase(dataDir?: string): Promise<EmptyDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const created = await createServerDatabase(serverUrl);
    const database = postgresHandle(created.url, { waitMs: TEST_POOL_WAIT_MS });
    return {
      database,
      async exec(script) {
        const client = new pg.Client({ connectionString: created.url });
        await client.connect();
        try {
          await client.query(script);
        } finally {
          await client.end();
        }
      },
      env: { DATABASE_URL: created.url },
      async dispose() {
        await database.close();
        await created.drop();
      },
    };
  }
  const client = await createPglite(dataDir);
  const database = pgliteHandle(client);
  return {
    database,
    async exec(script) {
      await client.exec(script);
    },
    env: dataDir ? { DATA_DIR: dataDir } : {},
    dispose: () => database.close(),
  };
}

/** A clock the test can move forward (captcha and token expiry). */
export function testClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
  };
}

export interface TestAppOptions {
  env?: Record<string, string>;
  rateLimiter?: RateLimiter;
  logger?: FastifyServerOptions['logger'];
  /** Extra routes a test needs, added before the app is ready. */
  extend?: (app: App) => void;
}

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  /** What the app's services were made from (seeding runs its steps on services of its own). */
  deps: ServiceDeps;
  clock: ReturnType<typeof testClock>;
  close(): Promise<void>;
}

/**
 * Builds the app on a fresh database, ready for `app.inject`. An app that seeds the demo data as the test
 * configuration does starts from the global setup's seeded copy: the app's own seed then finds it done, as a
 * restarted shop does.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.env);
  const { database, dispose } = await openTestDatabase({
    seeded: config.seedDemo && config.nodeEnv === 'test',
  });
  const clock = testClock();
  const app = await buildApp({
    config,
    database,
    clock: clock.now,
    ...(options.rateLimiter ? { rateLimiter: options.rateLimiter } : {}),
    ...(options.logger !== undefined ? { logger: options.logger } : {}),
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    deps: { config, database, clock: clock.now, rateLimiter: app.rateLimiter },
    clock,
    async close() {
      await app.close();
      await dispose();
    },
  };
}

/** The URL of a test app's own PostgreSQL database (when TEST_DATABASE_URL is set), for connections of its own. */
export async function ownDatabaseUrl(t: Pick<TestApp, 'database'>): Promise<string> {
  const result = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${result.rows[0]?.name}`;
  return url.toString();
}

export interface EnvelopeBody<T = unknown> {
  success: boolean;
  resultCode: number;
  message: string;
  data: T;
}

/** The parsed envelope of a response. */
export function envelope<T = unknown>(res: LightMyRequestResponse): EnvelopeBody<T> {
  return res.json() as EnvelopeBody<T>;
}

/** POSTs JSON to a path, with a bearer token when given. */
export function post(app: App, url: string, body?: unknown, token?: string, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url,
    ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/**
 * The rate limiter a limits test runs on: Redis under a key prefix of its own when TEST_REDIS_URL is set (as with
 * REDIS_URL), else none, so the app uses its own (memory on PGlite, the database on PostgreSQL). The test closes it.
 */
export function redisTestLimiter(): RateLimiter | undefined {
  const url = process.env.TEST_REDIS_URL;
  return url ? new RedisRateLimiter(url, `shop-test:${randomBytes(6).toString('hex')}:`) : undefined;
}

/**
 * The app of a limits test: its limits on Redis when TEST_REDIS_URL is set (redisTestLimiter), else on the app's
 * own limiter (memory on PGlite, the database on PostgreSQL); close() closes both.
 */
export async function createLimitsTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const limiter = redisTestLimiter();
  const t = await createTestApp(limiter ? { ...options, rateLimiter: limiter } : options);
  return {
    ...t,
    async close() {
      await t.close();
      await limiter?.close();
    },
  };
}
