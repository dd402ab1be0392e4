import {
  basicTemplateSchema,
  goodsSearchText,
  goodsSortTemplateSchema,
  homeTemplateSchema,
  isGtin,
  SkuStatus,
  TemplateName,
} from '@shop/domain';
import { asc, count, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import {
  articleCategories,
  articles,
  brands,
  categories,
  goods,
  goodsImages,
  mediaFiles,
  skuPrices,
  skus,
  templates,
} from '../src/db/schema';
import { MemoryRateLimiter } from '../src/lib/rate-limiter';
import { packQuantity } from '../src/seed/demo-catalogue';
import { runSeed } from '../src/seed/seed';
import { createServices, type ServiceDeps, type Services } from '../src/services';
import { openTestDatabase, testConfig } from './support/test-app';

const silent = { info: () => {} };

interface Seeded {
  database: DatabaseHandle;
  deps: ServiceDeps;
  services: Services;
  dispose(): Promise<void>;
}

async function seededDatabase(): Promise<Seeded> {
  const { database, dispose } = await openTestDatabase();
  const deps: ServiceDeps = {
    config: testConfig(),
    database,
    clock: () => new Date(),
    rateLimiter: new MemoryRateLimiter(),
  };
  await runSeed(deps, silent);
  return { database, deps, services: createServices(deps), dispose };
}

interface SampleGoods {
  code: string;
  name: string;
  name_en: string;
  search_text: string;
  content: string;
  brand: string;
  brand_en: string;
  cats: string[];
}

let a: Seeded;
let b: Seeded;

beforeAll(async () => {
  a = await seededDatabase();
  b = await seededDatabase();
}, 120_000);
afterAll(async () => {
  await a?.dispose();
  await b?.dispose();
});

/** Rows of a raw query (both drivers answer with `{ rows }`). */
async function query<T = Record<string, unknown>>(database: DatabaseHandle, q: SQL): Promise<T[]> {
  return ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
}

async function n(
  database: DatabaseHandle,
  table: typeof goods | typeof skus | typeof brands | typeof categories,
) {
  return (await database.db.select({ n: count() }).from(table))[0]?.n ?? 0;
}

/** Every goods with its SKUs' codes and prices, in a stable order, for comparing two databases. */
async function catalogueFingerprint(database: DatabaseHandle) {
  const goodsRows = await database.db
    .select({
      code: goods.code,
      name: goods.name,
      location: goods.location,
      onFlag: goods.onFlag,
      sales: goods.sales,
    })
    .from(goods)
    .orderBy(asc(goods.id));
  const prices = await database.db
    .select({
      sku: skus.code,
      status: skus.status,
      stock: skus.stock,
      level: skuPrices.level,
      currency: skuPrices.currency,
      amount: skuPrices.amount,
    })
    .from(skuPrices)
    .innerJoin(skus, sql`${skus.id} = ${skuPrices.skuId}`)
    .orderBy(asc(skus.code), asc(skuPrices.level), asc(skuPrices.currency));
  return { goodsRows, prices };
}

describe('demo seed', () => {
  it('is deterministic: two fresh databases get the same catalogue', async () => {
    const [fa, fb] = await Promise.all([catalogueFingerprint(a.database), catalogueFingerprint(b.database)]);
    expect(fa.goodsRows.length).toBeGreaterThanOrEqual(300);
    expect(fb).toEqual(fa);
  });

  it('has 300+ goods, 40 brands and a three-level category tree', async () => {
    const db = a.database.db;
    expect(await n(a.database, goods)).toBeGreaterThanOrEqual(300);
    expect(await n(a.database, brands)).toBe(40);
    const depths = await db
      .select({ depth: categories.depth, n: count() })
      .from(categories)
      .groupBy(categories.depth);
    expect(depths.map((d) => d.depth).sort()).toEqual([1, 2, 3]);
    const roots = depths.find((d) => d.depth === 1)?.n ?? 0;
    expect(roots).toBeGreaterThanOrEqual(5);
    const badPaths = await query(
      a.database,
      sql`
      select c.id from ${categories} c left join ${categories} p on p.id = c.parent_id
      where c.path <> coalesce(p.path, '/') || c.id || '/'`,
    );
    expect(badPaths).toEqual([]);
    // Goods hang on leaves.
    const onLeaves = await query(
      a.database,
      sql`
      select count(*)::int as n from ${goods} g join ${categories} c on c.id = g.category_id where c.depth <> 3`,
    );
    expect((onLeaves[0] as { n: number }).n).toBe(0);
  });

  it('groups brands A–Z with Chinese names by pinyin and digits under #', async () => {
    const rows = await a.database.db.select({ name: brands.name, initial: brands.initial }).from(brands);
    const initial = Object.fromEntries(rows.map((r) => [r.name, r.initial]));
    expect(initial).toMatchObject({
      爱他美: 'A',
      同仁堂: 'T',
      云南白药: 'Y',
      '3M': '#',
      a2: 'A',
      'Meiji 明治': 'M',
      Nestlé: 'N',
    });
    expect(rows.filter((r) => /^\p{Script=Han}/u.test(r.name)).length).toBeGreaterThanOrEqual(5);
  });

  it('covers every warehouse, every stock status and every currency mix', async () => {
    const db = a.database.db;
    const locations = await db
      .select({ location: goods.location, n: count() })
      .from(goods)
      .groupBy(goods.location);
    expect(locations.map((l) => l.location).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const byLocation = Object.fromEntries(locations.map((l) => [l.location, l.n]));
    const most = Math.max(...Object.values(byLocation));
    expect([byLocation[1], byLocation[2]]).toContain(most);

    const cases = await query(
      a.database,
      sql`
      select status, (stock > 0) as has_stock, count(*)::int as n from ${skus} group by 1, 2`,
    );
    const seen = new Set(
      (cases as { status: number; has_stock: boolean }[]).map((r) => `${r.status}:${r.has_stock}`),
    );
    for (const expected of [
      `${SkuStatus.NotForSale}:false`,
      `${SkuStatus.OutStock}:false`,
      `${SkuStatus.ByStock}:true`,
      `${SkuStatus.ByStock}:false`,
      `${SkuStatus.ByBook}:true`,
      `${SkuStatus.ByBook}:false`,
      `${SkuStatus.InStock}:true`,
    ]) {
      expect(seen, expected).toContain(expected);
    }

    const mixes = await query(
      a.database,
      sql`
      select mix, count(*)::int as n from (
        select s.id, string_agg(distinct p.currency, '+' order by p.currency) as mix
        from ${skus} s join ${skuPrices} p on p.sku_id = s.id group by s.id) t group by mix`,
    );
    expect((mixes as { mix: string }[]).map((r) => r.mix).sort()).toEqual(['AUD', 'AUD+CNY', 'CNY']);

    const levels = await db.selectDistinct({ level: skuPrices.level }).from(skuPrices);
    expect(levels.map((l) => l.level).sort()).toEqual([37, 38, 39]);
    const withoutTop = await query(
      a.database,
      sql`
      select count(*)::int as n from ${skus} s
      where not exists (select 1 from ${skuPrices} p where p.sku_id = s.id and p.level = 39)`,
    );
    expect((withoutTop[0] as { n: number }).n).toBeGreaterThan(0);
    const noPrice = await query(
      a.database,
      sql`
      select count(*)::int as n from ${skus} s
      where not exists (select 1 from ${skuPrices} p where p.sku_id = s.id and p.level = 37)`,
    );
    expect((noPrice[0] as { n: number }).n).toBe(0);
  });

  it('has SKUs with one, two and three or more attribute keys, and goods off the shelf', async () => {
    const db = a.database.db;
    const keyCounts = await query(
      a.database,
      sql`
      select distinct (select count(*) from json_object_keys(${skus.property}))::int as keys from ${skus}`,
    );
    const keys = (keyCounts as { keys: number }[]).map((r) => r.keys);
    expect(keys).toEqual(expect.arrayContaining([1, 2, 3]));
    const off = await db.select({ n: count() }).from(goods).where(sql`not ${goods.onFlag}`);
    const total = await n(a.database, goods);
    expect(off[0]?.n ?? 0).toBeGreaterThan(0);
    expect(off[0]?.n ?? 0).toBeLessThan(total * 0.12);
    const codes = await query(
      a.database,
      sql`select count(distinct code)::int as d, count(*)::int as n from ${skus}`,
    );
    const row = codes[0] as { d: number; n: number };
    expect(row.d).toBe(row.n);
    const weights = await query(a.database, sql`select min(weight)::int as w from ${skus}`);
    expect((weights[0] as { w: number }).w).toBeGreaterThan(0);
    const sorts = await query(
      a.database,
      sql`select count(distinct sales)::int as s, count(distinct sort_weight)::int as w from ${goods}`,
    );
    expect((sorts[0] as { s: number }).s).toBeGreaterThan(100);
  });

  it('sells 20+ SKUs on the shelf in cases and 20+ at volume prices below their single prices, some counted together', async () => {
    const [row] = (await query(
      a.database,
      sql`select
        (select count(*)::int from skus s join goods g on g.id = s.goods_id
          where g.on_flag and s.status <> -1 and s.step_qty > 1 and s.min_qty >= s.step_qty) as cased,
        (select count(distinct b.sku_id)::int from sku_price_breaks b join skus s on s.id = b.sku_id
          join goods g on g.id = s.goods_id where g.on_flag and s.status <> -1) as broken,
        (select count(*)::int from sku_price_breaks b join sku_prices p
          on p.sku_id = b.sku_id and p.level = b.level and p.currency = b.currency
          where b.amount > p.amount) as dearer,
        (select count(*)::int from sku_price_breaks b where not exists (select 1 from sku_prices p
          where p.sku_id = b.sku_id and p.level = b.level and p.currency = b.currency)) as unpriced,
        (select count(*)::int from goods where breaks_mixed) as mixed`,
    )) as { cased: number; broken: number; dearer: number; unpriced: number; mixed: number }[];
    expect(row?.cased).toBeGreaterThanOrEqual(20);
    expect(row?.broken).toBeGreaterThanOrEqual(20);
    expect(row?.dearer).toBe(0);
    expect(row?.unpriced).toBe(0);
    expect(row?.mixed).toBeGreaterThan(0);
  });

  it('gives every SKU a barcode of its own with its GS1 check digit, so a pasted order may name SKUs by barcode', async () => {
    const rows = (await query(a.database, sql`select barcode from skus`)) as { barcode: string | null }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.barcode !== null && isGtin(r.barcode))).toBe(true);
    expect(new Set(rows.map((r) => r.barcode)).size).toBe(rows.length);
  });

  it('keeps 5+ ByBook SKUs on the shelf with no stock and an expected day ahead, so a new user can pre-order (issue #39)', async () => {
    const rows = (await query(
      a.database,
      sql`select s.expected_date::text as day from ${skus} s join ${goods} g on g.id = s.goods_id
        where s.status = ${SkuStatus.ByBook} and s.stock = 0 and g.on_flag`,
    )) as { day: string | null }[];
    const withDay = rows.filter((r) => r.day !== null);
    expect(withDay.length).toBeGreaterThanOrEqual(5);
    // Every ByBook SKU without stock has its day, a week or more ahead of the seeding.
    expect(withDay).toHaveLength(rows.length);
    const weekAhead = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
    expect(withDay.every((r) => (r.day ?? '') >= weekAhead)).toBe(true);
    // Only ByBook SKUs carry one.
    const others = (await query(
      a.database,
      sql`select count(*)::int as n from ${skus} where expected_date is not null and status <> ${SkuStatus.ByBook}`,
    )) as { n: number }[];
    expect(others[0]?.n).toBe(0);
  });

  it('stores search text, sanitized content and images that exist in the media store', async () => {
    const db = a.database.db;
    const sample = await query<SampleGoods>(
      a.database,
      sql`
      select g.code, g.name, g.name_en, g.search_text, g.content, b.name as brand, b.name_en as brand_en,
             (select array_agg(c.name order by c.depth) from ${categories} c
               where (select path from ${categories} where id = g.category_id) like c.path || '%') as cats
      from ${goods} g left join ${brands} b on b.id = g.brand_id order by g.id limit 20`,
    );
    for (const g of sample) {
      expect(g.search_text).toBe(
        goodsSearchText({
          name: g.name,
          nameEn: g.name_en,
          brandName: g.brand,
          brandNameEn: g.brand_en,
          categoryNames: g.cats,
          code: g.code,
        }),
      );
      expect(g.content).toMatch(/^<h2>产品介绍<\/h2>/);
      expect(g.content).toMatch(/<img src="\/res\/img\/goods\/content\/[0-9a-f]{16}\.svg\?w=750"/);
      expect(g.content).not.toMatch(/<script|style=|onerror/i);
    }
    const missing = await query(
      a.database,
      sql`
      select i.path from ${goodsImages} i left join ${mediaFiles} m on m.path = i.path where m.path is null
      union all select logo from ${brands} b left join ${mediaFiles} m on m.path = b.logo where m.path is null
      union all select image from ${categories} c left join ${mediaFiles} m on m.path = c.image where m.path is null`,
    );
    expect(missing).toEqual([]);
    const kinds = await db.selectDistinct({ kind: goodsImages.kind }).from(goodsImages);
    expect(kinds.map((k) => k.kind).sort()).toEqual(['content', 'good', 'real']);
  });

  it('writes articles and templates the domain schemas accept', async () => {
    const db = a.database.db;
    const cats = await db
      .select({ name: articleCategories.name })
      .from(articleCategories)
      .orderBy(articleCategories.sort);
    expect(cats.map((c) => c.name)).toEqual(['购物指南', '配送说明', '售后服务', '关于我们']);
    expect((await db.select({ n: count() }).from(articles))[0]?.n).toBeGreaterThanOrEqual(10);
    const rows = await db.select().from(templates);
    const byName = Object.fromEntries(rows.map((r) => [r.name, JSON.parse(r.templateJson) as unknown]));
    const home = homeTemplateSchema.parse(byName[TemplateName.home]);
    const keys = home.map((block) => block.tmpKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        'swiperAd',
        'swiperRightAd',
        'BrandAd',
        'warehouseEntry',
        'cateEntry',
        'goodsFloor',
        'imageAd',
      ]),
    );
    const swiper = home.find((block) => block.tmpKey === 'swiperAd');
    expect(swiper && 'items' in swiper ? swiper.items.map((i) => i.link.type) : []).toEqual([
      'cate',
      'brand',
      'goods',
      'cate',
    ]);
    expect(home.filter((block) => block.tmpKey === 'goodsFloor').length).toBeGreaterThanOrEqual(4);
    const basic = basicTemplateSchema.parse(byName[TemplateName.basic]);
    expect(basic.basicInfo.siteName).toBe('澳中批发商城');
    expect(basic.helps).toHaveLength(4);
    // Registration links to the 用户协议 and 隐私政策 articles.
    const agreementTitles = await Promise.all(
      [basic.agreements?.terms, basic.agreements?.privacy].map(async (link) => {
        const [row] = await db
          .select({ title: articles.title })
          .from(articles)
          .where(sql`${articles.id} = ${link?.type === 'article' ? Number(link.id) : -1}`);
        return row?.title;
      }),
    );
    expect(agreementTitles).toEqual(['用户协议', '隐私政策']);
    const sort = goodsSortTemplateSchema.parse(byName[TemplateName.goodsSort]);
    expect(sort.sortProducts.length).toBeGreaterThanOrEqual(6);
  });

  it('writes the pickup article from the pickup points: the Sydney desk with its hours, every other warehouse shipping only', async () => {
    const points = await a.services.warehouses.pickupPoints();
    expect(points.map((p) => p.warehouseName)).toEqual(['澳大利亚仓']);
    const [article] = await a.database.db
      .select({ content: articles.content, summary: articles.summary })
      .from(articles)
      .where(sql`${articles.title} = '门店自提服务'`);
    const text = (article?.content ?? '').replaceAll(/<[^>]+>/g, ' ');
    for (const p of points) {
      expect(text).toContain(p.address);
      expect(text).toContain(p.hours);
      expect(text).toContain(p.phone);
    }
    expect(text).toContain('其他仓库（包括中国仓）的商品只能快递发货');
    // The footer and the contact page name the same place.
    const basic = basicTemplateSchema.parse(
      JSON.parse(
        (await a.database.db.select().from(templates)).find((t) => t.name === TemplateName.basic)
          ?.templateJson ?? '{}',
      ),
    );
    expect(basic.basicInfo.address).toContain(points[0]?.address);
  });

  it('adds nothing when it runs again', async () => {
    const before = await catalogueFingerprint(a.database);
    const counts = async () => ({
      goods: await n(a.database, goods),
      brands: await n(a.database, brands),
      categories: await n(a.database, categories),
      articles: (await a.database.db.select({ n: count() }).from(articles))[0]?.n,
      media: (await a.database.db.select({ n: count() }).from(mediaFiles))[0]?.n,
    });
    const countsBefore = await counts();
    await runSeed(a.deps, silent);
    expect(await counts()).toEqual(countsBefore);
    expect(await catalogueFingerprint(a.database)).toEqual(before);
  });

  it('reads pack sizes for pricing', () => {
    expect(packQuantity('400粒')).toBe(400);
    expect(packQuantity('1kg')).toBe(1000);
    expect(packQuantity('250ml×24盒')).toBe(6000);
    expect(packQuantity('1L×12盒')).toBe(12000);
    expect(packQuantity('单包')).toBe(1);
    expect(packQuantity('两件套')).toBe(2);
  });
});
