/**
 * Throughput and tail latency of the catalogue reads (goods/list/ first page, a Chinese keyword search, a
 * category filter, and goodsdetail/detail/) against a started shop holding the demo catalogue.
 * Usage: npm run bench:catalogue            (embedded PGlite)
 *        BENCH_DATABASE_URL=postgres://… npm run bench:catalogue   (PostgreSQL)
 * Each call runs for BENCH_SECONDS (default 10) with BENCH_CONNECTIONS (default 10) connections.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CataloguePaths, type CategoryNode, type GoodsListResponse } from '@shop/domain';
import autocannon from 'autocannon';
import { repoRoot, startShop } from '../e2e/support/server';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const shop = await startShop(
  databaseUrl ? { DATABASE_URL: databaseUrl, LOG_LEVEL: 'error' } : { LOG_LEVEL: 'error' },
);

async function call<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${shop.baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { success: boolean; message: string; data: T };
  if (!envelope.success) throw new Error(`${path}: ${envelope.message}`);
  return envelope.data;
}

function run(title: string, path: string, body: unknown) {
  return autocannon({
    title,
    url: `${shop.baseURL}${path}`,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const rows: Record<string, unknown>[] = [];
try {
  // The cases come from the catalogue itself, so the bench follows whatever the demo seed holds.
  const firstPage = await call<GoodsListResponse>(CataloguePaths.goodsList, {});
  const product = firstPage.items[0];
  if (!product) throw new Error('the catalogue is empty: is the demo catalogue seeded?');
  const fragment = /[\u4e00-\u9fa5]{2}/.exec(product.name)?.[0];
  if (!fragment) throw new Error(`no Chinese fragment in '${product.name}'`);
  const tree = await call<CategoryNode[]>(CataloguePaths.catalogList, {});
  const category = tree[0];
  if (!category) throw new Error('no category');

  const cases: [string, string, Record<string, unknown>][] = [
    ['goods/list/ first page', CataloguePaths.goodsList, {}],
    [`goods/list/ keyword '${fragment}'`, CataloguePaths.goodsList, { keyword: fragment }],
    [
      `goods/list/ cateId ${category.id} (${category.name})`,
      CataloguePaths.goodsList,
      { cateId: category.id },
    ],
    [`goodsdetail/detail/ id ${product.id}`, CataloguePaths.goodsDetail, { id: product.id }],
  ];
  for (const [title, path, body] of cases) {
    const matched =
      path === CataloguePaths.goodsList ? (await call<GoodsListResponse>(path, body)).totalCount : 1;
    const r = await run(title, path, body);
    rows.push({
      call: title,
      database: databaseUrl ? 'postgresql' : 'pglite',
      matched,
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
// biome-ignore lint/suspicious/noConsole: the bench's result is this table.
console.table(rows);
await mkdir(join(repoRoot, 'bench/results'), { recursive: true });
await writeFile(
  join(repoRoot, `bench/results/catalogue-api-${databaseUrl ? 'pg' : 'pglite'}.json`),
  JSON.stringify(rows, null, 2),
);
