import { randomUUID } from 'node:crypto';
import { CartPaths, CheckoutPaths, type CheckoutSummary, Currency, OrderPaths } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { skus } from '../../src/db/schema';
import type { CatalogueFixture } from './catalogue-fixtures';
import { createCatalogueTestApp } from './catalogue-helpers';
import { envelope, post, type TestApp } from './test-app';

/**
 * The fixture catalogue plus couriers for the checkout and order tests (SKUs weigh 500 g each):
 *   AUP  public, AU: AUD 1000 g 10.00 + 3.00 / 500 g up to 5000 g; CNY 1000 g 50.00 + 15.00 / 500 g
 *                NZ: AUD only 1000 g 9.00 + 3.00 / 1000 g;  CN: AUD and CNY 1000 g 5.00 / 20.00 + 2.00 / 10.00
 *   SFX  public, AU: AUD 500 g 8.00 + 5.00 / 500 g; CNY 500 g 40.00 + 25.00 / 500 g
 *   PRIV private, AU: AUD 500 g 1.00 + 1.00 / 500 g (never offered)
 */
export async function createCheckoutTestApp(env: Record<string, string> = {}) {
  const base = await createCatalogueTestApp(env);
  const admin = base.t.app.services.checkoutAdmin;
  const aup = await admin.addCourier({
    code: 'AUP',
    name: '澳邮',
    isPublic: true,
    estimatedDays: '7-12个工作日',
    sort: 1,
  });
  const sfx = await admin.addCourier({
    code: 'SFX',
    name: '顺丰速运',
    isPublic: true,
    estimatedDays: '3-5个工作日',
    sort: 2,
  });
  const priv = await admin.addCourier({
    code: 'PRIV',
    name: '内部专线',
    isPublic: false,
    estimatedDays: '',
    sort: 0,
  });
  const rule = (
    code: string,
    warehouse: 'AU' | 'NZ' | 'CN',
    currency: Currency,
    first: [number, string],
    extra: [number, string],
    maxWeight: number | null = null,
  ) =>
    admin.setRule({
      code,
      warehouse,
      currency,
      firstWeight: first[0],
      firstFee: first[1],
      extraWeight: extra[0],
      extraFee: extra[1],
      maxWeight,
    });
  await rule('AUP', 'AU', Currency.AUD, [1000, '10.00'], [500, '3.00'], 5000);
  await rule('AUP', 'AU', Currency.CNY, [1000, '50.00'], [500, '15.00']);
  await rule('AUP', 'NZ', Currency.AUD, [1000, '9.00'], [1000, '3.00']);
  await rule('AUP', 'CN', Currency.AUD, [1000, '5.00'], [1000, '2.00']);
  await rule('AUP', 'CN', Currency.CNY, [1000, '20.00'], [1000, '10.00']);
  await rule('SFX', 'AU', Currency.AUD, [500, '8.00'], [500, '5.00']);
  await rule('SFX', 'AU', Currency.CNY, [500, '40.00'], [500, '25.00']);
  await rule('PRIV', 'AU', Currency.AUD, [500, '1.00'], [500, '1.00']);
  const g = base.fixture.goods;
  const at = (ids: number[], i = 0) => ids[i] ?? 0;
  return {
    ...base,
    couriers: { aup: aup.id, sfx: sfx.id, priv: priv.id },
    sku: {
      aptamil: at(g.aptamilGold.skuIds), // AU InStock 50, AUD 45.90 / CNY 229.00
      fishOil400: at(g.fishOilGoods.skuIds), // AU ByStock 10, AUD 35.00 only
      fishOil200: at(g.fishOilGoods.skuIds, 1), // AU ByBook 0, CNY 158.00 only
      swisseNoStock: at(g.swisseCalcium.skuIds, 2), // CN ByStock 0, CNY 129.00 only
      rice: at(g.riceCereal.skuIds), // NZ InStock 30, AUD 6.50 / CNY 32.00
      offShelf: at(g.offShelf.skuIds), // AU, goods off the shelf, CNY 199.00
    },
  };
}

export type CheckoutTestApp = Awaited<ReturnType<typeof createCheckoutTestApp>>;
export type { CatalogueFixture };

let counter = 0;
/** A fresh member (level 37 unless given), logged in through the service (no login rate limit per address). */
export async function newMember(t: TestApp, level?: number): Promise<{ token: string; memberId: number }> {
  counter += 1;
  const username = `co_${process.pid}_${counter}`;
  const member = await t.app.services.member.createMember({ username, password: 'secret123', level });
  const { token } = await t.app.services.member.login(
    { username, password: 'secret123' },
    `10.9.${counter % 250}.${Math.floor(counter / 250) + 1}`,
  );
  return { token, memberId: member.id };
}

/** Adds lines to the member's cart through the API. */
export async function addToCart(t: TestApp, token: string, lines: readonly [skuId: number, qty: number][]) {
  for (const [skuId, qty] of lines) {
    const res = envelope(await post(t.app, CartPaths.addItem, { skuId, qty }, token));
    expect(res.success, res.message).toBe(true);
  }
}

/** The summary through the API (must answer success). */
export async function summary(
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
): Promise<CheckoutSummary> {
  const res = envelope<CheckoutSummary>(await post(t.app, CheckoutPaths.summary, body, token));
  expect(res.success, res.message).toBe(true);
  return res.data;
}

/** Major units to minor units for exact comparisons. */
export const minor = (major: number) => Math.round(major * 100);

/** totalPrice = goods − promotions + other + tax, in minor units. */
export function expectTotalsAddUp(s: CheckoutSummary) {
  expect(minor(s.allOtherPrice)).toBe(minor(s.otherPrice) + minor(s.taxPrice));
  expect(minor(s.totalPrice)).toBe(
    Math.max(0, minor(s.goodsPrice) - minor(s.promotionsSum) + minor(s.otherPrice) + minor(s.taxPrice)),
  );
}

/** Orders the member's selected lines for pickup in AUD through the API (a fresh requestId). */
export function orderForPickup(t: TestApp, token: string) {
  return post(t.app, OrderPaths.create, { requestId: randomUUID(), currency: 'AUD', isPickup: true }, token);
}

/**
 * Runs `work` with a sale elsewhere leaving `left` units of the SKU between an order's quote and the moment it
 * takes the stock: the quote saw enough, the stock no longer is. The sale is committed before the order's
 * statement runs.
 */
export async function withStockGoneWhileOrdering<T>(
  t: TestApp,
  skuId: number,
  left: number,
  work: () => Promise<T>,
): Promise<T> {
  const service = t.app.services.checkout;
  const original = service.quote;
  service.quote = async (...args) => {
    const quote = await original(...args);
    await t.database.db.update(skus).set({ stock: left }).where(eq(skus.id, skuId));
    return quote;
  };
  try {
    return await work();
  } finally {
    service.quote = original;
  }
}
