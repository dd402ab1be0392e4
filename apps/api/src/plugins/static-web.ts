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
    await app.register(fastifyStatic, {
      root,
      // Routes for the files that exist at start, so unknown paths reach the not-found handler.
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const immutable = /[\\/]assets[\\/]/.test(filePath.slice(root.length));
        reply.header('cache-control', immutable ? IMMUTABLE_CACHE : 'no-cache');
      },
    });
  },
  { name: 'static-web' },
);
