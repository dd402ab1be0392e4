import {
  AdminPaths,
  type AdminPromotion,
  type AdminPromotionListResponse,
  AdminPromotionPaths,
  type AdminPromotionSkusResponse,
  type AuditListResponse,
  PromotionMethod,
  type StaffRole,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectConsoleGuard } from './support/admin-access';
import {
  addToCart,
  type CheckoutTestApp,
  createCheckoutTestApp,
  newMember,
  summary,
} from './support/checkout-helpers';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post } from './support/test-app';

let c: CheckoutTestApp;
const staff = {} as Record<'owner' | 'finance', StaffLogin>;

beforeAll(async () => {
  c = await createCheckoutTestApp();
  for (const role of ['owner', 'finance'] as const) staff[role] = await staffToken(c.t, role);
});
afterAll(async () => {
  await c?.t.close();
});

type Role = keyof typeof staff;
const call = async <T>(path: string, body: unknown, role: Role = 'finance') =>
  envelope<T>(await post(c.t.app, path, body, staff[role].token));
async function okData<T>(path: string, body: unknown, role: Role = 'finance'): Promise<T> {
  const res = await call<T>(path, body, role);
  expect(res.success, res.message).toBe(true);
  return res.data;
}
const save = (body: Record<string, unknown>, role: Role = 'finance') =>
  call<AdminPromotion>(AdminPromotionPaths.save, body, role);
const stop = (id: number) => okData<AdminPromotion>(AdminPromotionPaths.active, { id, active: false });

describe('who may change promotions', () => {
  const body = { name: '满100减10', method: 0, currency: 'CNY', threshold: '100', reduce: '10' };
  const calls: { path: string; body: unknown; denied: StaffRole; badBody: unknown; badMessage: RegExp }[] = [
    {
      path: AdminPromotionPaths.list,
      body: {},
      denied: 'content',
      badBody: { state: 'soon' },
      badMessage: /状态不正确/,
    },
    {
      path: AdminPromotionPaths.save,
      body,
      denied: 'warehouse',
      badBody: { ...body, reduce: '10.001' },
      badMessage: /减免金额须为最多两位小数的金额/,
    },
    {
      path: AdminPromotionPaths.active,
      body: { id: 999999, active: false },
      denied: 'service',
      badBody: { id: 1 },
      badMessage: /请指定启用或停用/,
    },
    {
      path: AdminPromotionPaths.skus,
      body: {},
      denied: 'content',
      badBody: { keyword: 'x'.repeat(65) },
      badMessage: /64/,
    },
  ];
  it.each(calls)('$path: no token, a member, a role without settings.money, bad input', async (x) => {
    await expectConsoleGuard(c.t, x.path, { ...x, allowed: 'finance' });
  });
});

describe('promotions in the console', () => {
  it('finds SKUs to pick by goods name or code, and names picked ones by id', async () => {
    const found = await okData<AdminPromotionSkusResponse>(AdminPromotionPaths.skus, { keyword: '鱼油' });
    expect(found.items.map((s) => s.skuCode)).toEqual(['S-BLK-1-400', 'S-BLK-1-200']);
    expect(found.items[0]).toMatchObject({
      goodsName: 'Blackmores 深海鱼油 1000mg',
      spec: '400粒 / 单瓶',
      warehouseName: '澳大利亚仓',
    });
    const byId = await okData<AdminPromotionSkusResponse>(AdminPromotionPaths.skus, { ids: [c.sku.aptamil] });
    expect(byId.items.map((s) => s.skuId)).toEqual([c.sku.aptamil]);
  });

  it('creates a 满减 that the next checkout summary applies, then stops it; every change audited', async () => {
    const created = await save({
      name: '满200减20',
      method: PromotionMethod.AmountOfReduction,
      currency: 'CNY',
      threshold: '200',
      reduce: '20.00',
      skuIds: [c.sku.aptamil],
    });
    expect(created.success, created.message).toBe(true);
    const p = created.data;
    expect(p).toMatchObject({
      methodLabel: '满减',
      threshold: '200.00',
      reduce: '20.00',
      state: 'running',
      gift: null,
    });
    expect(p.skus.map((s) => s.skuId)).toEqual([c.sku.aptamil]);

    const m = await newMember(c.t);
    await addToCart(c.t, m.token, [[c.sku.aptamil, 1]]);
    const applied = await summary(c.t, m.token, { currency: 'CNY', locationCode: '2000' });
    expect(applied.promotions.find((x) => x.id === p.id)).toMatchObject({ applies: true, amount: 20 });

    const stopped = await stop(p.id);
    expect(stopped.state).toBe('stopped');
    const after = await summary(c.t, m.token, { currency: 'CNY', locationCode: '2000' });
    expect(after.promotions.map((x) => x.id)).not.toContain(p.id);
    const again = await call(AdminPromotionPaths.active, { id: p.id, active: false });
    expect(again.message).toBe('促销原已停用');

    const audit = await okData<AuditListResponse>(
      AdminPaths.auditList,
      { objectType: 'promotion', objectId: String(p.id) },
      'owner',
    );
    expect(audit.items.map((i) => i.action)).toEqual(['promotion.stop', 'promotion.create']);
    expect(audit.items[1]).toMatchObject({
      actor: staff.finance.username,
      after: { reduce: 2000, threshold: 20000 },
    });
  });

  it('takes every method with its own parameters and refuses what a method does not use', async () => {
    const base = { currency: 'AUD', skuIds: [c.sku.aptamil] };
    const made: AdminPromotion[] = [];
    for (const body of [
      { ...base, name: '九折', method: PromotionMethod.Discount, discountPercent: 90 },
      {
        ...base,
        name: '满50送',
        method: PromotionMethod.OnTheHouse,
        threshold: '50',
        giftGoodsId: c.fixture.goods.riceCereal.id,
      },
      { ...base, name: '第二件八折', method: PromotionMethod.BuyDiscountAgain, discountPercent: 80 },
      {
        ...base,
        name: '搭配鱼油',
        method: PromotionMethod.AndBuyDiscount,
        discountPercent: 85,
        pairSkuIds: [c.sku.fishOil400],
      },
    ]) {
      const res = await save(body);
      expect(res.success, `${body.name}: ${res.message}`).toBe(true);
      made.push(res.data);
    }
    expect(made.map((p) => p.methodLabel)).toEqual(['折扣', '赠品', '再买优惠', '搭配优惠']);
    expect(made[1]?.gift).toEqual({ goodsId: c.fixture.goods.riceCereal.id, goodsName: '有机婴儿米粉' });
    expect(made[3]?.pairSkus.map((s) => s.skuCode)).toEqual(['S-BLK-1-400']);

    const refused: [Record<string, unknown>, string | RegExp][] = [
      [{ ...base, name: 'x', method: PromotionMethod.AmountOfReduction }, '满减须设置大于0的减免金额'],
      [{ ...base, name: 'x', method: PromotionMethod.Discount }, /折扣须为 1-99 的整数/],
      [
        { ...base, name: 'x', method: PromotionMethod.AndBuyDiscount, discountPercent: 90 },
        /搭配优惠须设置搭配 SKU/,
      ],
      [{ ...base, name: 'x', method: PromotionMethod.OnTheHouse }, /满赠须设置赠品商品/],
      [
        { ...base, name: 'x', method: PromotionMethod.Discount, discountPercent: 90, giftGoodsId: 1 },
        '只有满赠可设置赠品商品',
      ],
      [
        { ...base, name: 'x', method: PromotionMethod.Discount, discountPercent: 90, skuIds: [999999] },
        'SKU 不存在：999999',
      ],
      [{ ...base, name: 'x', method: PromotionMethod.OnTheHouse, giftGoodsId: 999999 }, '赠品商品不存在'],
      [
        {
          ...base,
          name: 'x',
          method: PromotionMethod.Discount,
          discountPercent: 90,
          startsAt: '2026-12-02T00:00:00+08:00',
          endsAt: '2026-12-01T00:00:00+08:00',
        },
        '结束时间须晚于开始时间',
      ],
      [
        { ...base, name: 'x', method: PromotionMethod.Discount, discountPercent: 90, startsAt: '明天' },
        /^开始时间：开始时间须为带时区的时间/,
      ],
    ];
    for (const [body, message] of refused) {
      const res = await save(body);
      expect(res.success, String(body.name)).toBe(false);
      if (typeof message === 'string') expect(res.message).toBe(message);
      else expect(res.message).toMatch(message);
    }
    for (const p of made) await stop(p.id);
  });

  it('changes a promotion, lists by state and method, and answers a missing one', async () => {
    const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const created = await save({
      name: '下周九五折',
      method: PromotionMethod.Discount,
      currency: 'CNY',
      discountPercent: 95,
      startsAt: future,
    });
    expect(created.data.state).toBe('scheduled');
    const changed = await save(
      {
        id: created.data.id,
        name: '今天九五折',
        method: PromotionMethod.Discount,
        currency: 'CNY',
        discountPercent: 95,
      },
      'owner',
    );
    expect(changed.data).toMatchObject({ name: '今天九五折', state: 'running', startsAt: null });
    const running = await okData<AdminPromotionListResponse>(AdminPromotionPaths.list, { state: 'running' });
    expect(running.items.map((p) => p.id)).toContain(created.data.id);
    expect(running.items.every((p) => p.state === 'running')).toBe(true);
    const discounts = await okData<AdminPromotionListResponse>(AdminPromotionPaths.list, {
      method: PromotionMethod.Discount,
    });
    expect(discounts.items.every((p) => p.method === PromotionMethod.Discount)).toBe(true);
    const stopped = await okData<AdminPromotionListResponse>(AdminPromotionPaths.list, {
      state: 'stopped',
      pageSize: 100,
    });
    expect(stopped.items.length).toBeGreaterThanOrEqual(5);
    expect(stopped.items.every((p) => p.state === 'stopped')).toBe(true);
    const audit = await okData<AuditListResponse>(
      AdminPaths.auditList,
      { action: 'promotion.update', objectId: String(created.data.id) },
      'owner',
    );
    expect(audit.items[0]).toMatchObject({
      actor: staff.owner.username,
      before: { name: '下周九五折' },
      after: { name: '今天九五折' },
    });
    expect(
      (await save({ id: 999999, name: 'x', method: 1, currency: 'CNY', discountPercent: 90 })).message,
    ).toBe('促销 999999 不存在');
    await stop(created.data.id);
  });
});
