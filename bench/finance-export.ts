/**
 * Memory and wall time of the finance exports (issue 'Found, shared and run like a real product' part 2: a year of
 * orders exports without the shop's memory growing past 100 MB over its idle size). The shop runs in this process
 * (its services and its database, PGlite or BENCH_DATABASE_URL, an empty database), so the RSS sampled is the
 * whole shop's. It generates a year of orders (BENCH_EXPORT_ORDERS, default 120,000: about 330 a day), lets the
 * process settle and takes its idle RSS, then exports the year as CSV and as xlsx and reads each file back out in
 * slices as a download does, sampling RSS every 10 ms.
 * Usage: npm run bench:export
 *        BENCH_DATABASE_URL=postgres://… npm run bench:export
 */
import { join } from 'node:path';
import { repoRoot } from '../e2e/support/server';
import { settings } from './support';

const ORDERS = Number(process.env.BENCH_EXPORT_ORDERS ?? 120_000);
const LIMIT_MB = 100;

interface ExportJob {
  id: number;
  state: string;
  rows: number;
  total: number;
  bytes: number;
}
interface ShopApi {
  buildApp(options: { config: unknown }): Promise<{
    ready(): Promise<unknown>;
    close(): Promise<unknown>;
    database: { db: { execute(query: unknown): Promise<unknown> } };
    services: {
      member: { createMember(input: Record<string, unknown>): Promise<{ id: number }> };
      exports: {
        start(by: unknown, input: Record<string, string>): Promise<ExportJob>;
        detail(id: number): Promise<ExportJob>;
        file(id: number): Promise<{ slices: AsyncIterable<Buffer> }>;
        settled(): Promise<void>;
      };
    };
  }>;
  parseConfig(env: Record<string, string>): { ok: true; config: unknown } | { ok: false; errors: string[] };
  cliActor(name: string): unknown;
}
const apiSource = (file: string) => join(repoRoot, 'apps/api/src', file);
const { buildApp } = (await import(apiSource('app.ts'))) as Pick<ShopApi, 'buildApp'>;
const { parseConfig } = (await import(apiSource('config/env.ts'))) as Pick<ShopApi, 'parseConfig'>;
const { cliActor } = (await import(apiSource('lib/audit.ts'))) as Pick<ShopApi, 'cliActor'>;
const { sql } = await import('drizzle-orm');

const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

const parsed = parseConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  WEB_DIST: '/nonexistent/shop-web-dist',
  SHOP_NOTICE_WORKERS: '0',
  ...(settings.databaseUrl ? { DATABASE_URL: settings.databaseUrl } : { DATA_DIR: 'memory://bench-export' }),
});
if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
const app = await buildApp({ config: parsed.config });
await app.ready();
const { db } = app.database;

try {
  const member = await app.services.member.createMember({
    username: 'bench_export',
    password: 'Bench-pass-2026',
  });
  const started = performance.now();
  // A year of orders, spread evenly over 2025, in batches of 20,000 rows.
  for (let done = 0; done < ORDERS; done += 20_000) {
    const n = Math.min(20_000, ORDERS - done);
    await db.execute(sql`insert into orders (order_no, member_id, request_id, status, currency, location_code,
        goods_amount, shipping_amount, tax_amount, promotions_amount, total_amount, pay_channel, paid_currency,
        paid_amount, paid_at, receiver, created_at)
      select 'SOB' || lpad((${done} + g)::text, 9, '0'), ${member.id}, 'bench-' || (${done} + g), 60,
        case when g % 3 = 0 then 'AUD' else 'CNY' end, '310000', 10000 + g % 5000, 1500, 0, 0, 11500 + g % 5000,
        'DepositPay', case when g % 3 = 0 then 'AUD' else 'CNY' end, 11500 + g % 5000, t, '{"name":"张三"}'::jsonb, t
      from generate_series(0, ${n - 1}) g,
        lateral (select timestamptz '2025-01-01 00:00:00+08' + ((${done} + g) * (interval '365 days' / ${ORDERS}))) as at(t)`);
  }
  const generatedMs = Math.round(performance.now() - started);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  await new Promise((r) => setTimeout(r, 2000));
  gc?.();
  const idle = process.memoryUsage.rss();
  const rows: Record<string, unknown>[] = [];
  for (const format of ['csv', 'xlsx'] as const) {
    let peak = process.memoryUsage.rss();
    let heapPeak = process.memoryUsage().heapUsed;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    }, 10);
    const t0 = performance.now();
    const job = await app.services.exports.start(cliActor('bench'), {
      kind: 'orders',
      format,
      from: '2025-01-01',
      to: '2025-12-31',
    });
    await app.services.exports.settled();
    const done = await app.services.exports.detail(job.id);
    const written = Math.round(performance.now() - t0);
    let read = 0;
    for await (const slice of (await app.services.exports.file(job.id)).slices) read += slice.length;
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage.rss());
    rows.push({
      format,
      state: done.state,
      rows: done.rows,
      total: done.total,
      fileMb: mb(done.bytes),
      readBackMb: mb(read),
      writeMs: written,
      idleRssMb: mb(idle),
      peakRssMb: mb(peak),
      growthMb: mb(peak - idle),
      heapPeakMb: mb(heapPeak),
      within: peak - idle <= LIMIT_MB * 1024 * 1024 ? 'yes' : 'NO',
    });
  }
  // biome-ignore lint/suspicious/noConsole: a benchmark's result is this table.
  console.log(
    `finance export bench: ${ORDERS} orders of 2025 generated in ${generatedMs} ms on ${settings.database}; limit: growth ≤ ${LIMIT_MB} MB over idle RSS`,
  );
  // biome-ignore lint/suspicious/noConsole: a benchmark's result is this table.
  console.table(rows);
} finally {
  await app.close();
}
