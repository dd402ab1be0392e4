import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import {
  imageSources,
  PAGE_PRELOAD_ELEMENT_ID,
  type PagePreload,
  type PreloadCall,
  pagePreloadCalls,
  preloadKey,
} from '@shop/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type PageAssets, pageAssetsReader } from '../storefront-page-modules';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * What the storefront build writes wherever the page needs this response's CSP nonce (vite.config.ts
 * `html.cspNonce`: the nonce attributes of its tags and `<meta property="csp-nonce">`).
 */
export const CSP_NONCE_PLACEHOLDER = 'SHOP_CSP_NONCE';

declare module 'fastify' {
  interface FastifyReply {
    /** Sends the storefront's index.html with this response's CSP nonce (security-headers.ts). */
    sendStorefrontPage(): Promise<FastifyReply>;
  }
}

/** The largest picture a page shows first (its LCP image): its path on the image host and its CSS width. */
export interface LeadImage {
  path: string;
  width: number;
}

export interface StaticWebOptions {
  /** The storefront build (WEB_DIST). */
  root: string;
  /**
   * The lead image of the page at a path ('/' → the first banner, '/product/12' → its first photo), or null.
   * Written into the page as a preload, so the browser fetches it with the HTML rather than after the scripts.
   */
  leadImage?: (pathname: string) => Promise<LeadImage | null>;
  /**
   * The calls whose answers the page carries (domain pagePreloadCalls; ADR 016). The server makes them as a
   * visitor through its own routes, so the answers are exactly what the storefront would fetch.
   */
  preloadCalls?: (pathname: string, search: string) => PreloadCall[];
  /**
   * The page's first view as HTML for #root (storefront-shell.ts), drawn before the scripts arrive; given the
   * answers the page carries, so a first view drawn from one of them is the app's first render.
   */
  shell?: (pathname: string, answers: Promise<PagePreload>) => Promise<string>;
  /**
   * A picture the page draws from one of its preloaded answers (the product list's first row), or null: preloaded
   * too, since the browser would otherwise find it only once the scripts have drawn the answer.
   */
  answerImage?: (pathname: string, preload: PagePreload) => LeadImage | null;
  /**
   * The page's own head (storefront-head.ts): its title and description in place of the build's, and the tags
   * written before </head> (canonical, robots, Open Graph, JSON-LD); null keeps the build's.
   */
  head?: (
    pathname: string,
    request: FastifyRequest,
    answers: Promise<PagePreload>,
  ) => Promise<{ title: string; description: string; tags: string } | null>;
}

const BROTLI_TEXT = { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };

/** The encoding to send a page in, from the request's Accept-Encoding: br, else gzip, else none (q=0 refuses). */
export function pageEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of [acceptEncoding ?? ''].flat().join(',').split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') || accepted.has('*') ? 'gzip' : null;
}

const escapeAttr = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `<link rel=preload as=image>` with the same src and srcset as the page's <img> (domain imageSources). */
export function preloadImageTag(image: LeadImage): string {
  const { src, srcSet } = imageSources(image.path, image.width);
  const set = srcSet ? ` imagesrcset="${escapeAttr(srcSet)}"` : '';
  return `<link rel="preload" as="image" href="${escapeAttr(src)}"${set} fetchpriority="high">`;
}

/** `<link>`s that fetch a page's own code and styles with the entry's (storefront-page-modules.ts). */
export function pageAssetTags({ scripts, styles }: PageAssets): string {
  return [
    ...scripts.map(
      (file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${escapeAttr(file)}">`,
    ),
    // Style sheets, not preloads: the page's first view in the HTML is drawn with them.
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${escapeAttr(file)}">`),
  ].join('');
}

/**
 * The page's preloaded answers as a JSON data block. `<` is written as \u003c, so no text in an answer can
 * close the element; the block is data, never run, so the CSP's script rules do not apply to it.
 */
export function preloadDataTag(preload: PagePreload): string {
  const json = JSON.stringify(preload).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_PRELOAD_ELEMENT_ID}">${json}</script>`;
}

/**
 * The page with its own title and description in place of the build's, and its head's tags (canonical, robots,
 * Open Graph, JSON-LD) before </head>. The title and description are text, escaped here; the tags are written by
 * storefront-head.ts with their values escaped.
 */
export function withOwnHead(
  template: string,
  head: { title: string; description: string; tags: string },
): string {
  const description = `<meta name="description" content="${escapeAttr(head.description)}">`;
  const withTitle = template.replace(
    /<title>[^<]*<\/title>/,
    () => `<title>${escapeAttr(head.title)}</title>`,
  );
  const withDescription = /<meta name="description"[^>]*>/.test(withTitle)
    ? withTitle.replace(/<meta name="description"[^>]*>/, () => description)
    : withTitle.replace('</head>', () => `${description}</head>`);
  return withDescription.replace('</head>', () => `${head.tags}</head>`);
}

/** The home page as the console's 首页装修 frames it (`/?preview=draft`): it draws the template the console posts it. */
export const HOME_PREVIEW_QUERY = { preview: 'draft' } as const;

function isHomePreview(query: unknown): boolean {
  return (query as { preview?: unknown } | null)?.preview === HOME_PREVIEW_QUERY.preview;
}

/**
 * Lets the shop's own pages frame this one (the console's live preview), and no one else: the page holds no
 * draft itself, it draws only what a same-origin parent posts it (apps/web home preview).
 */
function allowSameOriginFrame(reply: FastifyReply): void {
  const policy = reply.raw.getHeader('content-security-policy');
  if (typeof policy === 'string')
    reply.header(
      'content-security-policy',
      policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
    );
  reply.header('x-frame-options', 'SAMEORIGIN');
}

/**
 * index.html split at the nonce placeholder, read again when the file changes (a rebuild needs no restart).
 */
export function storefrontTemplate(file: string) {
  let cached: { mtimeMs: number; size: number; parts: string[] } | undefined;
  return async (nonce: string): Promise<string> => {
    const { mtimeMs, size } = await stat(file);
    if (cached?.mtimeMs !== mtimeMs || cached.size !== size) {
      cached = { mtimeMs, size, parts: (await readFile(file, 'utf8')).split(CSP_NONCE_PLACEHOLDER) };
    }
    return cached.parts.join(nonce);
  };
}

/**
 * Serves the built storefront. Vite puts content-hashed files under /assets/, so they are cached for a
 * year; index.html and other files are revalidated on every visit so a new release shows at once.
 * The page itself is never sent as a file: each response gets its own CSP nonce written into it, so neither
 * index.html nor a precompressed copy of it is served as it is on disk. Unknown page paths fall back to it
 * in the not-found handler (plugins/errors.ts).
 */
export const staticWebPlugin = fp<StaticWebOptions>(
  async (app, { root, leadImage, preloadCalls = pagePreloadCalls, shell, answerImage, head }) => {
    const page = storefrontTemplate(join(root, 'index.html'));
    const pageAssets = pageAssetsReader(root);
    const urlOf = (url: string) => new URL(url, 'http://shop.invalid');
    const pathOf = (url: string) => urlOf(url).pathname;
    const preloadFor = async (url: string): Promise<string> => {
      if (!leadImage) return '';
      try {
        const image = await leadImage(pathOf(url));
        return image ? preloadImageTag(image) : '';
      } catch (error) {
        // The page works without the hint; a failed lookup is only logged.
        app.log.warn({ err: error, url }, 'lead image lookup failed');
        return '';
      }
    };
    const assetsFor = async (url: string): Promise<string> =>
      pageAssetTags(
        await pageAssets(pathOf(url)).catch((error: unknown) => {
          app.log.warn({ err: error, url }, 'storefront manifest unreadable');
          return { scripts: [], styles: [] };
        }),
      );
    // Each call through the app's own routes, as a visitor; a call that fails is left out (the page fetches it).
    const answersFor = async (url: string): Promise<PagePreload> => {
      const { pathname, search } = urlOf(url);
      const entries = await Promise.all(
        preloadCalls(pathname, search).map(async (call) => {
          try {
            const res = await app.inject({
              method: call.method,
              url: call.path,
              ...(call.method === 'POST' ? { payload: call.body ?? {} } : {}),
              headers: { accept: 'application/json' },
            });
            if (!String(res.headers['content-type'] ?? '').includes('application/json')) return [];
            const answer = { status: res.statusCode, payload: res.json(), memberScoped: call.memberScoped };
            return [[preloadKey(call.method, call.path, call.body), answer] as const];
          } catch (error) {
            app.log.warn({ err: error, url, call: call.path }, 'page preload call failed');
            return [];
          }
        }),
      );
      return Object.fromEntries(entries.flat()) as PagePreload;
    };
    const shellFor = async (url: string, answers: Promise<PagePreload>): Promise<string> => {
      if (!shell) return '';
      try {
        return await shell(pathOf(url), answers);
      } catch (error) {
        // Without it the page is drawn by the scripts alone, as before.
        app.log.warn({ err: error, url }, 'page first view failed');
        return '';
      }
    };
    const headFor = async (request: FastifyRequest, answers: Promise<PagePreload>) => {
      if (!head) return null;
      try {
        return await head(pathOf(request.url), request, answers);
      } catch (error) {
        // The build's title and description stand.
        app.log.warn({ err: error, url: request.url }, 'page head failed');
        return null;
      }
    };
    app.decorateReply('sendStorefrontPage', async function (this: FastifyReply) {
      const url = this.request.url;
      const calls = answersFor(url);
      const [template, image, assets, preload, firstView, ownHead] = await Promise.all([
        page(this.styleNonce),
        preloadFor(url),
        assetsFor(url),
        calls,
        shellFor(url, calls),
        headFor(this.request, calls),
      ]);
      const answers = Object.keys(preload).length > 0 ? preloadDataTag(preload) : '';
      const fromAnswer = answerImage?.(pathOf(url), preload);
      const answerPreload = fromAnswer ? preloadImageTag(fromAnswer) : '';
      const titled = ownHead ? withOwnHead(template, ownHead) : template;
      const html = titled
        .replace('</head>', `${image}${answerPreload}${assets}</head>`)
        .replace('<div id="root"></div>', `<div id="root">${firstView}</div>`)
        .replace('</body>', `${answers}</body>`);
      this.header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8');
      // Compressed here rather than by @fastify/compress: pages reached through the not-found fallback
      // (/products, /product/12 …) have no route of their own, and the plugin only compresses routes.
      const encoding = pageEncoding(this.request.headers['accept-encoding']);
      if (!encoding) return this.send(html);
      const body = encoding === 'br' ? brotliCompressSync(html, BROTLI_TEXT) : gzipSync(html);
      return this.header('content-encoding', encoding).send(body);
    });
    for (const url of ['/', '/index.html'])
      app.get(url, { schema: { hide: true } }, (request, reply) => {
        if (isHomePreview(request.query)) allowSameOriginFrame(reply);
        return reply.sendStorefrontPage();
      });

    // Other top-level files (favicon …): routes for the files present at start, so an unknown
    // path reaches the not-found handler and its index.html fallback. Revalidated on every visit.
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      globIgnore: ['assets/**', '.vite/**', 'index.html', 'index.html.*'],
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
  { name: 'static-web', dependencies: ['security-headers'] },
);
