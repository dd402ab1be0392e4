/**
 * Throughput and tail latency of the member calls current/ and login/ against a started shop.
 * Usage: npm run bench:member            (embedded PGlite)
 *        BENCH_DATABASE_URL=postgres://… npm run bench:member   (PostgreSQL)
 * Each call runs for BENCH_SECONDS (default 10) with BENCH_CONNECTIONS (default 10) connections.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { repoRoot, startShop } from '../e2e/support/server';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const shop = await startShop(
  databaseUrl ? { DATABASE_URL: databaseUrl, LOG_LEVEL: 'error' } : { LOG_LEVEL: 'error' },
);

async function call(path: string, body: unknown, token?: string) {
  const res = await fetch(`${shop.baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; data: { token: string } };
}

function run(title: string, path: string, body: unknown, token?: string) {
  return autocannon({
    title,
    url: `${shop.baseURL}${path}`,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

const rows: Record<string, unknown>[] = [];
try {
  const login = await call('/api/memberService/member/login/', { username: 'demo', password: 'demo1234' });
  if (!login.success) throw new Error('demo login failed: is the demo member seeded?');
  for (const [title, path, body, token] of [
    ['current/', '/api/memberService/member/current/', {}, login.data.token],
    ['login/', '/api/memberService/member/login/', { username: 'demo', password: 'demo1234' }, undefined],
  ] as const) {
    const r = await run(title, path, body, token);
    rows.push({
      call: title,
      database: databaseUrl ? 'postgresql' : 'pglite',
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    });
  }
} finally {
  await shop.stop();
}
console.table(rows);
await mkdir(join(repoRoot, 'bench/results'), { recursive: true });
await writeFile(
  join(repoRoot, `bench/results/member-api-${databaseUrl ? 'pg' : 'pglite'}.json`),
  JSON.stringify(rows, null, 2),
);
