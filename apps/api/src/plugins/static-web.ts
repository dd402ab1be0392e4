import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

export interface StaticWebOptions {
  /** The storefront build (WEB_DIST). */
  root: string;
}

/**
 * Serves the built storefront. Vite puts content-hashed files under /assets/, so they are cached for a
 * year; index.html and other files are revalidated on every visit so a new release shows at once.
 * Unknown page paths fall back to index.html in the not-found handler (plugins/errors.ts).
 */
export const staticWebPlugin = fp<StaticWebOptions>(
  async (app, { root }) => {
    // Top-level files (index.html, favicon …): routes for the files present at start, so an unknown
    // path reaches the not-found handler and its index.html fallback. Revalidated on every visit.
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      globIgnore: ['assets/**'],
      setHeaders(reply) {
        reply.header('cache-control', 'no-cache');
      },
    });
    // Hashed bundles: looked up on each request, so a rebuild is served without a restart.
    await app.register(fastifyStatic, {
      root: join(root, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply) {
        reply.header('cache-control', IMMUTABLE_CACHE);
      },
    });
  },
  { name: 'static-web' },
);
