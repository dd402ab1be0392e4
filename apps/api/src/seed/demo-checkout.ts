import {
  Currency,
  DEFAULT_MEMBER_LEVEL,
  formatAmount,
  type GoodsListItem,
  goodsListRequestSchema,
  isSkuPurchasable,
  PromotionMethod,
  roundHalfUp,
  type WarehouseCode,
} from '@shop/domain';
import type { CourierInput } from '../modules/checkout';
import type { Services } from '../services';
import type { SeedStep } from './seed';

/**
 * Demo couriers and promotions (spec §3 'Pack' couriers, §4 'Promotion methods'): three public couriers and
 * one private transfer line, each with a fee rule from every warehouse in both currencies, and five running
 * promotions over the demo catalogue, one of each method. Idempotent: a shop that has couriers or promotions
 * keeps them.
 */

interface DemoCourier extends CourierInput {
  /** AUD fees in cents from the AU warehouse: first block, extra block; grams. */
  firstWeight: number;
  firstFee: number;
  extraWeight: number;
  extraFee: number;
  maxWeight: number | null;
}

const DEMO_COURIERS: DemoCourier[] = [
  {
    code: 'AUPOST',
    name: '澳邮 AusPost',
    isPublic: true,
    estimatedDays: '7-12个工作日',
    sort: 1,
    firstWeight: 1000,
    firstFee: 900,
    extraWeight: 500,
    extraFee: 350,
    maxWeight: 20_000,
  },
  {
    code: 'SF',
    name: '顺丰速运',
    isPublic: true,
    estimatedDays: '3-6个工作日',
    sort: 2,
    firstWeight: 500,
    firstFee: 1200,
    extraWeight: 500,
    extraFee: 400,
    maxWeight: 30_000,
  },
  {
    code: 'ZTO',
    name: '中通国际',
    isPublic: true,
    estimatedDays: '6-10个工作日',
    sort: 3,
    firstWeight: 1000,
    firstFee: 750,
    extraWeight: 1000,
    extraFee: 500,
    maxWeight: 30_000,
  },
  {
    code: 'TRANSFER',
    name: '仓库调拨专线',
    isPublic: false,
    estimatedDays: '按调拨计划',
    sort: 9,
    firstWeight: 1000,
    firstFee: 500,
    extraWeight: 1000,
    extraFee: 200,
    maxWeight: null,
  },
];

/** Fee of each warehouse relative to the AU warehouse's, percent (the CN warehouse ships domestically). */
const WAREHOUSE_FEE_PERCENT: Record<WarehouseCode, number> = {
  AU: 100,
  CN: 30,
  NZ: 110,
  US: 150,
  HK: 60,
  KR: 110,
  EU: 150,
  JP: 120,
  Mix: 120,
};

/** CNY fees are the AUD fees at about 4.8, in whole yuan. */
const cnyFee = (audCents: number) => roundHalfUp(audCents * 48, 1000) * 100;

async function seedCouriers(services: Services): Promise<string> {
  if ((await services.checkoutAdmin.countCouriers()) > 0) return 'couriers exist';
  let rules = 0;
  for (const courier of DEMO_COURIERS) {
    await services.checkoutAdmin.addCourier(courier);
    for (const [warehouse, percent] of Object.entries(WAREHOUSE_FEE_PERCENT) as [WarehouseCode, number][]) {
      const first = roundHalfUp(courier.firstFee * percent, 100);
      const extra = roundHalfUp(courier.extraFee * percent, 100);
      for (const currency of [Currency.AUD, Currency.CNY]) {
        await services.checkoutAdmin.setRule({
          code: courier.code,
          warehouse,
          currency,
          firstWeight: courier.firstWeight,
          firstFee: formatAmount(currency === Currency.AUD ? first : cnyFee(first)),
          extraWeight: courier.extraWeight,
          extraFee: formatAmount(currency === Currency.AUD ? extra : cnyFee(extra)),
          maxWeight: courier.maxWeight,
        });
        rules += 1;
      }
    }
  }
  return `${DEMO_COURIERS.length} couriers, ${rules} fee rules`;
}

/** Every goods on the shelf, best sellers first, with SKUs at the default level. */
export async function demoGoods(services: Services): Promise<GoodsListItem[]> {
  const all: GoodsListItem[] = [];
  for (let pageNo = 1; pageNo <= 10; pageNo += 1) {
    const page = await services.catalogue.listGoods(
      goodsListRequestSchema.parse({ pageNo, pageSize: 100, orderByType: 'Sales' }),
      DEFAULT_MEMBER_LEVEL,
    );
    all.push(...page.items);
    if (all.length >= page.totalCount || page.items.length === 0) break;
  }
  return all;
}

async function seedPromotions(services: Services): Promise<string> {
  if ((await services.checkoutAdmin.countPromotions()) > 0) return 'promotions exist';
  const goods = await demoGoods(services);
  if (goods.length < 6) return 'too few goods for promotions';
  const sellable = (g: GoodsListItem) => g.skus.filter((s) => isSkuPurchasable(s));
  const withAud = (g: GoodsListItem) => sellable(g).filter((s) => s.audPrice !== null);

  // The gift: a light product whose 2-3 SKUs can all be had.
  const gift = goods
    .filter((g) => g.skus.length >= 2 && g.skus.length <= 3 && sellable(g).length === g.skus.length)
    .sort((a, b) => (a.skus[0]?.weight ?? 0) - (b.skus[0]?.weight ?? 0))[0];
  // The brand with the most AUD-priced SKUs gets the discount.
  const audSkusByBrand = new Map<string, number[]>();
  for (const g of goods) {
    if (!g.brandName) continue;
    audSkusByBrand.set(g.brandName, [
      ...(audSkusByBrand.get(g.brandName) ?? []),
      ...withAud(g).map((s) => s.id),
    ]);
  }
  const [brand, brandSkus] = [...audSkusByBrand].sort((a, b) => b[1].length - a[1].length)[0] ?? ['', []];
  const bestSellers = goods.slice(0, 8).flatMap((g) => sellable(g).map((s) => s.id));
  const audGoods = goods.filter((g) => withAud(g).length > 0);
  const mainGoods = audGoods[0];
  const pairSkus = audGoods.slice(1, 4).flatMap((g) => withAud(g).map((s) => s.id));

  const created: string[] = [];
  const create = async (input: Parameters<Services['checkoutAdmin']['createPromotion']>[0]) => {
    await services.checkoutAdmin.createPromotion(input);
    created.push(input.name);
  };
  await create({
    name: '满500减30',
    method: PromotionMethod.AmountOfReduction,
    currency: Currency.CNY,
    threshold: '500.00',
    reduce: '30.00',
  });
  if (brandSkus.length > 0) {
    await create({
      name: `${brand}品牌95折`.slice(0, 100),
      method: PromotionMethod.Discount,
      currency: Currency.AUD,
      discountPercent: 95,
      skuIds: brandSkus,
    });
  }
  if (gift) {
    await create({
      name: `满300送${gift.name}`.slice(0, 100),
      method: PromotionMethod.OnTheHouse,
      currency: Currency.CNY,
      threshold: '300.00',
      giftGoodsId: gift.id,
    });
  }
  await create({
    name: '热销商品第二件半价',
    method: PromotionMethod.BuyDiscountAgain,
    currency: Currency.CNY,
    discountPercent: 50,
    skuIds: bestSellers,
  });
  if (mainGoods && pairSkus.length > 0) {
    await create({
      name: `买${mainGoods.name}搭配享8折`.slice(0, 100),
      method: PromotionMethod.AndBuyDiscount,
      currency: Currency.AUD,
      discountPercent: 80,
      skuIds: withAud(mainGoods).map((s) => s.id),
      pairSkuIds: pairSkus,
    });
  }
  return `${created.length} promotions`;
}

export const demoCheckoutSeed: SeedStep = {
  name: 'demo-checkout',
  async run(services) {
    return `${await seedCouriers(services)}; ${await seedPromotions(services)}`;
  },
};
