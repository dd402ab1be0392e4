import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { MemberPaths } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from './support/test-app';

const INDEX_HTML = '<!doctype html><html><body><div id="root">shop</div></body></html>';
const ASSET_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let webDist: string;
let t: TestApp;
beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'shop-web-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(join(webDist, 'index.html'), INDEX_HTML);
  await writeFile(join(webDist, 'assets', 'index-a1b2c3d4.js'), ASSET_JS);
  await writeFile(join(webDist, 'favicon.ico'), 'icon');
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('GET /healthz', () => {
  it('reports ok and the database kind after a query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    const expected = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';
    expect(envelope(res)).toEqual({
      success: true,
      resultCode: 200,
      message: '操作成功',
      data: { status: 'ok', database: expected },
    });
  });

  it('answers 503 with the envelope when the database does not answer', async () => {
    const down = await createTestApp();
    try {
      await down.database.close();
      const res = await down.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(503);
      expect(envelope(res)).toMatchObject({
        success: false,
        resultCode: 500,
        data: { status: 'unavailable' },
      });
    } finally {
      await down.close();
    }
  });
});

describe('OpenAPI', () => {
  it('lists every member call with a Chinese summary at /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, { post?: { summary?: string } }> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of Object.values(MemberPaths)) {
      expect(doc.paths[path]?.post?.summary, path).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(doc.paths['/healthz']).toBeDefined();
  });

  it('serves the docs UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('storefront', () => {
  it('serves index.html for client routes, never cached', async () => {
    for (const url of ['/', '/member/settings', '/product/12', '/supplier/data.source']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="root">');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/member/settings' });
    expect(head.statusCode).toBe(200);
  });

  it('serves hashed assets cached for a year, compressed when large', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-a1b2c3d4.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET_JS);
  });

  it('serves a bundle written after start (a rebuild needs no restart)', async () => {
    await writeFile(join(webDist, 'assets', 'page-e5f6a7b8.js'), 'export const page = 1;');
    const res = await t.app.inject({ method: 'GET', url: '/assets/page-e5f6a7b8.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('export const page = 1;');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a missing file and the API envelope for an unknown API path', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/missing-0000.js' });
    expect(asset.statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(envelope(api)).toMatchObject({ success: false, resultCode: 400, message: '接口不存在' });
    const post = await t.app.inject({ method: 'POST', url: '/member/settings' });
    expect(post.statusCode).toBe(404);
  });

  it('is left out, with the API still working, when WEB_DIST does not exist', async () => {
    const apiOnly = await createTestApp();
    try {
      const page = await apiOnly.app.inject({ method: 'GET', url: '/member/settings' });
      expect(page.statusCode).toBe(404);
      const health = await apiOnly.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
    } finally {
      await apiOnly.close();
    }
  });
});
