import {
  CataloguePaths,
  type GoodsListResponse,
  type GoodsLocationCountsResponse,
  ResultCode,
  Warehouse,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueFixture } from './support/catalogue-fixtures';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
let f: CatalogueFixture;

beforeAll(async () => {
  ({ t, fixture: f } = await createCatalogueTestApp());
});

afterAll(async () => {
  await t?.close();
});

async function data<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const res = await post(t.app, path, body);
  const env = envelope<T>(res);
  expect(res.statusCode, env.message).toBe(200);
  return env.data;
}

const counts = (body: Record<string, unknown>) =>
  data<GoodsLocationCountsResponse>(CataloguePaths.goodsLocationCounts, body);
const listed = async (body: Record<string, unknown>) =>
  (await data<GoodsListResponse>(CataloguePaths.goodsList, body)).totalCount;

describe('goods/locationCounts/ (the warehouse chips of the product list)', () => {
  it('counts per warehouse what goods/list/ lists there, for every category, and leaves out empty warehouses', async () => {
    const categories = [undefined, ...Object.values(f.categories).map((c) => c.id)];
    for (const cateId of categories) {
      const filter = cateId === undefined ? {} : { cateId };
      const answer = await counts(filter);
      const expected: { location: number; count: number }[] = [];
      for (const location of Object.values(Warehouse)) {
        const n = await listed({ ...filter, location });
        if (n > 0) expected.push({ location, count: n });
      }
      expect(answer.items, `category ${cateId ?? 'all'}`).toEqual(expected);
      expect(answer.totalCount).toBe(await listed(filter));
    }
    // The fixture's health goods are in the AU, CN and mixed warehouses only: no chip leads to an empty US list.
    const health = await counts({ cateId: f.categories.health.id });
    expect(health.items.map((i) => i.location)).not.toContain(Warehouse.US);
    expect(health.items.length).toBeGreaterThan(0);
  });

  it('follows the keyword and brand filters as goods/list/ does', async () => {
    const answer = await counts({ keyword: '鱼油' });
    expect(answer.totalCount).toBe(await listed({ keyword: '鱼油' }));
    expect(answer.items).toEqual(
      (
        await Promise.all(
          Object.values(Warehouse).map(async (location) => ({
            location,
            count: await listed({ keyword: '鱼油', location }),
          })),
        )
      ).filter((i) => i.count > 0),
    );
  });

  it('refuses a warehouse or an unknown field with a Chinese message', async () => {
    for (const body of [{ location: 1 }, { cateId: 'x' }, { keyword: 'a'.repeat(101) }]) {
      const res = await post(t.app, CataloguePaths.goodsLocationCounts, body);
      expect(res.statusCode).toBe(400);
      const env = envelope(res);
      expect(env).toMatchObject({ success: false, resultCode: ResultCode.ParamsError });
      expect(env.message).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
