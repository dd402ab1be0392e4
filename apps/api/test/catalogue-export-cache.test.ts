import { randomUUID } from 'node:crypto';
import { CataloguePaths, OrderPaths, ResultCode } from '@shop/domain';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_LIMIT } from '../src/modules/catalogue/catalogue.exports';
import {
  addToCart,
  type CheckoutTestApp,
  createCheckoutTestApp,
  newMember,
} from './support/checkout-helpers';
import { envelope, post } from './support/test-app';

/**
 * The goods exports are built once per catalogue version and key, shared by concurrent requests, built again
 * after any change of the catalogue (an operator's command, an order's stock), and limited per member.
 */

let c: CheckoutTestApp;
beforeAll(async () => {
  c = await createCheckoutTestApp();
});
afterAll(async () => {
  await c?.t.close();
});

const builds = () => c.t.app.services.catalogue.exportStats().builds;

/** The SKU code → 可购 column of an export (what can be taken, as the storefront says it: '可购 10 件' …). */
async function stockBySku(res: LightMyRequestResponse): Promise<Record<string, unknown>> {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const codeAt = header.indexOf('SKU编号');
  const stockAt = header.indexOf('可购');
  const out: Record<string, unknown> = {};
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    out[String(values[codeAt])] = values[stockAt];
  });
  return out;
}

const skuData = (token: string, body: object = {}) =>
  post(c.t.app, CataloguePaths.exportGoodsSkuData, body, token);
const priceList = (token: string, body: object) =>
  post(c.t.app, CataloguePaths.exportGoodsPrice, body, token);

describe('the same export', () => {
  it('is built once and then served from the store', async () => {
    const { token } = await newMember(c.t);
    const before = builds();
    const first = await skuData(token);
    const second = await skuData(token);
    expect(first.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(builds() - before).toBe(1);
    // Another member asking for the same sheet gets the stored file too.
    const other = await newMember(c.t);
    await skuData(other.token);
    expect(builds() - before).toBe(1);
  });

  it('is built once for parallel requests (they wait for the one build)', async () => {
    const { token } = await newMember(c.t);
    const before = builds();
    const answers = await Promise.all(Array.from({ length: 8 }, () => priceList(token, { currency: 'AUD' })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
    expect(builds() - before).toBe(1);
  });

  it('is a different file per currency, member level and filters', async () => {
    const m37 = await newMember(c.t, 37);
    const m38 = await newMember(c.t, 38);
    const before = builds();
    await priceList(m37.token, { currency: 'CNY' });
    await priceList(m38.token, { currency: 'CNY' });
    await priceList(m38.token, { currency: 'CNY', location: 1 });
    await priceList(m38.token, { currency: 'CNY' });
    expect(builds() - before).toBe(3);
  });
});

describe('a catalogue change', () => {
  it('by the operator makes the next export be built again with the new data', async () => {
    const { token } = await newMember(c.t);
    expect((await stockBySku(await skuData(token)))['S-BLK-1-400']).toBe('可购 10 件');
    const before = builds();
    await c.t.app.services.inventory.changeStock('S-BLK-1-400', { set: 7 });
    expect((await stockBySku(await skuData(token)))['S-BLK-1-400']).toBe('可购 7 件');
    expect(builds() - before).toBe(1);
    await c.t.app.services.catalogueAdmin.setShelf({ codes: ['G-APT-1'] }, false);
    expect(await stockBySku(await skuData(token))).not.toHaveProperty('S-APT-1-900');
    await c.t.app.services.catalogueAdmin.setShelf({ codes: ['G-APT-1'] }, true);
    await c.t.app.services.inventory.changeStock('S-BLK-1-400', { set: 10 });
  });

  it('by an order (stock taken) and its cancellation (stock back) shows in the next export', async () => {
    const buyer = await newMember(c.t);
    const { token } = await newMember(c.t);
    expect((await stockBySku(await skuData(token)))['S-BLK-1-400']).toBe('可购 10 件');
    await addToCart(c.t, buyer.token, [[c.sku.fishOil400, 3]]);
    const created = envelope<{ orderId: number }>(
      await post(
        c.t.app,
        OrderPaths.create,
        { requestId: randomUUID(), currency: 'AUD', isPickup: true },
        buyer.token,
      ),
    );
    expect(created.success, created.message).toBe(true);
    expect((await stockBySku(await skuData(token)))['S-BLK-1-400']).toBe('可购 7 件');
    const cancelled = envelope(
      await post(c.t.app, OrderPaths.cancel, { id: created.data.orderId }, buyer.token),
    );
    expect(cancelled.success, cancelled.message).toBe(true);
    expect((await stockBySku(await skuData(token)))['S-BLK-1-400']).toBe('可购 10 件');
  });
});

describe('exports per member', () => {
  const TOO_MANY = {
    success: false,
    resultCode: ResultCode.TooManyRequests,
    message: '导出过于频繁，请1分钟后再试',
    data: null,
  };

  it(`are limited to ${EXPORT_LIMIT.perMember} a minute, both kinds together`, async () => {
    const { token } = await newMember(c.t);
    for (let i = 0; i < EXPORT_LIMIT.perMember; i += 1) {
      const res = i % 2 === 0 ? await skuData(token) : await priceList(token, { currency: 'AUD' });
      expect(res.statusCode).toBe(200);
    }
    for (const res of [await skuData(token), await priceList(token, { currency: 'CNY' })]) {
      expect(res.statusCode).toBe(429);
      expect(envelope(res)).toEqual(TOO_MANY);
    }
    // Other members are not affected.
    expect((await skuData((await newMember(c.t)).token)).statusCode).toBe(200);
  });

  it('are counted atomically: parallel requests cannot slip past the limit', async () => {
    const { token } = await newMember(c.t);
    const answers = await Promise.all(
      Array.from({ length: EXPORT_LIMIT.perMember + 6 }, (_, i) => skuData(token, { location: (i % 3) + 1 })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(EXPORT_LIMIT.perMember);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(6);
  });
});
