/**
 * Wall time and memory of the console's goods import (issue #35 item 3): a generated sheet of 20,000 SKU rows
 * (5,000 goods of 4 SKUs, two price columns) as CSV and as xlsx, each sent to the console's import call as a dry
 * run, then for real (everything new), then both again (everything an update); and a sheet of 10 times the row
 * limit, which must be refused quickly. The shop runs in this process (its API and its database, PGlite or
 * BENCH_DATABASE_URL), so the peak RSS sampled during a call is the whole shop's.
 * Usage: npm run bench:import
 *        BENCH_DATABASE_URL=postgres://… npm run bench:import
 * BENCH_IMPORT_ROWS changes the 20,000; BENCH_IMPORT_OVERSIZE the refused sheet's rows (default 200,000);
 * BENCH_IMPORT_KINDS=csv (or xlsx) sends one format only.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AdminGoodsSheetPaths, AdminPaths, MemberPaths } from '@shop/domain';
import ExcelJS from 'exceljs';
import { repoRoot } from '../e2e/support/server';
import { settings } from './support';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 20_000);
const OVERSIZE = Number(process.env.BENCH_IMPORT_OVERSIZE ?? 200_000);
const KINDS = (process.env.BENCH_IMPORT_KINDS ?? 'csv,xlsx').split(',');
const CAPTCHA = 'Ab3d';
const HEADER = [
  'goodsCode',
  'name',
  'nameEn',
  'brand',
  'category',
  'warehouse',
  'onShelf',
  'skuCode',
  'property',
];
const FULL_HEADER = [...HEADER, 'status', 'stock', 'weight', 'AUD@37', 'CNY@37'];
const NARROW_HEADER = ['goodsCode', 'name', 'category', 'warehouse', 'skuCode', 'status', 'stock'];

/** `rows` SKU rows, 4 per goods, codes starting with `prefix` (a run of its own each time). */
function sheetRows(prefix: string, rows: number): string[][] {
  return Array.from({ length: rows }, (_, i) => {
    const g = Math.floor(i / 4);
    return [
      `${prefix}-${g}`,
      `测试商品 ${g} 澳洲直邮`,
      `Bench Goods ${g}`,
      `Bench Brand ${g % 40}`,
      `测试/分类${g % 12}/子类${g % 5}`,
      'AU',
      'yes',
      `${prefix}-${g}-${i % 4}`,
      `规格:${i % 4}`,
      '4',
      String(i % 50),
      '250',
      `${(g % 300) + 1}.90`,
      i % 2 === 0 ? `${(g % 300) * 5 + 9}.00` : '',
    ];
  });
}

const csvOf = (rows: string[][]) => Buffer.from([FULL_HEADER, ...rows].map((r) => r.join(',')).join('\n'));

async function xlsxOf(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('goods');
  sheet.addRow(rows[0] && rows[0].length < FULL_HEADER.length ? NARROW_HEADER : FULL_HEADER);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from((await book.xlsx.writeBuffer()) as ArrayBuffer);
}

function multipart(file: Buffer, fileName: string, dryRun: boolean) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="dryRun"\r\n\r\n${dryRun}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

/** Runs `work`, sampling the process's RSS every 10 ms; wall time and the highest RSS seen. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peakMb: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, ms: Math.round(performance.now() - started), peakMb: mb(peak) };
  } finally {
    clearInterval(timer);
  }
}

/** The parts of the API this bench runs in its process. */
interface ShopApi {
  buildApp(options: { config: unknown }): Promise<{
    ready(): Promise<unknown>;
    close(): Promise<unknown>;
    inject(request: Record<string, unknown>): Promise<{ json(): unknown }>;
    services: { staff: { create(by: unknown, input: Record<string, unknown>): Promise<unknown> } };
  }>;
  parseConfig(env: Record<string, string>): { ok: true; config: unknown } | { ok: false; errors: string[] };
  cliActor(name: string): unknown;
}
// Loaded by a computed path: the bench's type-check (DOM types) stays out of the API's sources.
const apiSource = (file: string) => join(repoRoot, 'apps/api/src', file);
const { buildApp } = (await import(apiSource('app.ts'))) as Pick<ShopApi, 'buildApp'>;
const { parseConfig } = (await import(apiSource('config/env.ts'))) as Pick<ShopApi, 'parseConfig'>;
const { cliActor } = (await import(apiSource('lib/audit.ts'))) as Pick<ShopApi, 'cliActor'>;

const parsed = parseConfig({
  NODE_ENV: 'test',
  SHOP_TEST_CAPTCHA: CAPTCHA,
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  WEB_DIST: '/nonexistent/shop-web-dist',
  SHOP_NOTICE_WORKERS: '0',
  ...(settings.databaseUrl ? { DATABASE_URL: settings.databaseUrl } : { DATA_DIR: 'memory://bench-import' }),
});
if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
const app = await buildApp({ config: parsed.config });
await app.ready();

const rows: Record<string, unknown>[] = [];
try {
  const username = `bench_${randomBytes(3).toString('hex')}`;
  const password = 'Bench-pass-2026';
  await app.services.staff.create(cliActor('bench'), {
    username,
    name: '导入测试',
    role: 'content',
    password,
    mustChangePassword: false,
  });
  const call = async (url: string, body: unknown, token?: string) => {
    const res = await app.inject({
      method: 'POST',
      url,
      payload: body as Record<string, unknown>,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return res.json() as { success: boolean; message: string; data: Record<string, unknown> };
  };
  const captcha = await call(MemberPaths.captcha, {});
  const login = await call(AdminPaths.login, {
    username,
    password,
    captchaId: captcha.data.captchaId,
    captchaCode: CAPTCHA,
  });
  if (!login.success) throw new Error(`staff login: ${login.message}`);
  const token = String(login.data.token);

  const send = async (title: string, file: Buffer, fileName: string, dryRun: boolean) => {
    const body = multipart(file, fileName, dryRun);
    const { result, ms, peakMb } = await measured(() =>
      app.inject({
        method: 'POST',
        url: AdminGoodsSheetPaths.import,
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${token}` },
      }),
    );
    const answer = result.json() as {
      success: boolean;
      message: string;
      data: { rows?: number; errors?: string[]; summary?: Record<string, number> | null } | null;
    };
    const summary = answer.data?.summary;
    rows.push({
      case: title,
      'file MB': mb(file.length),
      ms,
      'peak RSS MB': peakMb,
      'RSS after MB': mb(process.memoryUsage.rss()),
      answer: answer.success
        ? summary
          ? `${answer.data?.rows} rows: +${summary.goodsCreated}/~${summary.goodsUpdated} goods, +${summary.skusCreated}/~${summary.skusUpdated} SKUs`
          : (answer.data?.errors?.[0] ?? answer.message)
        : `${answer.message} ${answer.data?.errors?.[0] ?? ''}`.trim(),
    });
    // biome-ignore lint/suspicious/noConsole: progress of a long benchmark.
    console.log(`${title}: ${ms} ms`);
  };

  const run = Date.now().toString(36).toUpperCase();
  const csv = csvOf(sheetRows(`C${run}`, ROWS));
  const xlsx = await xlsxOf(sheetRows(`X${run}`, ROWS));
  // The refused sheet is narrow, as a wrong file of many short rows is: it stays under the 10 MB upload limit.
  const oversize = await xlsxOf(
    Array.from({ length: OVERSIZE }, (_, i) => [
      `O${run}-${i}`,
      '商品',
      '食品',
      'AU',
      `O${run}-${i}-1`,
      '4',
      '1',
    ]),
  );
  for (const [kind, file] of [
    ['csv', csv],
    ['xlsx', xlsx],
  ] as const) {
    if (!KINDS.includes(kind)) continue;
    await send(`${ROWS} ${kind} dry run (new)`, file, `goods.${kind}`, true);
    await send(`${ROWS} ${kind} import (new)`, file, `goods.${kind}`, false);
    await send(`${ROWS} ${kind} dry run (updates)`, file, `goods.${kind}`, true);
    await send(`${ROWS} ${kind} import (updates)`, file, `goods.${kind}`, false);
  }
  await send(`${OVERSIZE} xlsx (refused)`, oversize, 'big.xlsx', true);
} finally {
  await app.close();
}
const resources = process.resourceUsage();
// biome-ignore lint/suspicious/noConsole: a benchmark's result is this table.
console.table(rows);
// biome-ignore lint/suspicious/noConsole: a benchmark's result is this table.
console.log(`process peak RSS (maxRSS): ${Math.round(resources.maxRSS / 1024)} MB`);
await mkdir(join(repoRoot, 'bench/results'), { recursive: true });
await writeFile(
  join(repoRoot, `bench/results/goods-import-${settings.database}.json`),
  JSON.stringify({ maxRssMb: Math.round(resources.maxRSS / 1024), rows }, null, 2),
);
