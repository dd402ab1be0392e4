import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { MemberPaths, SandboxPaths } from '@shop/domain';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_STYLE_HASHES, HSTS } from '../src/plugins/security-headers';
import { CSP_NONCE_PLACEHOLDER } from '../src/plugins/static-web';
import { createTestApp, envelope, type TestApp } from './support/test-app';

/** index.html as the storefront build writes it (vite.config.ts html.cspNonce), large enough to compress. */
const INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>澳中批发商城</title>
    <meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">
    <script type="module" crossorigin src="/assets/index-a1b2c3d4.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-a1b2c3d4.css" nonce="${CSP_NONCE_PLACEHOLDER}">
    <meta name="description" content="${'澳洲与中国仓直供的会员批发商城。'.repeat(40)}" />
  </head>
  <body><div id="root"></div></body>
</html>`;

const GATEWAY = 'https://pay.example.com:8443/api/v2';

/** The style nonce a response's policy allows. */
function styleNonce(res: LightMyRequestResponse): string {
  const csp = String(res.headers['content-security-policy']);
  const nonce = /style-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  if (!nonce) throw new Error(`no style nonce in ${csp}`);
  return nonce;
}

/** The directives of a response's policy by name. */
function directives(res: LightMyRequestResponse): Record<string, string> {
  const csp = res.headers['content-security-policy'];
  expect(typeof csp, 'one Content-Security-Policy header').toBe('string');
  return Object.fromEntries(
    String(csp)
      .split(';')
      .map((d) => d.trim())
      .filter((d) => d !== '')
      .map((d) => {
        const [name = '', ...sources] = d.split(/\s+/);
        return [name, sources.join(' ')];
      }),
  );
}

/** The headers every response carries, whatever it is. */
function expectHardened(res: LightMyRequestResponse) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
  expect(res.headers['strict-transport-security']).toBeUndefined();
  expect(res.headers['x-powered-by']).toBeUndefined();
}

/** The storefront's policy, with the response's own nonce. */
/** The shop's policy; an API answer's (`api`) has no page to style, so no nonce either. */
function expectShopPolicy(res: LightMyRequestResponse, api = false) {
  expect(directives(res)).toEqual({
    'default-src': "'self'",
    'script-src': "'self'",
    'script-src-attr': "'none'",
    'style-src': api ? "'self'" : `'self' 'nonce-${styleNonce(res)}'`,
    'img-src': "'self' data: blob:",
    'font-src': "'self' data:",
    'connect-src': "'self'",
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
  });
}

let webDist: string;
let t: TestApp;
let imagePath: string;
beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'shop-web-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(join(webDist, 'index.html'), INDEX_HTML);
  // Precompressed copies, as a build step might leave them: never served in place of the page.
  await writeFile(join(webDist, 'index.html.br'), brotliCompressSync(INDEX_HTML));
  await writeFile(join(webDist, 'index.html.gz'), 'stale');
  await writeFile(join(webDist, 'assets', 'index-a1b2c3d4.js'), 'export const shop = 1;');
  await writeFile(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ env: { WEB_DIST: webDist, SEED_DEMO: 'false' } });
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
  imagePath = await t.app.services.media.storeImage(png, 'image/png', 'test');
});
afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('the storefront page', () => {
  it('carries the policy and a nonce of its own, the same in the header and in the page', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expectHardened(res);
    expectShopPolicy(res);
    const nonce = styleNonce(res);
    expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    expect(res.body).toContain(`src="/assets/index-a1b2c3d4.js" nonce="${nonce}"`);
    expect(res.body).not.toContain(CSP_NONCE_PLACEHOLDER);
  });

  it('gives every response a different nonce: /, /index.html and unknown page paths alike', async () => {
    const nonces = new Set<string>();
    for (const url of ['/', '/', '/index.html', '/member/settings', '/member/settings', '/no/such/page']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expectHardened(res);
      expectShopPolicy(res);
      const nonce = styleNonce(res);
      expect(res.body, url).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(res.body, url).not.toContain(CSP_NONCE_PLACEHOLDER);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(6);
  });

  it('is compressed with its nonce, never taken from a precompressed copy', async () => {
    for (const url of ['/', '/index.html', '/product/12']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      // The not-found fallback is sent as it is (it comes before the compression plugin).
      const html =
        res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
      if (url !== '/product/12') expect(res.headers['content-encoding'], url).toBe('br');
      expect(html, url).toContain(`<meta property="csp-nonce" nonce="${styleNonce(res)}">`);
      expect(html, url).not.toContain(CSP_NONCE_PLACEHOLDER);
    }
    for (const url of ['/index.html.br', '/index.html.gz']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('follows a rebuilt index.html without a restart', async () => {
    const rebuilt = INDEX_HTML.replace('<div id="root"></div>', '<div id="root" data-release="2"></div>');
    await writeFile(join(webDist, 'index.html'), rebuilt);
    try {
      const res = await get('/cart');
      expect(res.body).toContain('data-release="2"');
      expect(res.body).toContain(`nonce="${styleNonce(res)}"`);
    } finally {
      await writeFile(join(webDist, 'index.html'), INDEX_HTML);
    }
  });

  it('answers HEAD with the same headers', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/member/order' });
    expect(res.statusCode).toBe(200);
    expectHardened(res);
    expectShopPolicy(res);
  });
});

describe('every other response', () => {
  it('an API call', async () => {
    const res = await t.app.inject({ method: 'POST', url: MemberPaths.captcha, payload: {} });
    expect(envelope(res).success).toBe(true);
    expectHardened(res);
    expectShopPolicy(res, true);
  });

  it('an API refusal and an unknown API path', async () => {
    const refused = await t.app.inject({ method: 'POST', url: MemberPaths.current, payload: {} });
    expect(refused.statusCode).toBe(401);
    expectHardened(refused);
    expectShopPolicy(refused, true);
    const unknown = await get('/api/nope');
    expect(unknown.statusCode).toBe(404);
    expectHardened(unknown);
    expectShopPolicy(unknown);
  });

  it('a bundle, a top-level file and a product image', async () => {
    for (const url of ['/assets/index-a1b2c3d4.js', '/favicon.svg', `/res/img/${imagePath}?w=320`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expectHardened(res);
      expectShopPolicy(res);
    }
  });

  it("the home page in the console's preview may be framed by the shop's own pages only", async () => {
    const res = await get('/?preview=draft');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const policy = directives(res);
    expect(policy['frame-ancestors']).toBe("'self'");
    expect(policy['script-src']).toBe("'self'");
    // Any other query, and every other page, stays unframeable.
    for (const url of ['/?preview=other', '/products?preview=draft']) {
      const other = await get(url);
      expect(other.headers['x-frame-options'], url).toBe('DENY');
      expect(directives(other)['frame-ancestors'], url).toBe("'none'");
    }
  });

  it('the API docs: their own files and the one inline style of their logo', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/static/swagger-ui.css', '/api/docs/json']) {
      const res = await get(url);
      expect(res.statusCode, url).toBeLessThan(400);
      expectHardened(res);
      const policy = directives(res);
      expect(policy['style-src'], url).toBe(`'self' ${DOCS_STYLE_HASHES.join(' ')}`);
      expect(policy['script-src'], url).toBe("'self'");
      expect(policy['frame-ancestors'], url).toBe("'none'");
      expect(String(res.headers['content-security-policy']), url).not.toContain('unsafe');
    }
  });

  it('the sandbox cashier keeps its own policy', async () => {
    const res = await get(`${SandboxPaths.cashier}SB0000000000`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    );
    expectHardened(res);
  });
});

describe('behind a proxy, with the real payment channel', () => {
  let behind: TestApp;
  beforeAll(async () => {
    behind = await createTestApp({
      env: {
        SEED_DEMO: 'false',
        TRUST_PROXY: 'true',
        SHOP_PAY_GATEWAY_URL: GATEWAY,
        SHOP_PAY_MERCHANT_ID: 'M100',
        SHOP_PAY_SECRET: 'a-secret-of-sixteen-chars',
        SHOP_PAY_PUBLIC_URL: 'https://shop.example.com',
      },
    });
  });
  afterAll(async () => {
    await behind?.close();
  });

  it('sends HSTS only for a request that reached the proxy over HTTPS', async () => {
    const https = await behind.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe(HSTS);
    const http = await behind.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    const direct = await behind.app.inject({ method: 'GET', url: '/healthz' });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    // An API call's fixed headers take HSTS the same way.
    const api = await behind.app.inject({
      method: 'POST',
      url: MemberPaths.captcha,
      payload: {},
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(api.headers['strict-transport-security']).toBe(HSTS);
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    const plainApi = await behind.app.inject({ method: 'POST', url: MemberPaths.captcha, payload: {} });
    expect(plainApi.headers['strict-transport-security']).toBeUndefined();
  });

  it('never sends HSTS when the proxy is not trusted, whatever the request claims', async () => {
    const res = await get('/healthz', { 'x-forwarded-proto': 'https' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it("lets the page post the supay form to the channel and fetch its proxy, and nothing else's", async () => {
    const res = await behind.app.inject({ method: 'GET', url: '/healthz' });
    const policy = directives(res);
    expect(policy['form-action']).toBe("'self' https://pay.example.com:8443");
    expect(policy['connect-src']).toBe("'self' https://pay.example.com:8443");
    const api = directives(
      await behind.app.inject({ method: 'POST', url: MemberPaths.captcha, payload: {} }),
    );
    expect(api['form-action']).toBe("'self' https://pay.example.com:8443");
    expect(api['connect-src']).toBe("'self' https://pay.example.com:8443");
    expect(policy['script-src']).toBe("'self'");
    expect(policy['img-src']).toBe("'self' data: blob:");
  });
});
