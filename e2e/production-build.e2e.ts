import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/server';

const run = promisify(execFile);

// Text only React's development build carries (its key warning); the production build has error codes instead.
const DEVELOPMENT_ONLY = 'Each child in a list should have a unique';

/**
 * `npm start` builds the storefront as a production build whatever NODE_ENV the caller's shell has: a
 * development React is twice the size and slower, and must never reach shoppers.
 */
describe('the storefront build', () => {
  it('is a production build even when the caller has NODE_ENV=test', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'shop-build-'));
    try {
      await run('npm', ['run', 'build', '-w', '@shop/web', '--', '--outDir', outDir, '--emptyOutDir'], {
        cwd: repoRoot,
        env: { ...process.env, NODE_ENV: 'test' },
        maxBuffer: 16 * 1024 * 1024,
      });
      const assets = join(outDir, 'assets');
      const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'));
      const vendor = scripts.find((name) => name.startsWith('vendor-react-'));
      expect(vendor).toBeDefined();
      const code = await readFile(join(assets, vendor ?? ''), 'utf8');
      expect(code.includes(DEVELOPMENT_ONLY)).toBe(false);
      expect(code.length).toBeLessThan(400_000);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }, 120_000);
});
