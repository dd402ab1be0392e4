import {
  type AdItem,
  type BankAccount,
  type BasicContentTemplate,
  GoodsOrderByType,
  type GoodsSortTemplate,
  type HomeBlock,
  TemplateName,
  Warehouse,
  type WarehouseCode,
  warehouseName,
} from '@shop/domain';
import sharp from 'sharp';
import { SYSTEM_ACTOR } from '../lib/audit';
import type { MediaService } from '../modules/media';
import { pickupArticleHtml, SEED_ARTICLE_CATEGORIES } from './data/articles';
import { ACCENT_COLOURS, adBannerSvg, warehouseTileSvg } from './data/artwork';
import type { PackShape } from './data/categories';
import { SYDNEY_PICKUP } from './data/pickup';
import { SEED_PRODUCTS } from './data/products';
import { demoGoodsCode } from './demo-catalogue';
import type { SeedStep } from './seed';

/**
 * Demo content (spec §7 'Content'): help articles in four categories and the three templates the
 * storefront reads (home, basic, goodsSort), linked to the demo catalogue's categories, brands and goods.
 * Runs after the catalogue seed; a link whose target is missing is left out rather than left dangling.
 */

type Link = AdItem['link'];

const SITE = {
  siteName: '澳中批发商城',
  slogan: '澳洲直邮 · 保税速达 · 澳元人民币双币结算',
  hotline: '+61 2 8000 1234 / 400-800-1234',
  email: 'service@auzh-wholesale.example',
  address: `${SYDNEY_PICKUP.address}, Australia`,
  workTime: '周一至周六 9:00-18:00（悉尼时间）',
} satisfies BasicContentTemplate['basicInfo'];

/**
 * Demo receiving accounts for bank-transfer recharges, named as such: the owner or finance puts the shop's own in
 * the console's 汇率与支付 (README).
 */
const DEMO_BANK_ACCOUNTS: BankAccount[] = [
  {
    currency: 'CNY',
    bankName: '招商银行',
    branch: '上海分行营业部',
    accountName: '上海澳中贸易有限公司（演示账户）',
    accountNo: '6214 8312 3456 7890',
  },
  {
    currency: 'AUD',
    bankName: 'Commonwealth Bank of Australia',
    branch: 'BSB 062-000',
    accountName: 'AUZH Wholesale Pty Ltd (demo account)',
    accountNo: '1234 5678',
    swift: 'CTBAAU2S',
  },
];

/** The brands of the home page's brand wall, in order. */
const BRAND_WALL = [
  'a2',
  'Blackmores',
  'Swisse',
  "Bellamy's",
  '爱他美',
  'Comvita',
  'Aesop',
  'UGG Australia',
  'Lucas Papaw',
  'Shiseido 资生堂',
  'Sulwhasoo 雪花秀',
  '同仁堂',
];

/** Category groups of the home page's category entry. */
const CATEGORY_ENTRY = [
  '母婴用品/奶粉',
  '保健品/维生素',
  '保健品/鱼油',
  '美妆个护/面部护理',
  '食品饮料/蜂蜜',
  '服饰鞋包/UGG靴',
  '食品饮料/零食',
  '家居日用/清洁用品',
];

/** The home page's ads: [headline, sub line] in Chinese and in the Latin fallback, colour, decoration, size. */
export const DEMO_ADS: {
  zh: [string, string];
  en: [string, string];
  color: string;
  shape: PackShape;
  size: [number, number];
}[] = [
  {
    zh: ['澳洲直邮', '婴幼儿奶粉，悉尼仓直发'],
    en: ['AUSTRALIA DIRECT', 'Infant formula, shipped from our Sydney warehouse'],
    color: '#0b6e4f',
    shape: 'tin',
    size: [1200, 400],
  },
  {
    zh: ['健康周', '维生素与鱼油，批发价直供'],
    en: ['HEALTH WEEK', 'Vitamins and fish oil at wholesale prices'],
    color: '#1d4f91',
    shape: 'bottle',
    size: [1200, 400],
  },
  {
    zh: ['冬季雪地靴', '羊皮雪地靴，全色全码'],
    en: ['WINTER BOOTS', 'Sheepskin boots, every colour and size'],
    color: '#8b5a2b',
    shape: 'boot',
    size: [1200, 400],
  },
  {
    zh: ['麦卢卡蜂蜜', 'UMF 与 MGO 分级，新西兰原产'],
    en: ['MANUKA HONEY', 'UMF and MGO graded, from New Zealand'],
    color: '#c77d00',
    shape: 'jar',
    size: [1200, 400],
  },
  {
    zh: ['新会员专享', '38 级起享批发价'],
    en: ['NEW MEMBERS', 'Wholesale tiers from level 38'],
    color: '#8e5572',
    shape: 'box',
    size: [400, 200],
  },
  {
    zh: ['双币结算', '澳元、人民币均可支付'],
    en: ['PAY IN AUD OR CNY', 'Two currencies, one cart'],
    color: '#3d5a80',
    shape: 'bag',
    size: [400, 200],
  },
  {
    zh: ['保税仓发货', '中国境内快速送达'],
    en: ['BONDED WAREHOUSE', 'Fast delivery within China'],
    color: '#c8102e',
    shape: 'box',
    size: [1200, 200],
  },
  {
    zh: ['澳洲订单满 $199 包邮', '澳洲境内订单'],
    en: ['FREE SHIPPING OVER $199', 'Australian orders'],
    color: '#29335c',
    shape: 'box',
    size: [1200, 100],
  },
  {
    zh: ['客服中心', '周一至周六 9:00-18:00'],
    en: ['CUSTOMER SERVICE', 'Mon-Sat 9:00-18:00'],
    color: '#669bbc',
    shape: 'pouch',
    size: [400, 400],
  },
];

/**
 * Whether this machine's SVG renderer (sharp's librsvg through fontconfig) draws Chinese: '中文' must come out
 * differently from two characters no font has, which every renderer draws as the same missing-glyph boxes.
 */
export async function rendersChinese(): Promise<boolean> {
  const draw = (content: string) =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><text x="4" y="48" font-family="Noto Sans CJK SC, sans-serif" font-size="48">${content}</text></svg>`,
      ),
    )
      .raw()
      .toBuffer();
  try {
    const [chinese, missing] = await Promise.all([draw('中文'), draw('\u{10FFFD}\u{10FFFD}')]);
    return !chinese.equals(missing);
  } catch {
    return false;
  }
}

/** The home page's ads and warehouse tiles: Chinese copy where the image host can draw it, else Latin. */
async function storeDemoAdArt(media: MediaService) {
  const chinese = await rendersChinese();
  const ads = DEMO_ADS.map(({ zh, en, color, shape, size: [width, height] }) => {
    const [headline, subline] = chinese ? zh : en;
    return adBannerSvg(width, height, headline, subline, color, shape);
  });
  const warehouses = (Object.keys(Warehouse) as WarehouseCode[]).map((code, i) =>
    warehouseTileSvg(
      code,
      ACCENT_COLOURS[i % ACCENT_COLOURS.length] ?? '#666',
      chinese ? '仓库' : 'WAREHOUSE',
    ),
  );
  const paths = await media.storeImages(
    [...ads, ...warehouses].map((svg) => ({ input: svg, contentType: 'image/svg+xml', prefix: 'ad' })),
  );
  return { ads: paths.slice(0, ads.length), warehouses: paths.slice(ads.length), chinese };
}

function productIndex(brand: string, nameStart: string): number {
  return SEED_PRODUCTS.findIndex((p) => p.brand === brand && p.name.startsWith(nameStart));
}

export const demoContentSeed: SeedStep = {
  name: 'demo-content',
  async run(services) {
    let articlesCreated = 0;
    const articleIds = new Map<string, number>();
    const categoryNames: string[] = [];
    // The pickup article says what checkout offers: the pickup points as the shop has them now.
    const pickupHtml = pickupArticleHtml(await services.warehouses.pickupPoints());
    for (const [c, category] of SEED_ARTICLE_CATEGORIES.entries()) {
      const result = await services.contentAdmin.ensureArticles(
        { name: category.name, sort: c },
        category.articles.map((a, sort) => ({
          title: a.title,
          summary: a.summary,
          html: a.key === 'pickup' ? pickupHtml : a.html,
          sort,
        })),
      );
      articlesCreated += result.created;
      categoryNames.push(category.name);
      category.articles.forEach((a, i) => {
        const id = result.ids[i];
        if (id !== undefined) articleIds.set(a.key, id);
      });
    }

    const featured = {
      boots: demoGoodsCode(productIndex('UGG Australia', '经典短靴 女款'), 'AU'),
      fishOil: demoGoodsCode(productIndex('Blackmores', '无腥味深海鱼油'), 'AU'),
    };
    const refs = await services.catalogueAdmin.references(Object.values(featured));
    const art = await storeDemoAdArt(services.media);

    const cate = (path: string): Link | null => {
      const node = refs.categoriesByPath.get(path);
      return node ? { type: 'cate', id: node.id } : null;
    };
    const brand = (name: string): Link | null => {
      const b = refs.brandsByName.get(name);
      return b ? { type: 'brand', id: b.id } : null;
    };
    const goods = (code: string): Link | null => {
      const id = refs.goodsByCode.get(code);
      return id === undefined ? null : { type: 'goods', id };
    };
    const article = (key: string): Link | null => {
      const id = articleIds.get(key);
      return id === undefined ? null : { type: 'article', id };
    };
    const ad = (image: string | undefined, title: string, link: Link | null): AdItem[] =>
      image && link ? [{ image, title, link }] : [];
    const categoryId = (path: string) => refs.categoriesByPath.get(path)?.id;
    const [a0, a1, a2, a3, side0, side1, strip, top, service] = art.ads;

    const floors: HomeBlock[] = [
      {
        title: '奶粉专区',
        subtitle: '澳洲原装 · 分段齐全',
        path: '母婴用品/奶粉',
        query: { orderByType: GoodsOrderByType.Sales },
      },
      { title: '保健精选', subtitle: '维生素 · 鱼油 · 益生菌', path: '保健品', query: {} },
      { title: '美妆个护', subtitle: '专柜正品 · 批次可查', path: '美妆个护', query: {} },
    ].flatMap(({ title, subtitle, path, query }) => {
      const id = categoryId(path);
      const link = cate(path);
      if (id === undefined || !link) return [];
      const image = refs.categoriesByPath.get(path)?.image;
      return [
        {
          tmpKey: 'goodsFloor' as const,
          title,
          subtitle,
          ...(image ? { image } : {}),
          link,
          query: { cateId: id, ...query },
          size: 8,
        },
      ];
    });

    const home: HomeBlock[] = [
      {
        tmpKey: 'swiperAd',
        items: [
          ...ad(a0, '澳洲直邮奶粉', cate('母婴用品/奶粉')),
          ...ad(a1, 'Blackmores 澳佳宝 健康周', brand('Blackmores')),
          ...ad(a2, 'UGG 冬季羊皮靴', goods(featured.boots)),
          ...ad(a3, '新西兰麦卢卡蜂蜜', cate('食品饮料/蜂蜜/麦卢卡蜂蜜')),
        ],
      },
      {
        tmpKey: 'swiperRightAd',
        items: [
          ...ad(side0, '会员等级与批发价', article('member-levels')),
          ...ad(side1, '澳元与人民币结算', article('currency')),
        ],
      },
      {
        tmpKey: 'BrandAd',
        title: '品牌馆',
        items: BRAND_WALL.flatMap((name) => {
          const b = refs.brandsByName.get(name);
          return b
            ? [{ brandId: b.id, name: b.name, logo: b.logo, link: { type: 'brand' as const, id: b.id } }]
            : [];
        }),
      },
      {
        tmpKey: 'warehouseEntry',
        title: '仓库直发',
        items: (Object.keys(Warehouse) as WarehouseCode[]).map((code, i) => ({
          warehouseId: Warehouse[code],
          name: warehouseName(Warehouse[code]),
          image: art.warehouses[i] ?? '',
          link: { type: 'warehouse' as const, id: Warehouse[code] },
        })),
      },
      {
        tmpKey: 'cateEntry',
        title: '热门分类',
        items: CATEGORY_ENTRY.flatMap((path) => {
          const node = refs.categoriesByPath.get(path);
          return node
            ? [{ name: node.name, image: node.image, link: { type: 'cate' as const, id: node.id } }]
            : [];
        }),
      },
      ...floors,
      { tmpKey: 'imageAd', items: ad(strip, '中国保税仓 极速发货', { type: 'warehouse', id: Warehouse.CN }) },
      {
        tmpKey: 'goodsFloor',
        title: '澳洲仓热卖',
        subtitle: '悉尼仓现货 · 1-2 个工作日发货',
        link: { type: 'warehouse', id: Warehouse.AU },
        query: { location: Warehouse.AU, orderByType: GoodsOrderByType.Sales },
        size: 8,
      },
      {
        tmpKey: 'goodsFloor',
        title: '新品上架',
        link: { type: 'url', url: '/products' },
        query: { orderByType: GoodsOrderByType.Newest },
        size: 8,
      },
    ];

    const basic: BasicContentTemplate = {
      basicInfo: { ...SITE },
      helps: SEED_ARTICLE_CATEGORIES.map((category) => [
        { title: category.name },
        ...category.articles.flatMap((a) => {
          const link = article(a.key);
          return link ? [{ title: a.title, link }] : [];
        }),
      ]),
      allWrap: ad(top, '澳洲订单满 $199 包邮', article('shipping-fee')),
      customerAd: ad(service, '联系客服', article('contact')),
      agreements: Object.fromEntries(
        (['terms', 'privacy'] as const).flatMap((key) => {
          const link = article(key);
          return link ? [[key, link]] : [];
        }),
      ),
    };
    basic.helps[basic.helps.length - 1]?.push({ title: '品牌大全', link: { type: 'url', url: '/brands' } });

    const shortcuts: GoodsSortTemplate['sortProducts'] = [
      { title: '奶粉', query: { cateId: categoryId('母婴用品/奶粉') } },
      { title: '鱼油', query: { cateId: categoryId('保健品/鱼油') } },
      { title: 'UGG', query: { brandId: refs.brandsByName.get('UGG Australia')?.id } },
      { title: '麦卢卡蜂蜜', query: { keyword: '麦卢卡' } },
      { title: '澳洲仓', query: { location: Warehouse.AU } },
      { title: '中国保税仓', query: { location: Warehouse.CN } },
      { title: '热销榜', query: { orderByType: GoodsOrderByType.Sales } },
      { title: '新品', query: { orderByType: GoodsOrderByType.Newest } },
    ].filter((s) => Object.values(s.query).every((v) => v !== undefined));

    const written = [
      await services.contentAdmin.putTemplate(TemplateName.home, home),
      await services.contentAdmin.putTemplate(TemplateName.basic, basic),
      await services.contentAdmin.putTemplate(TemplateName.goodsSort, { sortProducts: shortcuts }),
    ].filter(Boolean).length;
    if ((await services.bankAccounts.current()).items.length === 0)
      await services.bankAccounts.save({ items: DEMO_BANK_ACCOUNTS }, SYSTEM_ACTOR);
    // Without a CJK font the ads fall back to Latin copy; the seed's summary says so (apt-get install fonts-noto-cjk).
    const adCopy = art.chinese ? '' : ' (ads in Latin: no CJK font for SVG text, install fonts-noto-cjk)';
    return `${articlesCreated} articles in ${categoryNames.length} categories, ${written} templates written${adCopy}`;
  },
};
