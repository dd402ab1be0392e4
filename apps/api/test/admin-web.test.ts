import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGE_PRELOAD_ELEMENT_ID } from '@shop/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import { ADMIN_NOT_BUILT_PAGE } from '../src/plugins/admin-web';
import { CSP_NONCE_PLACEHOLDER, IMMUTABLE_CACHE } from '../src/plugins/static-web';
import { openTestDatabase, testConfig } from './support/test-app';

/** index.html as the console's build writes it (apps/admin/vite.config.ts: base /admin/, html.cspNonce). */
const ADMIN_HTML = `<!doctype html>
<html lang="zh-CN"><head><title>员工后台 · 澳中批发商城</title>
<meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">
<script type="module" crossorigin src="/admin/assets/index-c0ffee12.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>
</head><body><div id="root"></div></body></html>`;
const WEB_HTML = `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"></head><body><div id="root"></div></body></html>`;

const styleNonce = (res: LightMyRequestResponse) =>
  /style-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(String(res.headers['content-security-policy']))?.[1];

async function appWith(adminDist: string, webDist: string) {
  const { database, dispose } = await openTestDatabase();
  const app = await buildApp({
    config: testConfig({ WEB_DIST: webDist, SEED_DEMO: 'false' }),
    database,
    adminDist,
    logger: false,
  });
  await app.ready();
  const close = async () => {
    await app.close();
    await dispose();
  };
  return { app, close };
}

let folder: string;
let shop: { app: App; close(): Promise<void> };
const get = (url: string) => shop.app.inject({ method: 'GET', url });

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'shop-admin-'));
  const adminDist = join(folder, 'admin');
  const webDist = join(folder, 'web');
  await mkdir(join(adminDist, 'assets'), { recursive: true });
  await mkdir(join(webDist, 'assets'), { recursive: true });
  await writeFile(join(adminDist, 'index.html'), ADMIN_HTML);
  await writeFile(join(adminDist, 'assets', 'index-c0ffee12.js'), 'export const console = 1;');
  await writeFile(join(adminDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(webDist, 'index.html'), WEB_HTML);
  shop = await appWith(adminDist, webDist);
});
afterAll(async () => {
  await shop?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('the staff console at /admin', () => {
  it('sends its own page, never cached, with the policy and a nonce of its own', async () => {
    for (const url of ['/admin', '/admin/', '/admin/login', '/admin/staff', '/admin/audit?pageNo=2']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      const nonce = styleNonce(res);
      expect(nonce, url).toBeTruthy();
      expect(res.body, url).toContain('员工后台');
      expect(res.body, url).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(res.body, url).not.toContain(CSP_NONCE_PLACEHOLDER);
    }
  });

  it("has the storefront's policy exactly: no unsafe-inline or unsafe-eval", async () => {
    const withoutNonce = (res: LightMyRequestResponse) =>
      String(res.headers['content-security-policy']).replace(/'nonce-[^']+'/, "'nonce'");
    const consolePolicy = withoutNonce(await get('/admin/staff'));
    expect(consolePolicy).toBe(withoutNonce(await get('/')));
    expect(consolePolicy).not.toContain('unsafe-inline');
    expect(consolePolicy).not.toContain('unsafe-eval');
  });

  it('caches its hashed bundles for a year and revalidates its other files', async () => {
    const bundle = await get('/admin/assets/index-c0ffee12.js');
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    const icon = await get('/admin/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file with 404, not the page', async () => {
    for (const url of ['/admin/assets/index-gone.js', '/admin/old-chunk.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('员工后台');
    }
  });

  it('never sends the storefront page or its first view for a console path, nor the console for a shop path', async () => {
    const consolePage = await get('/admin/staff');
    expect(consolePage.body).not.toContain('site-header');
    expect(consolePage.body).not.toContain(PAGE_PRELOAD_ELEMENT_ID);
    const shopPage = await get('/member/settings');
    expect(shopPage.statusCode).toBe(200);
    expect(shopPage.body).not.toContain('员工后台');
  });
});

describe('without a console build', () => {
  it('says at /admin how to build it, and the rest of the shop keeps running', async () => {
    const bare = await appWith(join(folder, 'missing'), join(folder, 'web'));
    try {
      for (const url of ['/admin', '/admin/staff']) {
        const res = await bare.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(res.body, url).toBe(ADMIN_NOT_BUILT_PAGE);
      }
      expect((await bare.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await bare.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
