import { fork, spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { MemberPaths } from '@shop/domain';
import autocannon from 'autocannon';
import pg from 'pg';
import { API_DIST } from '../apps/api/build.mjs';
import { bundleApi, type RunningShop, repoRoot, startShop } from '../e2e/support/server';

/**
 * What every load benchmark shares: its settings from the environment, a shop started on PGlite or on
 * BENCH_DATABASE_URL, one autocannon run per call, and the result table printed and kept in bench/results/.
 */
export const settings = {
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  databaseUrl: process.env.BENCH_DATABASE_URL,
  database: process.env.BENCH_DATABASE_URL ? 'postgresql' : 'pglite',
  /** API processes of the shop under test (WORKERS; more than one needs BENCH_DATABASE_URL). */
  workers: Number(process.env.BENCH_WORKERS ?? 1),
  /** A folder for the shop's CPU profiles (node --cpu-prof, one file per process, written when it stops). */
  profileDir: process.env.BENCH_PROFILE_DIR,
  /**
   * Another checkout of the shop to measure instead of this one (its own `npm ci` done), so that two releases are
   * compared in one run on one machine; the benches themselves stay this checkout's.
   */
  shopDir: process.env.BENCH_SHOP_DIR,
} as const;

/** The shop under test, with the folder and port it can be started again on (runWhileStopped). */
export type BenchShop = RunningShop & { port: number; dataDir: string };

/**
 * Starts the shop under test. `dataDir` (the caller's to remove) and `port` start it again on the data and at the
 * address of an earlier start, so the members' tokens and the bench's address stay good.
 */
export function startBenchShop(
  extraEnv: Record<string, string> = {},
  options: { dataDir?: string; port?: number } = {},
): Promise<BenchShop> {
  const nodeArgs = settings.profileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${settings.profileDir}`, '--cpu-prof-interval=500']
    : [];
  // TRUST_PROXY lets newCaptcha() give each benchmark member its own client address; answers are written as in
  // production (the test shop checks both serializers on every answer).
  const common = { LOG_LEVEL: 'error', TRUST_PROXY: 'true', RESPONSE_SERIALIZER: 'compiled', ...extraEnv };
  return startShop(
    settings.databaseUrl
      ? { ...common, DATABASE_URL: settings.databaseUrl, WORKERS: String(settings.workers) }
      : common,
    { nodeArgs, ...options, ...(settings.shopDir ? { root: settings.shopDir } : {}) },
  );
}

/**
 * Stops the shop, runs operator commands (`npm run shop -- …`) on its database with the shop's own environment
 * (DATABASE_URL on PostgreSQL), one process each as an operator runs them, and starts the shop again on the same
 * folder and port: the embedded database takes one process at a time. The shop of BENCH_SHOP_DIR runs its own.
 */
export async function runWhileStopped(
  shop: BenchShop,
  commands: readonly (readonly string[])[],
  extraEnv: Record<string, string> = {},
): Promise<BenchShop> {
  await shop.stop();
  if (!settings.shopDir) bundleApi();
  const entry = settings.shopDir ? ['--import', 'tsx', 'apps/api/src/cli.ts'] : [join(API_DIST, 'cli.js')];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATA_DIR: shop.dataDir,
  };
  if (settings.databaseUrl) env.DATABASE_URL = settings.databaseUrl;
  else delete env.DATABASE_URL;
  for (const args of commands) {
    const run = spawnSync(process.execPath, [...entry, ...args], {
      cwd: settings.shopDir ?? repoRoot,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    if (run.status !== 0)
      throw new Error(`shop ${args.join(' ')}: exit ${run.status}\n${run.stdout}\n${run.stderr}`);
  }
  return startBenchShop(extraEnv, { dataDir: shop.dataDir, port: shop.port });
}

/**
 * On PostgreSQL (BENCH_DATABASE_URL), what autovacuum does within a minute of a burst of writes: fresh
 * statistics, so the timed calls run on the plans a running shop has. The bench's database is new, and the
 * plans a connection keeps (its named statements, the foreign keys' checks) were made while the tables it fills
 * (members, cart lines, orders) were empty: until autovacuum analyses them, every lookup in them is a scan.
 * PGlite has no autovacuum: the shop refreshes its statistics itself (DatabaseHandle.analyze).
 */
export async function settleStatistics(): Promise<void> {
  if (!settings.databaseUrl) return;
  const client = new pg.Client({ connectionString: settings.databaseUrl });
  await client.connect();
  try {
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

/**
 * A captcha for the n-th member a benchmark registers, asked from an address of its own (10.x.y.z through
 * X-Forwarded-For): captchas are limited per client address, and hundreds of members come from one machine.
 */
export async function newCaptcha(shop: RunningShop, n: number): Promise<string> {
  const res = await fetch(`${shop.baseURL}${MemberPaths.captcha}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: '{}',
  });
  const envelope = (await res.json()) as { success: boolean; message: string; data: { captchaId: string } };
  if (!envelope.success) throw new Error(`captcha/: ${envelope.message}`);
  return envelope.data.captchaId;
}

export interface LoadCall {
  title: string;
  path: string;
  /** POST (the default, with a JSON body) or GET (no body: the page templates). */
  method?: 'GET' | 'POST';
  body?: unknown;
  token?: string;
  /** Builds each request's body, for calls that must vary (e.g. a different SKU per request). */
  nextBody?: () => unknown;
}

/** Runs one call for the configured time and connections. */
export function load(shop: RunningShop, call: LoadCall): Promise<autocannon.Result> {
  const headers = {
    'content-type': 'application/json',
    ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
  };
  const { nextBody } = call;
  return autocannon({
    title: call.title,
    url: shop.baseURL,
    connections: settings.connections,
    duration: settings.seconds,
    requests: [
      call.method === 'GET'
        ? {
            method: 'GET',
            path: call.path,
            headers: call.token ? { authorization: headers.authorization } : {},
          }
        : {
            method: 'POST',
            path: call.path,
            headers,
            ...(nextBody
              ? { setupRequest: (request) => ({ ...request, body: JSON.stringify(nextBody()) }) }
              : { body: JSON.stringify(call.body ?? {}) }),
          },
    ],
  });
}

/** One row of the result table. */
export function resultRow(title: string, r: autocannon.Result, extra: Record<string, unknown> = {}) {
  return {
    call: title,
    database: settings.database,
    processes: settings.workers,
    ...extra,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/**
 * The ceiling of this machine in this run: a bare Fastify process answering a constant 100-byte JSON, loaded
 * like the calls (same seconds and connections). Every table shows each call's share of it, so runs on other
 * machines, or beside other work, compare by ratio.
 */
export async function measureCeiling(): Promise<number> {
  const child = fork(join(repoRoot, 'bench/ceiling-server.ts'), [], { execArgv: ['--import', 'tsx'] });
  try {
    const port = await new Promise<number>((resolvePort, reject) => {
      child.once('message', (m) => resolvePort(Number(m)));
      child.once('exit', (code) => reject(new Error(`ceiling server exited (${code})`)));
    });
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/`,
      connections: settings.connections,
      duration: settings.seconds,
      requests: [{ method: 'POST', path: '/', body: '{}', headers: { 'content-type': 'application/json' } }],
    });
    return Math.round(result.requests.average);
  } finally {
    child.kill('SIGKILL');
  }
}

/** Prints the table with the run's ceiling and keeps it as bench/results/<name>-<database>.json. */
export async function report(name: string, rows: Record<string, unknown>[]) {
  const ceiling = await measureCeiling();
  const shared = rows.map((row) =>
    typeof row['req/s'] === 'number'
      ? { ...row, '% of ceiling': Math.round((row['req/s'] / ceiling) * 1000) / 10 }
      : row,
  );
  // biome-ignore lint/suspicious/noConsole: a benchmark's result is this table.
  console.log(`ceiling (bare Fastify, 100-byte JSON): ${ceiling} req/s`);
  // biome-ignore lint/suspicious/noConsole: a benchmark's result is this table.
  console.table(shared);
  await mkdir(join(repoRoot, 'bench/results'), { recursive: true });
  const suffix = [
    settings.databaseUrl ? `pg${settings.workers > 1 ? `-w${settings.workers}` : ''}` : 'pglite',
    ...(settings.shopDir ? [basename(resolve(settings.shopDir))] : []),
  ].join('-');
  await writeFile(
    join(repoRoot, `bench/results/${name}-${suffix}.json`),
    JSON.stringify({ ceiling, rows: shared }, null, 2),
  );
}

/** Runs tasks over `connections` workers; returns each task's latency (ms), in completion order. */
export async function runConcurrently<T>(
  tasks: readonly (() => Promise<T>)[],
  connections: number,
): Promise<{ results: T[]; latencies: number[]; seconds: number }> {
  const results: T[] = [];
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(connections, tasks.length) }, async () => {
      while (next < tasks.length) {
        const task = tasks[next];
        next += 1;
        if (!task) continue;
        const t0 = performance.now();
        results.push(await task());
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { results, latencies, seconds: (performance.now() - started) / 1000 };
}

/** The p-th percentile (nearest rank) of sorted latencies, rounded to whole ms. */
export function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)] ?? 0);
}

/** One event of a Chromium trace, as far as the benches read it. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { type?: string; url?: string; functionName?: string } };
}
