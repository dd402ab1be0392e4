import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './support/server';

const run = promisify(execFile);

// Text only React's development build carries (its key warning); the production build has error codes instead.
const DEVELOPMENT_ONLY = 'Each child in a list should have a unique';

/** The pages a phone opens most (issue #36), by their route module, start with no antd (ADR 047, 056). */
const PHONE_PAGES = [
  'home',
  'products',
  'product',
  'cart',
  'member-order',
  'order-detail',
  'checkout',
  'payment',
];
/** What those pages load only when asked for: the dialogs (the cart's 申请报价 too) and the 发票 form, each bringing antd. */
const ASKED_FOR = [
  'src/components/confirm-modal.tsx',
  'src/features/checkout/components/address-picker.tsx',
  'src/features/checkout/components/gift-picker.tsx',
  'src/features/invoice/components/fapiao-form.tsx',
  'src/features/quote/components/ask-quote-dialog.tsx',
];

type Manifest = Record<string, { file: string; imports?: string[] }>;

/** The chunks a module's chunk imports before it runs, and theirs, by file (a dynamic import() is not followed). */
function staticGraph(manifest: Manifest, key: string): string[] {
  const seen = new Set<string>();
  const walk = (entry: string) => {
    if (seen.has(entry)) return;
    seen.add(entry);
    for (const next of manifest[entry]?.imports ?? []) walk(next);
  };
  walk(key);
  return [...seen].map((entry) => manifest[entry]?.file ?? entry);
}

/**
 * `npm start` builds the storefront as a production build whatever NODE_ENV the caller's shell has: a
 * development React is twice the size and slower, and must never reach shoppers.
 */
describe('the storefront build', () => {
  let outDir = '';
  let assets = '';
  let scripts: string[] = [];
  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'shop-build-'));
    await run('npm', ['run', 'build', '-w', '@shop/web', '--', '--outDir', outDir, '--emptyOutDir'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'test' },
      maxBuffer: 16 * 1024 * 1024,
    });
    assets = join(outDir, 'assets');
    scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'));
  }, 120_000);
  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it('is a production build even when the caller has NODE_ENV=test', async () => {
    const vendor = scripts.find((name) => name.startsWith('vendor-react-'));
    expect(vendor).toBeDefined();
    const code = await readFile(join(assets, vendor ?? ''), 'utf8');
    expect(code.includes(DEVELOPMENT_ONLY)).toBe(false);
    expect(code.length).toBeLessThan(400_000);
  });

  it('opens the pages a phone opens most without antd, which their dialogs and forms load when asked for', async () => {
    const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const antd = (files: string[]) => files.filter((file) => file.includes('/vendor-antd-'));
    for (const page of PHONE_PAGES) {
      const key = `src/app/routes/${page}.tsx`;
      expect(manifest[key], page).toBeDefined();
      expect(antd(staticGraph(manifest, key)), page).toEqual([]);
    }
    for (const key of ASKED_FOR) expect(antd(staticGraph(manifest, key)), key).toHaveLength(1);
  });
});
