import {
  COUNTRY_LABELS,
  type Country,
  imageUrl,
  MemberLevel,
  roundHalfUp,
  SkuStatus,
  toMinor,
  Warehouse,
  type WarehouseCode,
  warehouseName,
  withCheckDigit,
} from '@shop/domain';
import { sanitizeRichText } from '../lib/rich-text';
import type {
  CatalogueCategoryInput,
  CatalogueGoodsInput,
  CatalogueInput,
  CatalogueSkuInput,
} from '../modules/catalogue';
import type { MediaService, NewImage } from '../modules/media';
import {
  ACCENT_COLOURS,
  brandBannerSvg,
  brandLogoSvg,
  categoryTileSvg,
  contentArtSvg,
  type PackShotInput,
  packShotSvg,
  shade,
  shelfShotSvg,
} from './data/artwork';
import { SEED_BRANDS, type SeedBrand } from './data/brands';
import {
  type PackShape,
  SEED_CATEGORIES,
  type SeedCategoryGroup,
  type SeedCategoryRoot,
} from './data/categories';
import { SEED_PRODUCTS, type SeedAxis, type SeedProduct } from './data/products';
import { mulberry32, type Random } from './data/random';
import type { SeedStep } from './seed';

/**
 * The demo catalogue: about 120 products from 40 brands, each offered by one or
 * more of the nine warehouses (spec §3 'Warehouses'), with SKUs of one, two and three attribute keys
 * (spec §4: single row, matrix, flat grid), every SKU stock status of spec §4, prices in AUD only, CNY
 * only and both at member levels 37-39, and generated artwork. A seeded random generator makes every run
 * produce the same catalogue.
 */

const SEED = 20_240_601;

/** CNY per AUD the demo's CNY prices are derived with (bonded-warehouse tax and margin included). */
const DEMO_CNY_PER_AUD_PERCENT = 485;

/** Warehouse a brand's goods ship from first, by the brand's country. */
const HOME_WAREHOUSE: Record<SeedBrand['country'], WarehouseCode> = {
  AU: 'AU',
  CN: 'CN',
  NZ: 'NZ',
  US: 'US',
  HK: 'HK',
  KR: 'KR',
  EU: 'EU',
  JP: 'JP',
  OTHER: 'Mix',
};

/** Price of the same product in each warehouse relative to its home price (bonded tax, freight). */
const WAREHOUSE_PRICE_PERCENT: Record<WarehouseCode, number> = {
  AU: 100,
  CN: 108,
  NZ: 100,
  US: 100,
  HK: 105,
  KR: 100,
  EU: 102,
  JP: 100,
  Mix: 97,
};

type CurrencyMode = 'both' | 'aud' | 'cny';

/** How often each warehouse's goods are priced in both currencies, AUD only or CNY only. */
const CURRENCY_ODDS: Record<WarehouseCode, [both: number, aud: number, cny: number]> = {
  AU: [70, 30, 0],
  NZ: [70, 30, 0],
  CN: [35, 0, 65],
  HK: [35, 0, 65],
  US: [50, 20, 30],
  EU: [50, 20, 30],
  JP: [50, 20, 30],
  KR: [50, 20, 30],
  Mix: [100, 0, 0],
};

/** SKU stock situations and how often they occur: every status of spec §4, ByStock and ByBook with and without stock. */
const STOCK_CASES: { status: SkuStatus; stock: [number, number]; weight: number }[] = [
  { status: SkuStatus.InStock, stock: [20, 800], weight: 34 },
  { status: SkuStatus.ByStock, stock: [1, 300], weight: 32 },
  { status: SkuStatus.ByStock, stock: [0, 0], weight: 6 },
  { status: SkuStatus.ByBook, stock: [1, 40], weight: 6 },
  { status: SkuStatus.ByBook, stock: [0, 0], weight: 6 },
  { status: SkuStatus.OutStock, stock: [0, 0], weight: 9 },
  { status: SkuStatus.NotForSale, stock: [0, 0], weight: 7 },
];

const ACCENTS = ACCENT_COLOURS;

/**
 * A demo ByBook SKU's expected arrival day (issue #39 '预订'): every one with no stock has one, 1 to 6 weeks ahead,
 * and one in three of those with some stock. Made of the product and the SKU's place, not of the random stream, so
 * the rest of the demo catalogue stays as it was.
 */
export function demoExpectedDate(now: Date, product: number, sku: number, stock: number): string | null {
  const turn = (product * 7 + sku * 3) % 36;
  if (stock > 0 && turn % 3 !== 0) return null;
  return new Date(now.getTime() + (7 + turn) * 86_400_000).toISOString().slice(0, 10);
}

/** The goods code of a product in a warehouse, e.g. 'AU-BLACKM-0034' (product number in SEED_PRODUCTS). */
export function demoGoodsCode(productIndex: number, warehouse: WarehouseCode): string {
  const product = SEED_PRODUCTS[productIndex];
  const brand = SEED_BRANDS.find((b) => b.name === product?.brand);
  const slug = (brand?.nameEn ?? 'X')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 6);
  return `${warehouse.toUpperCase()}-${slug}-${String(productIndex + 1).padStart(4, '0')}`;
}

/** The warehouses that list a product: its home one, the Chinese bonded warehouse and a few others. */
function offersFor(brand: SeedBrand, rng: Random): WarehouseCode[] {
  const home = HOME_WAREHOUSE[brand.country];
  const list: WarehouseCode[] = [home];
  if (home !== 'CN') list.push('CN');
  else list.push(rng.chance(0.5) ? 'HK' : 'AU');
  if (rng.chance(0.45)) list.push('Mix');
  if (home !== 'AU' && home !== 'CN' && rng.chance(0.35)) list.push('AU');
  if (home === 'AU' && rng.chance(0.2)) list.push(rng.chance(0.5) ? 'NZ' : 'HK');
  return [...new Set(list)];
}

/** Units in a pack-size value: '400粒' 400, '1kg' 1000, '250ml×24盒' 6000, '单包' 1, '两件套' 2. */
export function packQuantity(value: string): number {
  let quantity = 1;
  const amount = /(\d+(?:\.\d+)?)\s*(kg|g|ml|l)?/i.exec(value);
  if (amount?.[1]) {
    quantity = Number(amount[1]);
    if (amount[2] && /^(kg|l)$/i.test(amount[2])) quantity *= 1000;
  } else if (value.includes('两')) quantity = 2;
  const times = /[×x](\d+)/.exec(value);
  if (times?.[1]) quantity *= Number(times[1]);
  return quantity;
}

/** Every combination of the axes' values, first axis slowest (the SKU order of the detail grid). */
function combinations(axes: readonly SeedAxis[]): { values: string[]; indexes: number[] }[] {
  let result: { values: string[]; indexes: number[] }[] = [{ values: [], indexes: [] }];
  for (const axis of axes) {
    result = result.flatMap((c) =>
      axis.values.map((v, i) => ({ values: [...c.values, v], indexes: [...c.indexes, i] })),
    );
  }
  return result;
}

/** Price and weight multipliers of a combination: pack sizes scale (larger packs a little cheaper per unit), dearer styles step up. */
function combinationFactors(axes: readonly SeedAxis[], indexes: readonly number[]) {
  let price = 1;
  let weight = 1;
  axes.forEach((axis, a) => {
    const i = indexes[a] ?? 0;
    if (axis.pricing === 'qty') {
      const ratio = packQuantity(axis.values[i] ?? '') / packQuantity(axis.values[0] ?? '');
      price *= ratio ** 0.92;
      weight *= ratio;
    } else if (axis.pricing === 'step') {
      price *= 1 + 0.18 * i;
      weight *= 1 + 0.25 * i;
    }
  });
  return { price, weight };
}

/** A retail AUD price near `cents` in the style of the base price: '129.00' stays whole, '19.99' ends in .49/.99. */
function retailAud(cents: number, wholeDollars: boolean): number {
  if (wholeDollars) return Math.max(100, roundHalfUp(Math.round(cents), 100) * 100);
  return Math.max(99, Math.ceil(Math.round(cents) / 50) * 50 - 1);
}

/** Whole yuan, as CNY prices are quoted. */
function wholeYuan(cents: number): number {
  return Math.max(100, roundHalfUp(cents, 100) * 100);
}

/** A wholesale tier: `percent` of the standard price, to 10 cents (AUD) or whole yuan (CNY). */
function tierPrice(standard: number, percent: number, currency: 'AUD' | 'CNY'): number {
  const raw = roundHalfUp(standard * percent, 100);
  return currency === 'AUD' ? roundHalfUp(raw, 10) * 10 : wholeYuan(raw);
}

/**
 * The demo's wholesale goods (ADR 050), picked by product so that the rest of the catalogue stays as the seeded
 * generator makes it: about one product in eight is sold in cases (6, 12 or 24 a case, at least one case, at most
 * 50 cases an order), and about one in five has volume prices (5 % off from two cases, or 12 pieces, and 10 % off
 * from eight cases, or 48 pieces), one in ten counting all its SKUs together.
 */
export function demoWholesale(productIndex: number): {
  rule: { minQty: number; stepQty: number; maxQty: number | null } | null;
  breakQtys: [number, number] | null;
  mixed: boolean;
} {
  const step = [6, 12, 24][productIndex % 3] ?? 6;
  const cased = productIndex % 8 === 3;
  const broken = productIndex % 5 === 1 || cased;
  const rule = cased
    ? { minQty: step, stepQty: step, maxQty: productIndex % 16 === 3 ? step * 50 : null }
    : null;
  const breakQtys: [number, number] | null = broken ? (cased ? [step * 2, step * 8] : [12, 48]) : null;
  return { rule, breakQtys, mixed: broken && productIndex % 10 === 1 };
}

/**
 * A demo SKU's barcode: an EAN-13 under the Australian GS1 prefix 930, made of the product, its warehouse and the
 * SKU's place, so every SKU of the demo has its own (one SKU per barcode, ADR 050).
 */
export function demoBarcode(productIndex: number, warehouse: number, skuIndex: number): string {
  return withCheckDigit(
    `930${String(productIndex).padStart(4, '0')}${warehouse % 10}${String(skuIndex).padStart(4, '0')}`,
  );
}

/** The volume prices of a SKU's single prices at the demo's break quantities: 95 % and 90 % of each. */
function demoBreaks(
  prices: CatalogueSkuInput['prices'],
  breakQtys: readonly [number, number],
): NonNullable<CatalogueSkuInput['breaks']> {
  return prices.flatMap((p) =>
    breakQtys.map((minQty, i) => ({
      level: p.level,
      currency: p.currency,
      minQty,
      amount: tierPrice(p.amount, i === 0 ? 95 : 90, p.currency),
    })),
  );
}

interface Located {
  root: SeedCategoryRoot;
  group: SeedCategoryGroup;
  leaf: string;
}

function locateCategory(cate: string): Located {
  const [groupName, leaf] = cate.split('/');
  for (const root of SEED_CATEGORIES) {
    const group = root.groups.find((g) => g.name === groupName);
    if (group && leaf && group.leaves.includes(leaf)) return { root, group, leaf };
  }
  throw new Error(`seed product category ${cate} is not in the category tree`);
}

function productName(brand: SeedBrand, product: SeedProduct) {
  const label = brand.cn && !brand.name.includes(brand.cn) ? `${brand.name} ${brand.cn}` : brand.name;
  return { name: `${label} ${product.name}`, nameEn: `${brand.nameEn} ${product.nameEn}` };
}

/** 'Blackmores（澳佳宝）', '爱他美（Aptamil）', 'Pigeon 贝亲'. */
function brandLabel(brand: SeedBrand): string {
  if (brand.cn) return `${brand.name}（${brand.cn}）`;
  return brand.name.includes(brand.nameEn) ? brand.name : `${brand.name}（${brand.nameEn}）`;
}

/** The product description (spec §3 'Product detail' content): sanitized HTML in Chinese with one image. */
function contentHtml(args: {
  brand: SeedBrand;
  product: SeedProduct;
  names: { name: string; nameEn: string };
  group: SeedCategoryGroup;
  warehouse: WarehouseCode;
  image: string;
}): string {
  const { brand, product, names, group, warehouse, image } = args;
  const specs =
    product.axes.length > 0
      ? product.axes.map((a) => `${a.key}：${a.values.join(' / ')}`).join('；')
      : '单一规格';
  const rows: [string, string][] = [
    ['品牌', brandLabel(brand)],
    ['英文名称', names.nameEn],
    ['品牌产地', COUNTRY_LABELS[brand.country as Country] ?? '其他'],
    ['可选规格', specs],
    ['发货仓库', warehouseName(Warehouse[warehouse])],
  ];
  const html =
    `<h2>产品介绍</h2><p>${brand.description}本品为 ${names.name}，由${warehouseName(Warehouse[warehouse])}发货，原装正品，批次可查。</p>` +
    `<p><img src="${imageUrl(image, 750)}" alt="${names.nameEn}" width="750" height="400"></p>` +
    `<h3>产品亮点</h3><ul>${group.highlights.map((h) => `<li>${h}</li>`).join('')}</ul>` +
    `<h3>规格参数</h3><table><tbody>${rows.map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`).join('')}</tbody></table>` +
    `<h3>使用方法</h3><p>${group.usage}</p>` +
    `<h3>储存与温馨提示</h3><p>${group.storage}</p><p><em>图片仅供参考，请以收到的实物为准；批发价以下单时会员等级对应的价格为准。</em></p>`;
  return sanitizeRichText(html);
}

/** Collects images to store in one batch and hands out their paths afterwards. */
class ImageBatch {
  readonly #images: NewImage[] = [];
  readonly #paths: string[] = [];

  add(svg: string, prefix: string): number {
    this.#images.push({ input: svg, contentType: 'image/svg+xml', prefix });
    return this.#images.length - 1;
  }

  async store(media: MediaService): Promise<void> {
    this.#paths.push(...(await media.storeImages(this.#images)));
  }

  path(ticket: number): string {
    const path = this.#paths[ticket];
    if (path === undefined) throw new Error('image not stored yet');
    return path;
  }

  get count(): number {
    return new Set(this.#paths).size;
  }
}

/** Builds the demo catalogue and stores its images; the caller inserts the returned rows. */
export async function buildDemoCatalogue(
  media: MediaService,
  now: Date,
): Promise<CatalogueInput & { imageCount: number }> {
  const rng = mulberry32(SEED);
  const images = new ImageBatch();
  const brandByName = new Map(SEED_BRANDS.map((b) => [b.name, b]));

  const brandArt = SEED_BRANDS.map((b) => ({
    logo: images.add(brandLogoSvg(b.nameEn, b.color), 'brand/logo'),
    banner: images.add(brandBannerSvg(b.nameEn, b.color), 'brand/banner'),
  }));

  const categoryArt = SEED_CATEGORIES.map((root, r) => ({
    root: images.add(
      categoryTileSvg(
        root.color,
        root.groups[0]?.shape ?? 'box',
        shade(ACCENTS[r % ACCENTS.length] ?? '#666', -0.1),
      ),
      'category',
    ),
    groups: root.groups.map((group, g) => ({
      group: images.add(
        categoryTileSvg(root.color, group.shape, ACCENTS[(r + g) % ACCENTS.length] ?? '#666'),
        'category',
      ),
      leaves: group.leaves.map((_, l) =>
        images.add(
          categoryTileSvg(
            shade(root.color, -0.04 * (l + 1)),
            group.shape,
            ACCENTS[(r + g + l + 1) % ACCENTS.length] ?? '#666',
          ),
          'category',
        ),
      ),
    })),
  }));

  const productArt = SEED_PRODUCTS.map((product, i) => {
    const brand = brandByName.get(product.brand);
    if (!brand) throw new Error(`seed product ${product.name} names an unknown brand ${product.brand}`);
    const { root, group } = locateCategory(product.cate);
    const shot = (view: number): PackShotInput => ({
      background: root.color,
      brandColor: brand.color,
      shape: group.shape as PackShape,
      brandEn: brand.nameEn,
      label: product.nameEn,
      view,
    });
    const views = i % 3 === 0 ? [0, 1, 2] : [0, 1];
    return {
      good: views.map((v) => images.add(packShotSvg(shot(v)), 'goods')),
      real: rng.chance(0.35) ? images.add(shelfShotSvg(shot(0)), 'goods/real') : null,
      content: images.add(contentArtSvg(shot(0)), 'goods/content'),
    };
  });

  await images.store(media);

  const brands = SEED_BRANDS.map((b, i) => ({
    name: b.name,
    nameEn: b.nameEn,
    country: b.country,
    logo: images.path(brandArt[i]?.logo ?? -1),
    banner: images.path(brandArt[i]?.banner ?? -1),
    description: b.description,
    sort: i,
  }));

  const categories: CatalogueCategoryInput[] = SEED_CATEGORIES.map((root, r) => ({
    name: root.name,
    image: images.path(categoryArt[r]?.root ?? -1),
    sort: r,
    children: root.groups.map((group, g) => ({
      name: group.name,
      image: images.path(categoryArt[r]?.groups[g]?.group ?? -1),
      sort: g,
      children: group.leaves.map((leaf, l) => ({
        name: leaf,
        image: images.path(categoryArt[r]?.groups[g]?.leaves[l] ?? -1),
        sort: l,
        children: [],
      })),
    })),
  }));

  const goods: CatalogueGoodsInput[] = [];
  SEED_PRODUCTS.forEach((product, p) => {
    const brand = brandByName.get(product.brand);
    const art = productArt[p];
    if (!brand || !art) return;
    const { root, group, leaf } = locateCategory(product.cate);
    const names = productName(brand, product);
    const base = toMinor(product.aud);
    const wholeDollars = base % 100 === 0;
    const content = images.path(art.content);
    const goodImages = art.good.map((t) => ({ kind: 'good' as const, path: images.path(t) }));
    const realImages = art.real === null ? [] : [{ kind: 'real' as const, path: images.path(art.real) }];

    for (const warehouse of offersFor(brand, rng)) {
      const code = demoGoodsCode(p, warehouse);
      const [both, audOnly, cnyOnly] = CURRENCY_ODDS[warehouse];
      const mode: CurrencyMode =
        (['both', 'aud', 'cny'] as const)[rng.weighted([both, audOnly, cnyOnly])] ?? 'both';
      const has38 = rng.chance(0.75);
      const has39 = has38 && rng.chance(0.55);
      const wholesale = demoWholesale(p);
      const skus: CatalogueSkuInput[] = combinations(product.axes).map((combo, s) => {
        const factors = combinationFactors(product.axes, combo.indexes);
        const aud = retailAud(
          (base * factors.price * WAREHOUSE_PRICE_PERCENT[warehouse]) / 100,
          wholeDollars,
        );
        const cny = wholeYuan(roundHalfUp(aud * DEMO_CNY_PER_AUD_PERCENT, 100));
        const prices: CatalogueSkuInput['prices'] = [];
        const levels: [number, number][] = [[MemberLevel.Standard, 100]];
        if (has38) levels.push([MemberLevel.Wholesale, 92]);
        // Not every SKU of a goods has every tier.
        if (has39 && rng.chance(0.9)) levels.push([MemberLevel.KeyAccount, 85]);
        for (const [level, percent] of levels) {
          if (mode !== 'cny')
            prices.push({
              level,
              currency: 'AUD',
              amount: level === 37 ? aud : tierPrice(aud, percent, 'AUD'),
            });
          if (mode !== 'aud')
            prices.push({
              level,
              currency: 'CNY',
              amount: level === 37 ? cny : tierPrice(cny, percent, 'CNY'),
            });
        }
        const stockCase = STOCK_CASES[rng.weighted(STOCK_CASES.map((c) => c.weight))] ?? STOCK_CASES[0];
        const stock = stockCase ? rng.int(stockCase.stock[0], stockCase.stock[1]) : 0;
        return {
          code: `${code}-${String(s + 1).padStart(2, '0')}`,
          name: [names.name, ...combo.values].join(' '),
          property: Object.fromEntries(product.axes.map((axis, a) => [axis.key, combo.values[a] ?? ''])),
          status: stockCase?.status ?? SkuStatus.InStock,
          stock,
          weight: Math.round(product.grams * factors.weight),
          sort: s,
          prices,
          ...(wholesale.rule ? { rule: wholesale.rule } : {}),
          ...(wholesale.breakQtys ? { breaks: demoBreaks(prices, wholesale.breakQtys) } : {}),
          barcode: demoBarcode(p, Warehouse[warehouse], s),
          expectedDate: stockCase?.status === SkuStatus.ByBook ? demoExpectedDate(now, p, s, stock) : null,
        };
      });
      const createdAt = new Date(now.getTime() - rng.int(0, 240) * 86_400_000 - rng.int(0, 86_399) * 1000);
      goods.push({
        code,
        name: names.name,
        nameEn: names.nameEn,
        brandName: brand.name,
        categoryPath: [root.name, group.name, leaf],
        location: Warehouse[warehouse],
        // About one in twenty goods is off the shelf (spec §3 'Product detail' onFlag).
        onFlag: !rng.chance(0.05),
        content: contentHtml({ brand, product, names, group, warehouse, image: content }),
        // Skewed: a few best sellers, a long tail (the 'Sales' sort must differ from the others).
        sales: Math.floor(rng.next() ** 3 * 6000),
        sortWeight: rng.chance(0.1) ? rng.int(200, 300) : rng.int(0, 100),
        createdAt,
        images: [...goodImages, ...realImages, { kind: 'content', path: content }],
        skus,
        breaksMixed: wholesale.mixed,
      });
    }
  });

  return { brands, categories, goods, imageCount: images.count };
}

export const demoCatalogueSeed: SeedStep = {
  name: 'demo-catalogue',
  async run(services) {
    if ((await services.catalogueAdmin.countGoods()) > 0) return 'catalogue exists';
    const input = await buildDemoCatalogue(services.media, new Date());
    const counts = await services.catalogueAdmin.insertCatalogue(input);
    return `${counts.goods} goods, ${counts.skus} SKUs, ${counts.prices} prices, ${counts.brands} brands, ${counts.categories} categories, ${input.imageCount} images`;
  },
};
