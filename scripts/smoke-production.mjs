#!/usr/bin/env node
// The built shop from a production install, on another Node (README 'Node versions'): copies the tree with its
// builds (no node_modules, no data), installs it with `npm ci --omit=dev`, starts `apps/api/dist/server.js` on the
// Node of the registry's `node@<major>` package (24 unless given) with an empty data folder, and probes it as a
// visitor would: /readyz, the home page, a product page's own head, the goods list, the sitemap and the console's
// page. Exits 1 with what failed. Usage: node scripts/smoke-production.mjs [major]
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';

const major = process.argv[2] ?? '24';
const root = join(import.meta.dirname, '..');
const BUILDS = ['apps/web/dist', 'apps/admin/dist', 'apps/api/dist'];
const SKIPPED = new Set(['node_modules', '.git', '.test-output', 'data', 'data-backups']);

for (const build of BUILDS)
  if (!existsSync(join(root, build, build.endsWith('api/dist') ? 'server.js' : 'index.html'))) {
    console.error(`smoke: ${build} is not built; run npm run build first`);
    process.exit(1);
  }

const work = mkdtempSync(join(tmpdir(), 'shop-smoke-'));
const tree = join(work, 'shop');
const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}`);
};

/** A free loopback port. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

let shop;
const failures = [];
const check = (ok, what) => {
  console.info(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

try {
  const started = Date.now();
  // The top-level data folder of a shop run here stays out; a folder named data deeper in (the region files) goes.
  cpSync(root, tree, {
    recursive: true,
    filter: (path) => {
      const parts = relative(root, path).split(sep);
      return (
        !parts.some((p) => p === 'node_modules' || p === '.git') &&
        !(parts.length === 1 && SKIPPED.has(parts[0]))
      );
    },
  });
  run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: tree });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  shop = spawn('npx', ['-y', '-p', `node@${major}`, 'node', 'apps/api/dist/server.js'], {
    cwd: tree,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: join(work, 'data'),
      NODE_ENV: '',
      LOG_LEVEL: 'warn',
      SLOW_QUERY_MS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const version = spawnSync('npx', ['-y', '-p', `node@${major}`, 'node', '--version'], { encoding: 'utf8' });
  check(version.stdout.trim().startsWith(`v${major}.`), `runs on Node ${version.stdout.trim()}`);

  // Migrations and the demo data on an empty folder take a while on a busy machine.
  let ready = false;
  for (let i = 0; i < 180 && !ready; i += 1) {
    ready = await fetch(`${base}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (!ready) await new Promise((r) => setTimeout(r, 1000));
  }
  check(ready, '/readyz answers 200');
  if (ready) {
    const home = await fetch(base).then((r) => r.text());
    check(home.includes('<title>') && home.includes('<div id="root">'), 'the home page');
    const list = await fetch(`${base}/api/goodsService/goods/list/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }).then((r) => r.json());
    const first = list?.data?.items?.[0];
    check(list?.success === true && first !== undefined, 'the goods list as a visitor');
    if (first) {
      const product = await fetch(`${base}/product/${first.id}`).then((r) => r.text());
      check(
        product.includes(`<title>${first.name.replace(/&/g, '&amp;')}`) &&
          product.includes('property="og:image"') &&
          product.includes('"@type":"Product"'),
        'a product page with its own title, og:image and Product JSON-LD',
      );
    }
    const sitemap = await fetch(`${base}/sitemap.xml`).then((r) => r.text());
    check(sitemap.includes('<urlset') && sitemap.includes('/product/'), 'the sitemap');
    const admin = await fetch(`${base}/admin`);
    check(admin.status === 200, 'the console page');
  }
  console.info(`smoke: ${Math.round((Date.now() - started) / 1000)} s`);
} catch (error) {
  failures.push(String(error?.message ?? error));
  console.error(error);
} finally {
  if (shop?.pid) {
    try {
      process.kill(-shop.pid, 'SIGTERM');
    } catch {}
  }
  await new Promise((r) => setTimeout(r, 1000));
  rmSync(work, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.error(`smoke failed: ${failures.join('; ')}`);
  process.exit(1);
}
