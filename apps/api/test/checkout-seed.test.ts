import { CheckoutPaths, type CheckoutSummary, PromotionMethod } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeed } from '../src/seed/seed';
import { addToCart } from './support/checkout-helpers';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('demo checkout seed', () => {
  it('adds couriers with a rule for every warehouse in both currencies and one promotion of each method', async () => {
    const couriers = await t.app.services.checkoutAdmin.listCouriers();
    expect(couriers.map((c) => c.code)).toEqual(['AUPOST', 'SF', 'ZTO', 'TRANSFER']);
    expect(couriers.filter((c) => !c.isPublic).map((c) => c.code)).toEqual(['TRANSFER']);
    for (const c of couriers) expect(c.rules).toHaveLength(18);
    const promotions = await t.app.services.checkoutAdmin.listPromotions();
    expect(promotions.map((p) => p.method).sort()).toEqual([0, 1, 2, 3, 4]);
    const gift = promotions.find((p) => p.method === PromotionMethod.OnTheHouse);
    expect(gift?.giftGoodsId).not.toBeNull();

    await runSeed(t.deps, { info: () => {} });
    expect(await t.app.services.checkoutAdmin.countCouriers()).toBe(4);
    expect(await t.app.services.checkoutAdmin.countPromotions()).toBe(5);
  });

  it('the demo member can check out demo goods with a courier per pack', async () => {
    const { token } = await t.app.services.member.login(
      { username: 'demo', password: 'demo1234' },
      '10.8.0.1',
    );
    const list = await post(t.app, '/api/goodsService/goods/list/', { pageSize: 40 });
    const items = envelope<{ items: { skus: { id: number; status: number; stock: number }[] }[] }>(list).data
      .items;
    const skuIds = items
      .flatMap((g) => g.skus.filter((s) => s.status === 4 || s.status === 3).slice(0, 1))
      .slice(0, 4)
      .map((s) => s.id);
    await addToCart(
      t,
      token,
      skuIds.map((id) => [id, 1] as [number, number]),
    );
    const res = envelope<CheckoutSummary>(
      await post(t.app, CheckoutPaths.summary, { currency: 'CNY', locationCode: 'CN11010200' }, token),
    );
    expect(res.success, res.message).toBe(true);
    expect(res.data.valid, res.data.notForSaleMsg).toBe(true);
    for (const pack of res.data.packs) {
      expect(pack.couriers.length).toBe(3);
      expect(pack.options.courierId).not.toBeNull();
    }
  });
});
