import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SANITIZE_CONFIG } from '@/components/rich-content';

/**
 * Rich HTML (product descriptions, articles) is cleaned with DOMPurify before it is rendered. DOMPurify does not
 * support happy-dom (its maintainers call the combination unsafe, cure53/DOMPurify#1457), so the cleaning rules
 * are checked in Debian's Chromium, the engine shoppers use, with the storefront's exact configuration.
 */
const CHROMIUM = '/usr/bin/chromium';
const purifyScript = createRequire(import.meta.url).resolve('dompurify/dist/purify.min.js');

describe.skipIf(!existsSync(CHROMIUM))('rich content sanitizing in Chromium', () => {
  it('removes scripts, event handlers and script URLs, keeps the content', { timeout: 30_000 }, async () => {
    const profile = await mkdtemp(join(tmpdir(), 'shop-sanitize-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
      ],
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.setContent('<!doctype html><html><body><div id="out"></div></body></html>');
      await page.addScriptTag({ path: purifyScript });
      const cases: [string, string][] = [
        ['<p>柔软</p><script>window.hacked = 1</script>', '<p>柔软</p>'],
        ['<img src="x.png" onerror="window.hacked = 1">', '<img src="x.png">'],
        ['<p onclick="window.hacked = 1">b</p>', '<p>b</p>'],
        ['<a href="javascript:window.hacked = 1">链接</a>', '<a>链接</a>'],
        ['<iframe src="https://example.com"></iframe>c', 'c'],
        ['<style>body{display:none}</style><b>d</b>', '<b>d</b>'],
      ];
      for (const [html, clean] of cases) {
        const result = await page.evaluate(
          ([input, config]) => {
            const out = (
              window as unknown as { DOMPurify: { sanitize: (h: string, c: unknown) => string } }
            ).DOMPurify.sanitize(input as string, config);
            (document.getElementById('out') as HTMLElement).innerHTML = out;
            return out;
          },
          [html, SANITIZE_CONFIG] as const,
        );
        expect(result).toBe(clean);
      }
      await page.waitForTimeout(100);
      expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });
});
