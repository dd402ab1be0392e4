import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitemapPlugin } from '../src/storefront-sitemap';
import type { CatalogueFixture } from './support/catalogue-fixtures';
import { insertCatalogueFixture } from './support/catalogue-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * What a crawler or a chat app's link preview reads of the shop (issue #40 'Found and shared'): each public page's
 * own head in the HTML the server sends, JSON-LD that schema.org's required fields check, robots.txt and the
 * sitemap.
 */

const INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta name="description" content="澳中批发商城：默认描述。" />
    <title>澳中批发商城</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const ORIGIN = 'https://shop.example.com';

let webDist: string;
let t: TestApp;
let f: CatalogueFixture;
beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'shop-seo-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(join(webDist, 'index.html'), INDEX_HTML);
  t = await createTestApp({ env: { WEB_DIST: webDist, SEED_DEMO: 'false', SHOP_PUBLIC_URL: `${ORIGIN}/` } });
  f = await insertCatalogueFixture(t.database.db);
});
afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

async function page(url: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
}
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '{}') as Record<string, unknown>,
  );

const AVAILABILITY = new Set(
  ['InStock', 'OutOfStock', 'PreOrder', 'BackOrder', 'Discontinued', 'LimitedAvailability', 'SoldOut'].map(
    (a) => `https://schema.org/${a}`,
  ),
);

/**
 * The problems of a JSON-LD object against schema.org's types as search engines require them: a Product with its
 * name, image and offers (each with a price, an ISO 4217 currency and an ItemAvailability), a BreadcrumbList of
 * positioned items, an Organization with its name and address. Empty when it is valid.
 */
function jsonLdProblems(data: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (data['@context'] !== 'https://schema.org') problems.push('@context');
  const absolute = (v: unknown) => typeof v === 'string' && /^https:\/\/[^\s]+$/.test(v);
  switch (data['@type']) {
    case 'Product': {
      if (typeof data.name !== 'string' || data.name === '') problems.push('Product.name');
      const images = data.image as unknown[] | undefined;
      if (!Array.isArray(images) || images.length === 0 || !images.every(absolute))
        problems.push('Product.image');
      const offers = data.offers as Record<string, unknown>[] | undefined;
      if (!Array.isArray(offers) || offers.length === 0) problems.push('Product.offers');
      for (const offer of offers ?? []) {
        if (offer['@type'] !== 'Offer') problems.push('Offer.@type');
        if (typeof offer.price !== 'string' || !/^\d+(\.\d{1,2})?$/.test(offer.price))
          problems.push('Offer.price');
        if (offer.priceCurrency !== 'CNY' && offer.priceCurrency !== 'AUD')
          problems.push('Offer.priceCurrency');
        if (!AVAILABILITY.has(String(offer.availability))) problems.push('Offer.availability');
        if (!absolute(offer.url)) problems.push('Offer.url');
      }
      const brand = data.brand as Record<string, unknown> | undefined;
      if (brand && (brand['@type'] !== 'Brand' || typeof brand.name !== 'string'))
        problems.push('Product.brand');
      break;
    }
    case 'BreadcrumbList': {
      const items = data.itemListElement as Record<string, unknown>[] | undefined;
      if (!Array.isArray(items) || items.length < 2) problems.push('BreadcrumbList.itemListElement');
      items?.forEach((item, i) => {
        if (item['@type'] !== 'ListItem' || item.position !== i + 1)
          problems.push(`ListItem ${i + 1}.position`);
        if (typeof item.name !== 'string' || !absolute(item.item)) problems.push(`ListItem ${i + 1}`);
      });
      break;
    }
    case 'Organization':
      if (typeof data.name !== 'string' || !absolute(data.url)) problems.push('Organization');
      break;
    default:
      problems.push(`unknown @type ${String(data['@type'])}`);
  }
  return problems;
}

describe('a product page as a crawler fetches it', () => {
  it('has its own title, description, canonical address, preview tags and valid JSON-LD', async () => {
    const id = f.goods.aptamilGold.id;
    const html = await page(`/product/${id}`);
    expect(titleOf(html)).toBe('爱他美白金版婴儿奶粉1段 900g - 澳中批发商城');
    const description = metaOf(html, 'description') ?? '';
    expect(description).toContain('爱他美白金版婴儿奶粉1段 900g，爱他美，澳大利亚仓发货');
    expect(description).toMatch(/会员批发价 ¥[\d.]+/);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(canonicalOf(html)).toBe(`${ORIGIN}/product/${id}`);
    expect(metaOf(html, 'og:type')).toBe('product');
    expect(metaOf(html, 'og:url')).toBe(`${ORIGIN}/product/${id}`);
    expect(metaOf(html, 'og:image')).toMatch(new RegExp(`^${ORIGIN}/.+w=1200`));
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).not.toContain('noindex');

    const data = jsonLdOf(html);
    expect(data.map((d) => d['@type'])).toEqual(['Organization', 'Product', 'BreadcrumbList']);
    for (const d of data) expect(jsonLdProblems(d), String(d['@type'])).toEqual([]);
    const product = data[1] as { offers: { priceCurrency: string; availability: string }[]; brand: unknown };
    expect(new Set(product.offers.map((o) => o.priceCurrency))).toEqual(new Set(['CNY', 'AUD']));
    expect(product.offers[0]?.availability).toBe('https://schema.org/InStock');
    expect(product.brand).toEqual({ '@type': 'Brand', name: '爱他美' });
    const crumbs = (data[2] as { itemListElement: { name: string }[] }).itemListElement.map((i) => i.name);
    expect(crumbs[0]).toBe('首页');
    expect(crumbs.at(-1)).toBe('爱他美白金版婴儿奶粉1段 900g');
  });

  it('says a ByBook SKU without stock is a pre-order, and the checker catches a broken offer', async () => {
    const html = await page(`/product/${f.goods.fishOilGoods.id}`);
    const product = jsonLdOf(html).find((d) => d['@type'] === 'Product') as {
      offers: { sku: string; availability: string }[];
    };
    expect(product.offers.find((o) => o.sku === 'S-BLK-1-200')?.availability).toBe(
      'https://schema.org/PreOrder',
    );
    // The checker is not a formality: an offer without its currency fails it.
    const broken = { ...product, offers: [{ ...product.offers[0], priceCurrency: undefined }] };
    expect(jsonLdProblems(broken)).toContain('Offer.priceCurrency');
  });

  it('answers noindex for a product off the shelf and for one that does not exist', async () => {
    const off = await page(`/product/${f.goods.offShelf.id}`);
    expect(off).toContain('<meta name="robots" content="noindex">');
    expect(metaOf(off, 'description')).toContain('商品已下架');
    const gone = await t.app.inject({ method: 'GET', url: '/product/999999' });
    expect(gone.body).toContain('<meta name="robots" content="noindex">');
  });

  it('writes its own head on the home page, the lists, a category, the brands, a brand, an article and the supplier area', async () => {
    const home = await page('/');
    expect(canonicalOf(home)).toBe(`${ORIGIN}/`);
    expect(jsonLdOf(home).map((d) => d['@type'])).toEqual(['Organization']);
    expect(titleOf(await page('/products'))).toBe('全部商品 - 澳中批发商城');
    const category = await page(`/products/${f.categories.milk.id}`);
    expect(titleOf(category)).toBe('奶粉 - 澳中批发商城');
    expect(canonicalOf(category)).toBe(`${ORIGIN}/products/${f.categories.milk.id}`);
    expect(titleOf(await page('/brands'))).toBe('品牌馆 - 澳中批发商城');
    const brand = await page(`/brand/${f.brands.aptamil.id}`);
    expect(titleOf(brand)).toContain('爱他美');
    const article = await page(`/article/${f.articles.howToBuy.id}`);
    expect(metaOf(article, 'og:type')).toBe('article');
    expect(titleOf(article)).toContain(' - 澳中批发商城');
    // A draft is as unknown as a missing page.
    expect(await page(`/article/${f.articles.draft.id}`)).toContain('noindex');
    const supplier = await page('/supplier');
    expect(titleOf(supplier)).toBe('供应商专区 - 澳中批发商城');
    expect(canonicalOf(supplier)).toBe(`${ORIGIN}/supplier`);
    const english = await page('/supplier/en');
    expect(titleOf(english)).toBe('Suppliers - 澳中批发商城');
    expect(metaOf(english, 'og:locale')).toBe('en_US');
    // A block of the landing page shown alone is a part of it, not a page to find.
    expect(await page('/supplier/Banner1')).toContain('<meta name="robots" content="noindex">');
    // A member's page keeps the build's head, and robots.txt keeps it out.
    const member = await page('/member/order');
    expect(titleOf(member)).toBe('澳中批发商城');
    expect(canonicalOf(member)).toBeUndefined();
  });
});

describe('crawling', () => {
  it('robots.txt keeps member, cart, checkout, payment and console pages out and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.headers['content-type']).toContain('text/plain');
    for (const path of ['/member', '/cart', '/checkout', '/payment', '/order/', '/admin'])
      expect(res.body).toContain(`Disallow: ${path}\n`);
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('the sitemap lists every product on the shelf, every category, brand and published article', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const onShelf = [f.goods.aptamilGold, f.goods.fishOilGoods, f.goods.swisseCalcium, f.goods.riceCereal];
    for (const g of onShelf) expect(locs).toContain(`${ORIGIN}/product/${g.id}`);
    expect(locs).not.toContain(`${ORIGIN}/product/${f.goods.offShelf.id}`);
    expect(locs).toContain(`${ORIGIN}/products/${f.categories.milk.id}`);
    expect(locs).toContain(`${ORIGIN}/brand/${f.brands.aptamil.id}`);
    expect(locs).toContain(`${ORIGIN}/article/${f.articles.howToBuy.id}`);
    expect(locs).not.toContain(`${ORIGIN}/article/${f.articles.draft.id}`);
    expect(res.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);

    // A product taken off the shelf leaves it at once.
    await t.app.services.catalogueAdmin.setShelf({ ids: [f.goods.riceCereal.id] }, false);
    const after = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(after.body).not.toContain(`${ORIGIN}/product/${f.goods.riceCereal.id}<`);
    await t.app.services.catalogueAdmin.setShelf({ ids: [f.goods.riceCereal.id] }, true);
  });

  it('past its limit per file the sitemap is an index of files that together list every address', async () => {
    const app = Fastify();
    await app.register(sitemapPlugin, { services: t.app.services, publicUrl: ORIGIN, maxUrls: 5 });
    const whole = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    const all = [...whole.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.body).toContain('<sitemapindex');
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    expect(files).toHaveLength(Math.ceil(all.length / 5));
    const listed: string[] = [];
    for (const file of files) {
      const part = await app.inject({ method: 'GET', url: file.replace(ORIGIN, '') });
      expect(part.statusCode).toBe(200);
      listed.push(...[...part.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? ''));
    }
    expect(listed).toEqual(all);
    expect((await app.inject({ method: 'GET', url: `/sitemap-${files.length + 1}.xml` })).statusCode).toBe(
      404,
    );
    await app.close();
  });
});
