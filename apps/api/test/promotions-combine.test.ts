import {
  type AdminPromotion,
  AdminPromotionPaths,
  CheckoutPaths,
  Currency,
  PromotionMethod,
  type RunningPromotionsResponse,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, promotions } from '../src/db/schema';
import {
  addToCart,
  type CheckoutTestApp,
  createCheckoutTestApp,
  expectTotalsAddUp,
  minor,
  newMember,
  orderForPickup,
  summary,
} from './support/checkout-helpers';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post } from './support/test-app';

/**
 * How promotions combine (ADR 031): one 满减 per order and currency, the best for the buyer, unless stackable,
 * priority for ties; the summary and the order take the same; a name is never shared by two promotions that
 * are not stopped, even when two staff save it at once.
 */

let c: CheckoutTestApp;
let finance: StaffLogin;
beforeAll(async () => {
  c = await createCheckoutTestApp();
  finance = await staffToken(c.t, 'finance');
});
afterAll(async () => {
  await c?.t.close();
});

const admin = () => c.t.app.services.checkoutAdmin;
const save = async (body: Record<string, unknown>) =>
  envelope<AdminPromotion>(await post(c.t.app, AdminPromotionPaths.save, body, finance.token));

/** AUD 满减 running while `fn` runs, then stopped (promotions are shop-wide). */
async function withReductions<T>(
  list: { name: string; threshold: string; reduce: string; stackable?: boolean; priority?: number }[],
  fn: (ids: number[]) => Promise<T>,
): Promise<T> {
  const ids: number[] = [];
  try {
    for (const p of list) {
      const row = await admin().createPromotion({
        ...p,
        method: PromotionMethod.AmountOfReduction,
        currency: Currency.AUD,
      });
      ids.push(row.id);
    }
    return await fn(ids);
  } finally {
    for (const id of ids) await admin().endPromotion(id);
  }
}

/** Three Aptamil (AUD 45.90 each): AUD 137.70 of goods, collected at the Sydney desk. */
async function buyer() {
  const m = await newMember(c.t);
  await addToCart(c.t, m.token, [[c.sku.aptamil, 3]]);
  return { ...m, s: await summary(c.t, m.token, { currency: 'AUD', locationCode: 'Pickup' }) };
}

describe('overlapping 满减 (cart/summary/ and createdOrder/)', () => {
  it('two overlapping 满减 give only the best, and the order charges what the summary showed', async () => {
    await withReductions(
      [
        { name: '满50减3', threshold: '50', reduce: '3' },
        { name: '满100减6', threshold: '100', reduce: '6' },
        { name: '满200减15', threshold: '200', reduce: '15' },
      ],
      async ([small, big, far]) => {
        const m = await buyer();
        expect(m.s.goodsPrice).toBe(137.7);
        expect(m.s.promotionsSum).toBe(6);
        expectTotalsAddUp(m.s);
        const byId = new Map(m.s.promotions.map((p) => [p.id, p]));
        expect(byId.get(big as number)).toMatchObject({ status: 'applied', applies: true, amount: 6 });
        expect(byId.get(small as number)).toMatchObject({
          status: 'outdone',
          applies: false,
          amount: 0,
          note: '不与 满100减6 同享',
        });
        expect(byId.get(far as number)).toMatchObject({ status: 'short', note: '再买 $62.30 可享' });
        expect(m.s.promotionHints).toEqual([
          '已享 满100减6（-$6.00）；满50减3 不与其同享',
          '再买 $62.30 可享 满200减15',
        ]);

        const created = envelope<{ totalPrice: number }>(await orderForPickup(c.t, m.token));
        expect(created.success, created.message).toBe(true);
        expect(created.data.totalPrice).toBe(m.s.totalPrice);
        const [order] = await c.t.database.db.select().from(orders).where(eq(orders.memberId, m.memberId));
        expect(order?.promotionsAmount).toBe(600);
        expect(order?.totalAmount).toBe(minor(m.s.totalPrice));
      },
    );
  });

  it('a stackable pair gives both, in the summary and in the order', async () => {
    await withReductions(
      [
        { name: '叠加满50减3', threshold: '50', reduce: '3', stackable: true },
        { name: '叠加满100减6', threshold: '100', reduce: '6', stackable: true },
      ],
      async () => {
        const m = await buyer();
        expect(m.s.promotionsSum).toBe(9);
        expect(m.s.promotions.every((p) => p.status === 'applied' && p.stackable)).toBe(true);
        expectTotalsAddUp(m.s);
        const created = envelope<{ totalPrice: number }>(await orderForPickup(c.t, m.token));
        expect(created.success, created.message).toBe(true);
        const [order] = await c.t.database.db.select().from(orders).where(eq(orders.memberId, m.memberId));
        expect(order?.promotionsAmount).toBe(900);
      },
    );
  });

  it('a tie on the amount goes to the higher priority, whichever is older', async () => {
    await withReductions(
      [
        { name: '老满50减6', threshold: '50', reduce: '6' },
        { name: '新满100减6', threshold: '100', reduce: '6', priority: 10 },
      ],
      async ([older, newer]) => {
        const m = await buyer();
        expect(m.s.promotionsSum).toBe(6);
        const applied = m.s.promotions.filter((p) => p.status === 'applied').map((p) => p.id);
        expect(applied).toEqual([newer]);
        expect(m.s.promotions.find((p) => p.id === older)?.note).toBe('不与 新满100减6 同享');
      },
    );
  });
});

describe("salespromotions/running/ (the cart's notes)", () => {
  it('answers visitors with the running promotions of a currency, stopped ones gone', async () => {
    await withReductions(
      [{ name: '购物车满100减6', threshold: '100', reduce: '6', stackable: true, priority: 4 }],
      async ([id]) => {
        const res = envelope<RunningPromotionsResponse>(
          await post(c.t.app, CheckoutPaths.runningPromotions, { currency: 'AUD' }),
        );
        expect(res.success, res.message).toBe(true);
        expect(res.data.list.find((p) => p.id === id)).toEqual({
          id,
          name: '购物车满100减6',
          promotionsMehtod: 0,
          currency: 'AUD',
          threshold: 100,
          reduce: 6,
          discountPercent: null,
          skuIds: [],
          pairSkuIds: [],
          stackable: true,
          priority: 4,
        });
        const cny = envelope<RunningPromotionsResponse>(
          await post(c.t.app, CheckoutPaths.runningPromotions, { currency: 'CNY' }),
        );
        expect(cny.data.list.map((p) => p.id)).not.toContain(id);
        const bad = await post(c.t.app, CheckoutPaths.runningPromotions, { currency: 'USD' });
        expect(bad.statusCode).toBe(400);
        expect(envelope(bad).message).toMatch(/币种须为 AUD 或 CNY/);
      },
    );
    const after = envelope<RunningPromotionsResponse>(
      await post(c.t.app, CheckoutPaths.runningPromotions, { currency: 'AUD' }),
    );
    expect(after.data.list.map((p) => p.name)).not.toContain('购物车满100减6');
  });
});

describe('promotion names (console and command line)', () => {
  const body = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    method: PromotionMethod.AmountOfReduction,
    currency: 'CNY',
    threshold: '500',
    reduce: '30',
    ...extra,
  });

  it('refuses a second promotion with the same name, however it is typed, until the first is stopped', async () => {
    const first = await save(body('满500减30'));
    expect(first.success, first.message).toBe(true);
    const id = first.data.id;
    for (const twin of ['满500减30', ' 满５００ 减３０ ']) {
      const res = await save(body(twin, { threshold: '1000', reduce: '60' }));
      expect(res.success).toBe(false);
      expect(res.message).toBe(`已有同名促销「满500减30」（编号 ${id}），请换一个名称，或先停用原促销`);
    }
    // Another method does not make it another name.
    const discount = await save({
      name: '满500减30',
      method: PromotionMethod.Discount,
      currency: 'AUD',
      discountPercent: 90,
    });
    expect(discount.success).toBe(false);
    // Renaming another promotion onto it is refused too; saving the first under its own name is not.
    const other = await save(body('满1000减60', { threshold: '1000', reduce: '60' }));
    expect(other.success, other.message).toBe(true);
    const renamed = await save(body('满500减30', { id: other.data.id }));
    expect(renamed.message).toMatch(/^已有同名促销「满500减30」/);
    expect((await save(body('满500减30', { id, reduce: '31' }))).success).toBe(true);

    // Stopped, its name is free; the stopped one cannot be resumed while the new one runs.
    await admin().endPromotion(id);
    const again = await save(body('满500减30'));
    expect(again.success, again.message).toBe(true);
    const resume = envelope(
      await post(c.t.app, AdminPromotionPaths.active, { id, active: true }, finance.token),
    );
    expect(resume.success).toBe(false);
    expect(resume.message).toBe(
      `已有同名促销「满500减30」（编号 ${again.data.id}），请换一个名称，或先停用原促销`,
    );
    // A stopped promotion can still be edited under its name.
    expect((await save(body('满500减30', { id, reduce: '29' }))).success).toBe(true);
    for (const p of [again.data.id, other.data.id]) await admin().endPromotion(p);
  });

  it('two staff creating one name at once: one wins, the other is told why', async () => {
    const results = await Promise.all([save(body('同时满800减50')), save(body('同时满800减50'))]);
    expect(results.filter((r) => r.success)).toHaveLength(1);
    const loser = results.find((r) => !r.success);
    expect(loser?.message).toMatch(
      /^已有同名促销「同时满800减50」（编号 \d+），请换一个名称，或先停用原促销$/,
    );
    const winner = results.find((r) => r.success);
    if (winner) await admin().endPromotion(winner.data.id);
  });

  it('the database itself refuses a twin written around the service', async () => {
    const first = await admin().createPromotion({
      name: '库内满300减20',
      method: PromotionMethod.AmountOfReduction,
      currency: Currency.CNY,
      reduce: '20',
    });
    await expect(
      c.t.database.db.insert(promotions).values({
        name: '库内 满300减20',
        method: 0,
        currency: 'CNY',
        reduce: 2000,
      }),
    ).rejects.toThrow();
    await admin().endPromotion(first.id);
  });

  it('stackable and priority belong to 满减 only', async () => {
    const stackableDiscount = await save({
      name: '可叠加九折',
      method: PromotionMethod.Discount,
      currency: 'AUD',
      discountPercent: 90,
      stackable: true,
    });
    expect(stackableDiscount.message).toBe('只有满减可设置与其他满减同享');
    const priorityGift = await save({
      name: '优先赠品',
      method: PromotionMethod.Discount,
      currency: 'AUD',
      discountPercent: 90,
      priority: 3,
    });
    expect(priorityGift.message).toBe('只有满减可设置优先级');
    const badPriority = await save(body('优先级太大', { priority: 1000 }));
    expect(badPriority.success).toBe(false);
    expect(badPriority.message).toMatch(/优先级须为 0-999 的整数/);
    const ok = await save(body('优先满900减70', { stackable: true, priority: 7 }));
    expect(ok.data).toMatchObject({ stackable: true, priority: 7 });
    await admin().endPromotion(ok.data.id);
  });
});
