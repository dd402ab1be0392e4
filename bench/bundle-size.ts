/**
 * Builds the storefront, starts the shop, opens each page in Chromium and sums the gzipped size of
 * every JavaScript file the page loaded. Usage: npm run bench:size [-- /path …] (default: /); the staff console's
 * own size: npm run bench:size -- /admin/login.
 * The budget for '/' is 170 kB gzipped.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ADMIN_BASE } from '@shop/domain';
import { openBrowser } from '../e2e/support/browser';
import { consoleCodeIn } from '../e2e/support/console-markers';
import { repoRoot, startShop } from '../e2e/support/server';

const BUDGET_ROOT_KB = 170;
const paths = process.argv.slice(2).filter((a) => a.startsWith('/'));
if (paths.length === 0) paths.push('/');

execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
// The staff console is its own bundle (ADR 020): none of it may reach a shopper.
const leaked = consoleCodeIn(join(repoRoot, 'apps/web/dist'));
if (leaked.length > 0) {
  console.error(`staff console code in the storefront's files: ${JSON.stringify(leaked)}`);
  process.exit(1);
}
const shop = await startShop();
const browser = await openBrowser(shop.baseURL);
const rows: { path: string; files: number; rawKB: number; gzipKB: number }[] = [];
try {
  for (const path of paths) {
    const scripts = new Set<string>();
    const onResponse = (res: { url(): string }) => {
      const url = new URL(res.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    };
    browser.page.on('response', onResponse);
    // A fresh page load with an empty cache, so every file the page needs is counted.
    await browser.context.clearCookies();
    await browser.page.goto('about:blank');
    await browser.page.goto(path, { waitUntil: 'networkidle' });
    browser.page.off('response', onResponse);
    let raw = 0;
    let gz = 0;
    for (const file of scripts) {
      // The staff console's files come from its own build (ADR 020): `npm run bench:size -- /admin/login`.
      const body = readFileSync(
        file.startsWith(`${ADMIN_BASE}/`)
          ? join(repoRoot, 'apps/admin/dist', file.slice(ADMIN_BASE.length))
          : join(repoRoot, 'apps/web/dist', file),
      );
      raw += body.length;
      gz += gzipSync(body, { level: 9 }).length;
    }
    rows.push({
      path,
      files: scripts.size,
      rawKB: +(raw / 1024).toFixed(1),
      gzipKB: +(gz / 1024).toFixed(1),
    });
  }
} finally {
  await browser.close();
  await shop.stop();
}

// biome-ignore lint/suspicious/noConsole: a benchmark's result is this table.
console.table(rows);
await mkdir(join(repoRoot, 'bench/results'), { recursive: true });
await writeFile(join(repoRoot, 'bench/results/bundle-size.json'), JSON.stringify(rows, null, 2));
const root = rows.find((r) => r.path === '/');
if (root && root.gzipKB > BUDGET_ROOT_KB) {
  console.error(`JavaScript loaded for / is ${root.gzipKB} kB gzipped, over the ${BUDGET_ROOT_KB} kB budget`);
  process.exitCode = 1;
}
