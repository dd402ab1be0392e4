import { goodsSearchText, SkuStatus, Warehouse } from '@shop/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import {
  articleCategories,
  articles,
  brands,
  categories,
  goods,
  goodsImages,
  skuPrices,
  skus,
  templates,
} from '../../src/db/schema';

/**
 * A small, fixed catalogue for the catalogue and content tests, written with Drizzle directly so the tests
 * do not depend on the demo seed. Amounts are minor units.
 *
 *   母婴 (sort 1)            保健品 (sort 2)        美妆 (sort 0, no goods)
 *   ├─ 奶粉                   └─ 鱼油
 *   │  └─ 婴儿奶粉
 *   └─ 辅食
 */

type Price = { level: number; currency: 'AUD' | 'CNY'; amount: number };
export interface SkuSpec {
  code: string;
  property: Record<string, string>;
  status: number;
  stock: number;
  weight?: number;
  prices: Price[];
}
export interface GoodsSpec {
  code: string;
  name: string;
  nameEn: string;
  brand: { id: number; name: string; nameEn: string } | null;
  categoryId: number;
  categoryNames: string[];
  location: number;
  onFlag?: boolean;
  sales: number;
  sortWeight: number;
  createdAt: Date;
  content?: string;
  images?: { kind: 'good' | 'real' | 'content'; path: string }[];
  skus: SkuSpec[];
}

export async function insertCategory(
  db: Database,
  name: string,
  sort: number,
  parent?: { id: number; path: string; depth: number },
) {
  const [row] = await db
    .insert(categories)
    .values({
      name,
      sort,
      parentId: parent?.id ?? null,
      depth: (parent?.depth ?? 0) + 1,
      image: `cate/${name}.png`,
    })
    .returning();
  if (!row) throw new Error('category insert failed');
  const path = `${parent?.path ?? '/'}${row.id}/`;
  await db.update(categories).set({ path }).where(eq(categories.id, row.id));
  return { id: row.id, path, depth: row.depth, name };
}

export async function insertBrand(db: Database, name: string, nameEn: string, initial: string) {
  const [row] = await db
    .insert(brands)
    .values({
      name,
      nameEn,
      initial,
      logo: `brand/${nameEn || name}.png`,
      description: `${name}品牌介绍`,
      country: 'AU',
    })
    .returning();
  if (!row) throw new Error('brand insert failed');
  return { id: row.id, name, nameEn };
}

export async function insertGoods(db: Database, spec: GoodsSpec) {
  const [row] = await db
    .insert(goods)
    .values({
      code: spec.code,
      name: spec.name,
      nameEn: spec.nameEn,
      brandId: spec.brand?.id ?? null,
      categoryId: spec.categoryId,
      location: spec.location,
      onFlag: spec.onFlag ?? true,
      content: spec.content ?? '',
      sales: spec.sales,
      sortWeight: spec.sortWeight,
      createdAt: spec.createdAt,
      searchText: goodsSearchText({
        name: spec.name,
        nameEn: spec.nameEn,
        brandName: spec.brand?.name,
        brandNameEn: spec.brand?.nameEn,
        categoryNames: spec.categoryNames,
        code: spec.code,
      }),
    })
    .returning();
  if (!row) throw new Error('goods insert failed');
  const images = spec.images ?? [];
  if (images.length > 0) {
    await db.insert(goodsImages).values(images.map((image, sort) => ({ goodsId: row.id, ...image, sort })));
  }
  const skuIds: number[] = [];
  for (const [sort, sku] of spec.skus.entries()) {
    const [skuRow] = await db
      .insert(skus)
      .values({
        goodsId: row.id,
        code: sku.code,
        name: `${spec.name} ${Object.values(sku.property).join(' ')}`,
        property: sku.property,
        status: sku.status,
        stock: sku.stock,
        weight: sku.weight ?? 500,
        sort,
      })
      .returning();
    if (!skuRow) throw new Error('sku insert failed');
    skuIds.push(skuRow.id);
    if (sku.prices.length > 0) {
      await db.insert(skuPrices).values(sku.prices.map((p) => ({ skuId: skuRow.id, ...p })));
    }
  }
  return { id: row.id, skuIds };
}

export type CatalogueFixture = Awaited<ReturnType<typeof insertCatalogueFixture>>;

const day = (n: number) => new Date(Date.UTC(2025, 0, n));

/** Inserts the fixture catalogue and content; returns the ids the tests refer to. */
export async function insertCatalogueFixture(db: Database) {
  const baby = await insertCategory(db, '母婴', 1);
  const milk = await insertCategory(db, '奶粉', 1, baby);
  const infantMilk = await insertCategory(db, '婴儿奶粉', 1, milk);
  const babyFood = await insertCategory(db, '辅食', 2, baby);
  const health = await insertCategory(db, '保健品', 2);
  const fishOil = await insertCategory(db, '鱼油', 1, health);
  const beauty = await insertCategory(db, '美妆', 0);

  const aptamil = await insertBrand(db, '爱他美', 'Aptamil', 'A');
  const blackmores = await insertBrand(db, 'Blackmores', 'Blackmores', 'B');
  const bellamy = await insertBrand(db, '贝拉米', "Bellamy's", 'B');
  const swisse = await insertBrand(db, 'Swisse', 'Swisse', 'S');
  const threeM = await insertBrand(db, '3M', '3M', '#');
  const zeta = await insertBrand(db, 'Zeta', 'Zeta', 'Z');

  // 1 attribute key; prices at 37 and 38 in both currencies; images of every kind.
  const aptamilGold = await insertGoods(db, {
    code: 'G-APT-1',
    name: '爱他美白金版婴儿奶粉1段 900g',
    nameEn: 'Aptamil Profutura Stage 1',
    brand: aptamil,
    categoryId: infantMilk.id,
    categoryNames: ['母婴', '奶粉', '婴儿奶粉'],
    location: Warehouse.AU,
    sales: 500,
    sortWeight: 10,
    createdAt: day(1),
    content: '<p>澳洲原装进口</p>',
    images: [
      { kind: 'good', path: 'goods/apt-1-main.jpg' },
      { kind: 'good', path: 'goods/apt-1-side.jpg' },
      { kind: 'real', path: 'goods/apt-1-real.jpg' },
      { kind: 'content', path: 'goods/apt-1-content.jpg' },
    ],
    skus: [
      {
        code: 'S-APT-1-900',
        property: { 规格: '900g' },
        status: SkuStatus.InStock,
        stock: 50,
        prices: [
          { level: 37, currency: 'AUD', amount: 4590 },
          { level: 37, currency: 'CNY', amount: 22900 },
          { level: 38, currency: 'AUD', amount: 4200 },
          { level: 38, currency: 'CNY', amount: 21000 },
        ],
      },
    ],
  });

  // 2 attribute keys in the order 规格, 包装 (jsonb would reorder them); one SKU AUD only, one CNY only.
  const fishOilGoods = await insertGoods(db, {
    code: 'G-BLK-1',
    name: 'Blackmores 深海鱼油 1000mg',
    nameEn: 'Blackmores Fish Oil 1000mg',
    brand: blackmores,
    categoryId: fishOil.id,
    categoryNames: ['保健品', '鱼油'],
    location: Warehouse.AU,
    sales: 900,
    sortWeight: 5,
    createdAt: day(2),
    images: [{ kind: 'good', path: 'goods/blk-1.jpg' }],
    skus: [
      {
        code: 'S-BLK-1-400',
        property: { 规格: '400粒', 包装: '单瓶' },
        status: SkuStatus.ByStock,
        stock: 10,
        prices: [
          { level: 37, currency: 'AUD', amount: 3500 },
          { level: 38, currency: 'AUD', amount: 3100 },
        ],
      },
      {
        code: 'S-BLK-1-200',
        property: { 规格: '200粒', 包装: '两瓶装' },
        status: SkuStatus.ByBook,
        stock: 0,
        prices: [{ level: 37, currency: 'CNY', amount: 15800 }],
      },
    ],
  });

  // 3 attribute keys; OutStock, NotForSale and ByStock without stock; CNY at level 37 only.
  const swisseCalcium = await insertGoods(db, {
    code: 'G-SWS-1',
    name: 'Swisse 钙片维生素D',
    nameEn: 'Swisse Calcium + Vitamin D',
    brand: swisse,
    categoryId: fishOil.id,
    categoryNames: ['保健品', '鱼油'],
    location: Warehouse.CN,
    sales: 300,
    sortWeight: 5,
    createdAt: day(3),
    skus: [
      {
        code: 'S-SWS-1-A',
        property: { 规格: '90粒', 口味: '原味', 包装: '瓶装' },
        status: SkuStatus.OutStock,
        stock: 0,
        prices: [{ level: 37, currency: 'CNY', amount: 9900 }],
      },
      {
        code: 'S-SWS-1-B',
        property: { 规格: '150粒', 口味: '柠檬', 包装: '瓶装' },
        status: SkuStatus.NotForSale,
        stock: 0,
        prices: [{ level: 37, currency: 'CNY', amount: 100 }],
      },
      {
        code: 'S-SWS-1-C',
        property: { 规格: '90粒', 口味: '柠檬', 包装: '礼盒' },
        status: SkuStatus.ByStock,
        stock: 0,
        prices: [{ level: 37, currency: 'CNY', amount: 12900 }],
      },
    ],
  });

  // Prices at level 37 only: a level-38 member falls back to them.
  const riceCereal = await insertGoods(db, {
    code: 'G-BEL-1',
    // The brand is only in the brand's names: a brand search must still find it.
    name: '有机婴儿米粉',
    nameEn: 'Organic Rice Cereal',
    brand: bellamy,
    categoryId: babyFood.id,
    categoryNames: ['母婴', '辅食'],
    location: Warehouse.NZ,
    sales: 50,
    sortWeight: 0,
    createdAt: day(4),
    skus: [
      {
        code: 'S-BEL-1-125',
        property: { 规格: '125g' },
        status: SkuStatus.InStock,
        stock: 30,
        prices: [
          { level: 37, currency: 'AUD', amount: 650 },
          { level: 37, currency: 'CNY', amount: 3200 },
        ],
      },
    ],
  });

  // No prices at all: last in the price sort.
  const mask = await insertGoods(db, {
    code: 'G-3M-1',
    name: '3M 防护口罩',
    nameEn: '3M Mask',
    brand: threeM,
    categoryId: health.id,
    categoryNames: ['保健品'],
    location: Warehouse.Mix,
    sales: 10,
    sortWeight: 0,
    createdAt: day(5),
    skus: [{ code: 'S-3M-1', property: {}, status: SkuStatus.InStock, stock: 5, prices: [] }],
  });

  // Off the shelf: absent from lists, its detail says onFlag false.
  const offShelf = await insertGoods(db, {
    code: 'G-APT-2',
    name: '爱他美金装奶粉2段',
    nameEn: 'Aptamil Gold Stage 2',
    brand: aptamil,
    categoryId: infantMilk.id,
    categoryNames: ['母婴', '奶粉', '婴儿奶粉'],
    location: Warehouse.AU,
    onFlag: false,
    sales: 2000,
    sortWeight: 99,
    createdAt: day(6),
    skus: [
      {
        code: 'S-APT-2-800',
        property: { 规格: '800g' },
        status: SkuStatus.InStock,
        stock: 8,
        prices: [{ level: 37, currency: 'CNY', amount: 19900 }],
      },
    ],
  });

  await db.insert(templates).values([
    { name: 'home', templateJson: JSON.stringify([{ tmpKey: 'swiperAd', items: [] }]) },
    { name: 'basic', templateJson: JSON.stringify(basicTemplate('澳洲好物')) },
  ]);
  const [help] = await db.insert(articleCategories).values({ name: '帮助中心', sort: 1 }).returning();
  const [notices] = await db.insert(articleCategories).values({ name: '公告', sort: 2 }).returning();
  if (!help || !notices) throw new Error('article category insert failed');
  const [howToBuy, shipping, draft] = await db
    .insert(articles)
    .values([
      { categoryId: help.id, title: '如何下单', summary: '下单步骤', content: '<p>第一步</p>', sort: 1 },
      { categoryId: help.id, title: '配送说明', content: '<p>澳洲直邮</p>', sort: 2 },
      { categoryId: help.id, title: '草稿文章', content: '<p>未发布</p>', published: false, sort: 3 },
    ])
    .returning();
  if (!howToBuy || !shipping || !draft) throw new Error('article insert failed');

  return {
    categories: { baby, milk, infantMilk, babyFood, health, fishOil, beauty },
    brands: { aptamil, blackmores, bellamy, swisse, threeM, zeta },
    goods: { aptamilGold, fishOilGoods, swisseCalcium, riceCereal, mask, offShelf },
    articleCategories: { help, notices },
    articles: { howToBuy, shipping, draft },
  };
}

/** A basic template that fits its contract (the storefront's header and footer), named `siteName`. */
export function basicTemplate(siteName: string) {
  return {
    basicInfo: { siteName, slogan: '', hotline: '', email: '', address: '', workTime: '' },
    helps: [],
    allWrap: [],
    customerAd: [],
  };
}
