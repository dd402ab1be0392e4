import { CheckoutPaths, type CheckoutSummary, Currency, PromotionMethod, ResultCode } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines, skus } from '../src/db/schema';
import {
  addToCart,
  type CheckoutTestApp,
  createCheckoutTestApp,
  expectTotalsAddUp,
  minor,
  newMember,
  summary,
} from './support/checkout-helpers';
import { envelope, post } from './support/test-app';

let c: CheckoutTestApp;
beforeAll(async () => {
  c = await createCheckoutTestApp();
});
afterAll(async () => {
  await c?.t.close();
});

const AUD_CN = { currency: 'AUD', locationCode: 'CN11010200' };

/** A member whose cart holds these lines, and their summary for `body`. */
async function cartSummary(lines: [number, number][], body: Record<string, unknown> = AUD_CN) {
  const m = await newMember(c.t);
  await addToCart(c.t, m.token, lines);
  return { ...m, s: await summary(c.t, m.token, body) };
}

/** Runs `fn` while a promotion is running, then ends it (promotions are shop-wide). */
async function withPromotion<T>(
  input: Parameters<CheckoutTestApp['t']['app']['services']['checkoutAdmin']['createPromotion']>[0],
  fn: (promotionId: number) => Promise<T>,
): Promise<T> {
  const row = await c.t.app.services.checkoutAdmin.createPromotion(input);
  try {
    return await fn(row.id);
  } finally {
    await c.t.app.services.checkoutAdmin.endPromotion(row.id);
  }
}

const pack = (s: CheckoutSummary, index: number) => {
  const p = s.packs.find((x) => x.index === index);
  if (!p) throw new Error(`no pack ${index}`);
  return p;
};
const feeOf = (s: CheckoutSummary, index: number, courierId: number) =>
  pack(s, index).couriers.find((x) => x.id === courierId)?.fee;

describe('summary: packs, couriers and fees', () => {
  it('makes one pack per warehouse in warehouse order, offers only public couriers and picks the cheapest', async () => {
    const { s } = await cartSummary([
      [c.sku.rice, 1],
      [c.sku.aptamil, 1],
    ]);
    expect(s.valid, s.notForSaleMsg).toBe(true);
    expect(s.packs.map((p) => [p.index, p.location])).toEqual([
      [0, 1],
      [1, 3],
    ]);
    const au = pack(s, 0);
    expect(au.weight).toBe(500);
    expect(au.couriers.map((x) => x.id)).toEqual([c.couriers.aup, c.couriers.sfx]);
    expect(au.couriers.every((x) => x.isPublic)).toBe(true);
    expect(feeOf(s, 0, c.couriers.aup)).toBe(10);
    expect(feeOf(s, 0, c.couriers.sfx)).toBe(8);
    expect(au.options.courierId).toBe(c.couriers.sfx);
    expect(au.shippingFee).toBe(8);
    expect(pack(s, 1).shippingFee).toBe(9);
    expect(s.otherPrice).toBe(17);
    expect(s.goodsPrice).toBe(52.4);
    expectTotalsAddUp(s);
  });

  it.each([
    // qty × 500 g: AUP 1000 g 10.00 + 3.00 per started 500 g (max 5000 g), SFX 500 g 8.00 + 5.00 per 500 g
    [1, 10, 8],
    [2, 10, 13],
    [3, 13, 18],
    [10, 34, 53],
    [11, null, 58],
  ])('%i units: AUP %s, SFX %s (block boundaries, maximum weight)', async (qty, aup, sfx) => {
    const { s } = await cartSummary([[c.sku.aptamil, qty]]);
    expect(feeOf(s, 0, c.couriers.aup)).toBe(aup);
    expect(feeOf(s, 0, c.couriers.sfx)).toBe(sfx);
    const over = pack(s, 0).couriers.find((x) => x.id === c.couriers.aup);
    expect(over?.unavailableReason !== '').toBe(aup === null);
    const cheapest = Math.min(...[aup, sfx].filter((x): x is number => x !== null));
    expect(pack(s, 0).shippingFee).toBe(cheapest);
  });

  it('uses the courier chosen for a pack by its index, and the cheapest when the choice cannot take it', async () => {
    const m = await newMember(c.t);
    await addToCart(c.t, m.token, [
      [c.sku.aptamil, 1],
      [c.sku.rice, 1],
    ]);
    const chosen = await summary(c.t, m.token, {
      ...AUD_CN,
      packs: [{ index: 0, courierId: c.couriers.aup, packId: 77 }],
    });
    expect(pack(chosen, 0).options.courierId).toBe(c.couriers.aup);
    expect(pack(chosen, 0).packId).toBe(77);
    expect(pack(chosen, 0).shippingFee).toBe(10);
    expect(chosen.otherPrice).toBe(19);
    const priv = await summary(c.t, m.token, {
      ...AUD_CN,
      packs: [{ index: 0, courierId: c.couriers.priv }],
    });
    expect(pack(priv, 0).options.courierId).toBe(c.couriers.sfx);
    expectTotalsAddUp(chosen);
  });

  it('pickup: no couriers, no shipping and no tax', async () => {
    const { s } = await cartSummary([[c.sku.aptamil, 2]], { currency: 'AUD', locationCode: 'Pickup' });
    expect(s.valid).toBe(true);
    expect(s.isPickup).toBe(true);
    expect(pack(s, 0).couriers).toEqual([]);
    expect(s.otherPrice).toBe(0);
    expect(s.taxPrice).toBe(0);
    expect(s.totalPrice).toBe(91.8);
  });

  it('a pack whose warehouse no courier serves makes the summary not valid, but it still comes back', async () => {
    // NZ has an AUD rule only.
    const { s } = await cartSummary([[c.sku.rice, 1]], { currency: 'CNY', locationCode: '200040' });
    expect(s.valid).toBe(false);
    expect(s.notForSaleMsg).toContain('暂无可用快递');
    expect(s.items).toHaveLength(1);
    expect(pack(s, 0).options.courierId).toBeNull();
  });
});

describe('summary: cross-border tax', () => {
  it.each([
    ['200040', 4.18], // 9.1% of 45.90 = 4.1769
    ['CN11010200', 4.18],
    ['2000', 0],
    ['Pickup', 0],
  ])('AU pack to %s pays %s', async (locationCode, tax) => {
    const { s } = await cartSummary([[c.sku.aptamil, 1]], { currency: 'AUD', locationCode });
    expect(s.taxPrice).toBe(tax);
    expect(s.allOtherPrice).toBe(Number((s.otherPrice + tax).toFixed(2)));
    expectTotalsAddUp(s);
  });

  it('the CN-warehouse pack pays no tax, the NZ pack does', async () => {
    await c.t.database.db.update(skus).set({ stock: 5 }).where(eq(skus.id, c.sku.swisseNoStock));
    const { s } = await cartSummary(
      [
        [c.sku.swisseNoStock, 1],
        [c.sku.rice, 1],
      ],
      { currency: 'CNY', locationCode: '200040' },
    );
    expect(s.packs.map((p) => p.location)).toEqual([2, 3]);
    // 9.1% of CNY 32.00 = 2.912
    expect(s.taxPrice).toBe(2.91);
    expectTotalsAddUp(s);
  });
});

describe('summary: currencies and validity', () => {
  it('paying AUD with a CNY-only line is not valid and names it', async () => {
    const { s } = await cartSummary([
      [c.sku.aptamil, 1],
      [c.sku.fishOil200, 1],
    ]);
    expect(s.valid).toBe(false);
    // Said once, naming the line.
    expect(s.notForSaleMsg.match(/不支持澳币支付/g)).toHaveLength(1);
    expect(s.notForSaleMsg).toContain('200粒');
    expect(s.notPayableInAud).toEqual([expect.stringContaining('200粒')]);
    // The line is left out: never shown at $0.00, weighed into no pack, and adds no freight (ADR 013).
    expect(s.items.map((i) => i.skuId)).toEqual([c.sku.aptamil]);
    expect(s.items.every((i) => i.price > 0)).toBe(true);
    expect(s.packs.flatMap((p) => p.items.map((i) => i.skuId))).toEqual([c.sku.aptamil]);
    const alone = (await cartSummary([[c.sku.aptamil, 1]])).s;
    expect(s.packs.map((p) => p.location)).toEqual(alone.packs.map((p) => p.location));
    expect(s.otherPrice).toBe(alone.otherPrice);
    expect(s.totalPrice).toBe(alone.totalPrice);
    expectTotalsAddUp(s);
  });

  it('paying AUD with only CNY-only lines: not valid, no pack, nothing to pay', async () => {
    const { s } = await cartSummary([[c.sku.fishOil200, 1]]);
    expect(s.valid).toBe(false);
    expect(s.items).toEqual([]);
    expect(s.packs).toEqual([]);
    expect(s.otherPrice).toBe(0);
    expect(s.totalPrice).toBe(0);
    expect(s.notForSaleMsg).toBe(`以下商品不支持澳币支付，请重新选择：${s.notPayableInAud[0]}`);
  });

  it('paying CNY converts an AUD-only price at the stored rate and keeps CNY prices', async () => {
    const { s } = await cartSummary(
      [
        [c.sku.fishOil400, 1],
        [c.sku.aptamil, 1],
      ],
      { currency: 'CNY', locationCode: '2000' },
    );
    expect(s.currency).toBe('CNY');
    expect(s.rate).toBe('4.7000');
    const price = (skuId: number) => s.items.find((i) => i.skuId === skuId)?.price;
    expect(price(c.sku.fishOil400)).toBe(164.5);
    expect(price(c.sku.aptamil)).toBe(229);
    expect(s.goodsPrice).toBe(393.5);
    expectTotalsAddUp(s);
  });

  it('nothing selected is not valid', async () => {
    const m = await newMember(c.t);
    const s = await summary(c.t, m.token, AUD_CN);
    expect(s.valid).toBe(false);
    expect(s.notForSaleMsg).toBe('请先选择要结算的商品');
    const m2 = await newMember(c.t);
    await addToCart(c.t, m2.token, [[c.sku.aptamil, 1]]);
    await c.t.database.db
      .update(cartLines)
      .set({ selected: false })
      .where(eq(cartLines.memberId, m2.memberId));
    expect((await summary(c.t, m2.token, AUD_CN)).notForSaleMsg).toBe('请先选择要结算的商品');
  });

  it('an off-shelf line and a ByStock line over its stock are named', async () => {
    const m = await newMember(c.t);
    await addToCart(c.t, m.token, [[c.sku.fishOil400, 5]]);
    await c.t.database.db
      .insert(cartLines)
      .values({ memberId: m.memberId, skuId: c.sku.offShelf, qty: 1, selected: true });
    await c.t.database.db.update(skus).set({ stock: 3 }).where(eq(skus.id, c.sku.fishOil400));
    try {
      const s = await summary(c.t, m.token, { currency: 'CNY', locationCode: '2000' });
      expect(s.valid).toBe(false);
      expect(s.notForSaleMsg).toContain('商品已下架');
      expect(s.notForSaleMsg).toContain('库存不足');
    } finally {
      await c.t.database.db.update(skus).set({ stock: 10 }).where(eq(skus.id, c.sku.fishOil400));
    }
  });

  it('needs login and a valid body', async () => {
    const res = await post(c.t.app, CheckoutPaths.summary, AUD_CN);
    expect(res.statusCode).toBe(401);
    expect(envelope(res).resultCode).toBe(ResultCode.InvalidToken);
    const m = await newMember(c.t);
    const bad = await post(c.t.app, CheckoutPaths.summary, { currency: 'USD', locationCode: 'x' }, m.token);
    expect(bad.statusCode).toBe(400);
    expect(envelope(bad).success).toBe(false);
  });
});

describe('summary: promotions by method', () => {
  it('AmountOfReduction takes the reduction once the threshold is met', async () => {
    await withPromotion(
      {
        name: '满200减20',
        method: PromotionMethod.AmountOfReduction,
        currency: Currency.CNY,
        threshold: '200.00',
        reduce: '20.00',
      },
      async (id) => {
        const { s } = await cartSummary([[c.sku.aptamil, 1]], { currency: 'CNY', locationCode: '2000' });
        expect(s.promotionsSum).toBe(20);
        expect(s.promotions.find((p) => p.id === id)).toMatchObject({
          applies: true,
          amount: 20,
          promotionsMehtod: 0,
        });
        expectTotalsAddUp(s);
        const below = await cartSummary([[c.sku.rice, 1]], { currency: 'CNY', locationCode: 'Pickup' });
        expect(below.s.promotionsSum).toBe(0);
        // An AUD summary does not see a CNY promotion.
        const aud = await cartSummary([[c.sku.aptamil, 5]]);
        expect(aud.s.promotions.map((p) => p.id)).not.toContain(id);
      },
    );
  });

  it('Discount takes the percent off the eligible SKUs only', async () => {
    await withPromotion(
      {
        name: '九折',
        method: PromotionMethod.Discount,
        currency: Currency.AUD,
        discountPercent: 90,
        skuIds: [c.sku.aptamil],
      },
      async () => {
        const { s } = await cartSummary([
          [c.sku.aptamil, 1],
          [c.sku.rice, 1],
        ]);
        expect(s.promotionsSum).toBe(4.59);
        expectTotalsAddUp(s);
      },
    );
  });

  it('BuyDiscountAgain discounts every second unit', async () => {
    await withPromotion(
      {
        name: '第二件半价',
        method: PromotionMethod.BuyDiscountAgain,
        currency: Currency.AUD,
        discountPercent: 50,
        skuIds: [c.sku.aptamil],
      },
      async () => {
        const { s } = await cartSummary([[c.sku.aptamil, 3]]);
        expect(s.promotionsSum).toBe(22.95);
        expectTotalsAddUp(s);
      },
    );
  });

  it('AndBuyDiscount discounts the pair SKU bought together with an eligible one', async () => {
    await withPromotion(
      {
        name: '搭配8折',
        method: PromotionMethod.AndBuyDiscount,
        currency: Currency.AUD,
        discountPercent: 80,
        skuIds: [c.sku.aptamil],
        pairSkuIds: [c.sku.rice],
      },
      async () => {
        const both = await cartSummary([
          [c.sku.aptamil, 1],
          [c.sku.rice, 2],
        ]);
        expect(both.s.promotionsSum).toBe(2.6);
        expectTotalsAddUp(both.s);
        const alone = await cartSummary([[c.sku.rice, 2]]);
        expect(alone.s.promotionsSum).toBe(0);
      },
    );
  });

  it('OnTheHouse adds the chosen gift SKU at 0 when the threshold is met and the choice is valid', async () => {
    await withPromotion(
      {
        name: '满200送米粉',
        method: PromotionMethod.OnTheHouse,
        currency: Currency.CNY,
        threshold: '200.00',
        giftGoodsId: c.fixture.goods.riceCereal.id,
      },
      async (id) => {
        const body = {
          currency: 'CNY',
          locationCode: 'CN11010200',
          gifts: [{ promotionId: id, skuId: c.sku.rice }],
        };
        const { s } = await cartSummary([[c.sku.aptamil, 1]], body);
        const gift = s.items.find((i) => i.isGift);
        expect(gift).toMatchObject({ skuId: c.sku.rice, price: 0, qty: 1, promotionId: id, location: 3 });
        expect(s.goodsPrice).toBe(229);
        expect(s.promotionsSum).toBe(0);
        const promotion = s.promotions.find((p) => p.id === id);
        expect(promotion).toMatchObject({ applies: true, chosenSkuId: c.sku.rice });
        expect(promotion?.goodsSku?.goodsId).toBe(c.fixture.goods.riceCereal.id);
        // The gift ships from its own warehouse (NZ): CNY has no NZ courier here, so the summary says so.
        expect(s.packs.map((p) => p.location)).toEqual([1, 3]);
        expectTotalsAddUp(s);

        const wrongSku = await cartSummary([[c.sku.aptamil, 1]], {
          ...body,
          gifts: [{ promotionId: id, skuId: c.sku.aptamil }],
        });
        expect(wrongSku.s.items.some((i) => i.isGift)).toBe(false);
        const below = await cartSummary([[c.sku.rice, 1]], body);
        expect(below.s.items.some((i) => i.isGift)).toBe(false);
        expect(below.s.promotions.find((p) => p.id === id)?.applies).toBe(false);
      },
    );
  });
});

describe('promotion calls', () => {
  it('promotionsList, giftDetail and giftCheck answer visitors and members', async () => {
    await withPromotion(
      {
        name: '满300送鱼油',
        method: PromotionMethod.OnTheHouse,
        currency: Currency.CNY,
        threshold: '300.00',
        giftGoodsId: c.fixture.goods.fishOilGoods.id,
      },
      async (id) => {
        const list = envelope<{
          list: { id: number; weight: number; skus: { id: number; audPrice: number | null }[] }[];
        }>(await post(c.t.app, CheckoutPaths.promotionsList, {}));
        expect(list.success).toBe(true);
        expect(list.data.list.map((p) => p.id)).toEqual([c.fixture.goods.fishOilGoods.id]);
        expect(list.data.list[0]?.skus).toHaveLength(2);
        expect(list.data.list[0]?.weight).toBe(500);
        expect(list.data.list[0]?.skus[0]?.audPrice).toBe(35);
        // A level-38 member sees their price.
        const member = envelope<{ list: { skus: { audPrice: number | null }[] }[] }>(
          await post(c.t.app, CheckoutPaths.promotionsList, { id }, c.wholesaleToken),
        );
        expect(member.data.list[0]?.skus[0]?.audPrice).toBe(31);
        const byGoods = envelope<{ list: unknown[] }>(
          await post(c.t.app, CheckoutPaths.promotionsList, { goodsId: c.fixture.goods.aptamilGold.id }),
        );
        expect(byGoods.data.list).toEqual([]);
        const bad = await post(c.t.app, CheckoutPaths.promotionsList, { id: 'x' });
        expect(bad.statusCode).toBe(400);

        const detail = envelope<{ id: number; skus: unknown[] }>(
          await post(c.t.app, CheckoutPaths.giftDetail, { goodsId: c.fixture.goods.fishOilGoods.id }),
        );
        expect(detail.data.id).toBe(c.fixture.goods.fishOilGoods.id);
        expect(detail.data.skus).toHaveLength(2);
        const missing = await post(c.t.app, CheckoutPaths.giftDetail, { goodsId: 999_999 });
        expect(missing.statusCode).toBe(404);
        expect(envelope(missing).message).toBe('商品不存在');

        const check = async (skuId: number) =>
          envelope<{ success: boolean; message: string }>(
            await post(c.t.app, CheckoutPaths.giftCheck, { promotionId: id, skuId }),
          ).data;
        expect((await check(c.sku.fishOil400)).success).toBe(true);
        expect(await check(c.sku.aptamil)).toEqual({ success: false, message: '该商品不是此活动的赠品' });
        expect((await check(999_999)).success).toBe(false);
        const unknown = await post(c.t.app, CheckoutPaths.giftCheck, {
          promotionId: 999_999,
          skuId: c.sku.fishOil400,
        });
        expect(envelope<{ success: boolean }>(unknown).data.success).toBe(false);
        const badCheck = await post(c.t.app, CheckoutPaths.giftCheck, { promotionId: id });
        expect(badCheck.statusCode).toBe(400);
      },
    );
  });

  it('an ended promotion offers no gift', async () => {
    const row = await c.t.app.services.checkoutAdmin.createPromotion({
      name: '已结束',
      method: PromotionMethod.OnTheHouse,
      currency: Currency.CNY,
      giftGoodsId: c.fixture.goods.fishOilGoods.id,
    });
    await c.t.app.services.checkoutAdmin.endPromotion(row.id);
    const res = envelope<{ success: boolean; message: string }>(
      await post(c.t.app, CheckoutPaths.giftCheck, { promotionId: row.id, skuId: c.sku.fishOil400 }),
    );
    expect(res.data).toEqual({ success: false, message: '促销活动不存在或已结束' });
    expect(minor(0)).toBe(0);
  });
});
