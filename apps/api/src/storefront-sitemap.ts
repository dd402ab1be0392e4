import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Services } from './services';
import { escapeHtml } from './storefront-html';

/**
 * What crawlers read (issue #40 'Crawling'): `/robots.txt`, which keeps member, cart, checkout, payment and console
 * pages out and names the sitemap, and `/sitemap.xml`, every public page on the shelf (the home page, the lists,
 * every category, brand, product and published article) with when each product last changed. Past `maxUrls`
 * addresses (50,000, the protocol's limit per file) `/sitemap.xml` is an index of `/sitemap-1.xml`,
 * `/sitemap-2.xml` …. Each is made when asked, from the catalogue as it is, so it is current as goods change.
 */

/** Paths no crawler needs: the member's own pages, the cart and checkout, payment and the console (spec §2). */
export const ROBOTS_DISALLOW = [
  '/member',
  '/cart',
  '/checkout',
  '/payment',
  '/order/',
  '/user/',
  '/admin',
  '/api/',
] as const;

/** The protocol's limit of addresses per sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

interface SitemapUrl {
  path: string;
  lastmod?: Date | undefined;
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The shop's public pages in the order a sitemap lists them. */
export async function sitemapUrls(services: Pick<Services, 'catalogue' | 'content'>): Promise<SitemapUrl[]> {
  const [tree, brands, goods, articles] = await Promise.all([
    services.catalogue.categoryTree(),
    services.catalogue.listBrands(),
    services.catalogue.shelfGoods(),
    services.content.categoryList(),
  ]);
  const categories: number[] = [];
  const walk = (nodes: typeof tree) => {
    for (const node of nodes) {
      categories.push(node.id);
      walk(node.children);
    }
  };
  walk(tree);
  return [
    { path: '/' },
    { path: '/products' },
    { path: '/brands' },
    ...categories.map((id) => ({ path: `/products/${id}` })),
    ...brands.items.map((b) => ({ path: `/brand/${b.id}` })),
    ...goods.map((g) => ({ path: `/product/${g.id}`, lastmod: g.updatedAt })),
    ...articles.flatMap((c) => c.articles.map((a) => ({ path: `/article/${a.id}` }))),
  ];
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function urlsetXml(origin: string, urls: readonly SitemapUrl[]): string {
  const entries = urls.map(
    (u) =>
      `<url><loc>${escapeHtml(`${origin}${u.path}`)}</loc>${
        u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''
      }</url>`,
  );
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${entries.join('\n')}\n</urlset>\n`;
}

export function sitemapIndexXml(origin: string, files: number): string {
  const entries = Array.from(
    { length: files },
    (_, i) => `<sitemap><loc>${escapeHtml(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
  );
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

export interface SitemapOptions {
  services: Pick<Services, 'catalogue' | 'content'>;
  /** The shop's public address (SHOP_PUBLIC_URL); else each request's own. */
  publicUrl?: string | undefined;
  /** Addresses per sitemap file (tests split a small catalogue). */
  maxUrls?: number;
}

/** The shop's origin for addresses it writes: SHOP_PUBLIC_URL, else the request's scheme and host. */
export function originOf(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

export const sitemapPlugin = fp<SitemapOptions>(
  async (app, { services, publicUrl, maxUrls = SITEMAP_MAX_URLS }) => {
    const hidden = { schema: { hide: true } };
    app.get('/robots.txt', hidden, async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(originOf(request, publicUrl))),
    );
    const xml = (reply: FastifyReply, body: string) =>
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(body);
    app.get('/sitemap.xml', hidden, async (request, reply) => {
      const origin = originOf(request, publicUrl);
      const urls = await sitemapUrls(services);
      if (urls.length <= maxUrls) return xml(reply, urlsetXml(origin, urls));
      return xml(reply, sitemapIndexXml(origin, Math.ceil(urls.length / maxUrls)));
    });
    app.get<{ Params: { file: string } }>('/sitemap-:file', hidden, async (request, reply) => {
      const part = /^(\d{1,4})\.xml$/.exec(request.params.file);
      const n = part ? Number(part[1]) : 0;
      const urls = n > 0 ? await sitemapUrls(services) : [];
      const slice = urls.slice((n - 1) * maxUrls, n * maxUrls);
      if (slice.length === 0 || urls.length <= maxUrls) return reply.callNotFound();
      return xml(reply, urlsetXml(originOf(request, publicUrl), slice));
    });
  },
  { name: 'storefront-sitemap' },
);
