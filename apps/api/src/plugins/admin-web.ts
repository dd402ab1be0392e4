import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ADMIN_BASE } from '@shop/domain';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { apiPath } from '../paths';
import { IMMUTABLE_CACHE, storefrontTemplate } from './static-web';

/** Where `npm run build` puts the staff console (apps/admin/dist). */
export const DEFAULT_ADMIN_DIST = apiPath('..', 'admin', 'dist');

/** What /admin answers when the console was never built: the server runs on, the operator is told why. */
export const ADMIN_NOT_BUILT_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>员工后台尚未构建</title></head>
<body><h1>员工后台尚未构建</h1>
<p>服务器没有找到员工后台的构建文件（apps/admin/dist）。请运行 <code>npm run build</code>（或 <code>npm start</code>），然后重启服务器。</p>
<p>The staff console has not been built: run <code>npm run build</code> and restart the server.</p>
</body></html>`;

export interface AdminWebOptions {
  /** The console's build (apps/admin/dist). */
  root: string;
}

/** A path below /admin that names a file (has an extension): a missing one is a 404, never the console page. */
const FILE_PATH = /\/[^/]+\.[A-Za-z0-9]+$/;

/**
 * Serves the staff console (ADR 020) at /admin from its own build: hashed files under /admin/assets/ cached
 * for a year, index.html never cached and sent with this response's CSP nonce (the same policy as the
 * storefront, ADR 008), and every other /admin path that is not a file gets index.html, so the console's
 * router draws it. The storefront's first view, preloads and lead images never run here. Without a build,
 * /admin says so instead of failing.
 */
export const adminWebPlugin = fp<AdminWebOptions>(
  async (app, { root }) => {
    const indexFile = join(root, 'index.html');
    const built = existsSync(indexFile);
    if (!built)
      app.log.warn({ adminDist: root }, 'staff console build not found: /admin explains how to build it');
    const page = storefrontTemplate(indexFile);

    const sendConsole = async (reply: FastifyReply) => {
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      if (!built) return reply.code(503).send(ADMIN_NOT_BUILT_PAGE);
      return reply.send(await page(reply.styleNonce));
    };
    const notFile = (url: string, reply: FastifyReply) => {
      const path = url.split('?')[0] ?? '';
      // A missing file (an old chunk, a typo) goes to the not-found handler's 404, not to the page.
      if (FILE_PATH.test(path)) return reply.callNotFound();
      return sendConsole(reply);
    };

    for (const url of [ADMIN_BASE, `${ADMIN_BASE}/`, `${ADMIN_BASE}/index.html`])
      app.get(url, { schema: { hide: true } }, (_req, reply) => sendConsole(reply));
    app.get(`${ADMIN_BASE}/*`, { schema: { hide: true } }, (req, reply) => notFile(req.url, reply));
    if (!built) return;

    // Top-level files (favicon): revalidated on every visit.
    await app.register(fastifyStatic, {
      root,
      prefix: `${ADMIN_BASE}/`,
      decorateReply: false,
      wildcard: false,
      index: false,
      cacheControl: false,
      globIgnore: ['assets/**', 'index.html', 'index.html.*'],
      setHeaders(reply) {
        reply.header('cache-control', 'no-cache');
      },
    });
    // Content-hashed bundles, looked up on each request so a rebuild needs no restart.
    await app.register(fastifyStatic, {
      root: join(root, 'assets'),
      prefix: `${ADMIN_BASE}/assets/`,
      decorateReply: false,
      wildcard: true,
      cacheControl: false,
      setHeaders(reply) {
        reply.header('cache-control', IMMUTABLE_CACHE);
      },
    });
  },
  { name: 'admin-web', dependencies: ['security-headers'] },
);
