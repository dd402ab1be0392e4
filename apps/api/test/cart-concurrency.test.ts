import { type CartListResponse, CartPaths, MemberPaths } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueFixture } from './support/catalogue-fixtures';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { envelope, post, type TestApp } from './support/test-app';

// PGlite runs one query at a time and would hide a race (docs/conventions.md 'Tests'): real PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('cart concurrency on PostgreSQL (skipped: TEST_DATABASE_URL is not set)', () => {
  let t: TestApp;
  let f: CatalogueFixture;
  beforeAll(async () => {
    ({ t, fixture: f } = await createCatalogueTestApp());
  });
  afterAll(async () => {
    await t?.close();
  });

  async function token(username: string) {
    await t.app.services.member.createMember({ username, password: 'secret123' });
    return envelope<{ token: string }>(
      await post(t.app, MemberPaths.login, { username, password: 'secret123' }),
    ).data.token;
  }

  it('20 concurrent adds of the same SKU end in one line holding the sum', async () => {
    const member = await token('concurrent_add');
    const skuId = f.goods.aptamilGold.skuIds[0];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(t.app, CartPaths.addItem, { skuId, qty: i + 1 }, member)),
    );
    for (const res of results) expect(envelope(res).success, envelope(res).message).toBe(true);
    const cart = envelope<CartListResponse>(await post(t.app, CartPaths.list, {}, member)).data;
    expect(cart.data).toHaveLength(1);
    expect(cart.data[0]?.qty).toBe((20 * 21) / 2);
  });

  it('concurrent adds of a ByStock SKU never pass its stock', async () => {
    const member = await token('concurrent_stock');
    const skuId = f.goods.fishOilGoods.skuIds[0]; // ByStock, 10 in stock
    const results = await Promise.all(
      Array.from({ length: 12 }, () => post(t.app, CartPaths.addItem, { skuId, qty: 1 }, member)),
    );
    expect(results.filter((r) => envelope(r).success)).toHaveLength(10);
    const cart = envelope<CartListResponse>(await post(t.app, CartPaths.list, {}, member)).data;
    expect(cart.data[0]?.qty).toBe(10);
  });
});
