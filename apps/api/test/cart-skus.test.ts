import { SkuStatus } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStatement } from '../src/db/statement';
import { listLines } from '../src/modules/cart/cart.repository';
import { cartOffersPart } from '../src/modules/catalogue';
import type { CatalogueFixture } from './support/catalogue-fixtures';
import { createCatalogueTestApp } from './support/catalogue-helpers';
import { addToCart, newMember } from './support/checkout-helpers';
import type { TestApp } from './support/test-app';

let t: TestApp;
let f: CatalogueFixture;
beforeAll(async () => {
  ({ t, fixture: f } = await createCatalogueTestApp());
});
afterAll(async () => {
  await t?.close();
});

describe('catalogue skusForCart', () => {
  it('gives each SKU its product, shelf state, warehouse, image and prices at the level in minor units', async () => {
    const [apt] = f.goods.aptamilGold.skuIds;
    const [byStock, byBook] = f.goods.fishOilGoods.skuIds;
    const [offShelf] = f.goods.offShelf.skuIds;
    const ids = [apt, byStock, byBook, offShelf].map((id) => id ?? 0);
    const at38 = await t.app.services.catalogue.skusForCart([...ids, 999_999, apt ?? 0], 38);
    const byId = new Map(at38.map((s) => [s.id, s]));
    expect(at38).toHaveLength(4);
    expect(byId.get(apt ?? 0)).toEqual({
      id: apt,
      goodsId: f.goods.aptamilGold.id,
      goodsName: '爱他美白金版婴儿奶粉1段 900g',
      code: expect.any(String),
      name: '爱他美白金版婴儿奶粉1段 900g 900g',
      property: { 规格: '900g' },
      status: SkuStatus.InStock,
      stock: 50,
      expectedDate: null,
      onFlag: true,
      location: 1,
      image: 'goods/apt-1-main.jpg',
      aud: 4200,
      cny: 21000,
      weight: 500,
      minQty: 1,
      stepQty: 1,
      maxQty: null,
      breaks: [],
      breaksMixed: false,
    });
    expect(byId.get(byStock ?? 0)).toMatchObject({
      status: SkuStatus.ByStock,
      stock: 10,
      expectedDate: null,
      aud: 3100,
      cny: null,
    });
    // No level-38 row: the default level's price.
    expect(byId.get(byBook ?? 0)).toMatchObject({ status: SkuStatus.ByBook, aud: null, cny: 15800 });
    expect(byId.get(offShelf ?? 0)).toMatchObject({ onFlag: false, cny: 19900, image: '' });

    const at37 = await t.app.services.catalogue.skusForCart([apt ?? 0], 37);
    expect(at37[0]).toMatchObject({ aud: 4590, cny: 22900 });
    expect(await t.app.services.catalogue.skusForCart([], 37)).toEqual([]);
  });
});

describe('checkout cartOffers: the cart’s selected lines and the catalogue’s SKUs in one statement', () => {
  const sortById = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);

  it('reads the selected lines in the cart order with their SKUs and the gifts at the member level', async () => {
    const { catalogue, checkout } = t.app.services;
    const { token, memberId } = await newMember(t, 38);
    const [apt] = f.goods.aptamilGold.skuIds;
    const [byStock, byBook] = f.goods.fishOilGoods.skuIds;
    const [rice] = f.goods.riceCereal.skuIds;
    const [offShelf] = f.goods.offShelf.skuIds;
    await addToCart(t, token, [
      [apt ?? 0, 2],
      [byStock ?? 0, 1],
      [rice ?? 0, 3],
      [byBook ?? 0, 1],
    ]);
    await t.database.db.execute(
      sql`update cart_lines set selected = false where member_id = ${memberId} and sku_id = ${byBook}`,
    );

    // A gift outside the cart, one in it, one asked twice and one unknown.
    const gifts = [offShelf ?? 0, apt ?? 0, offShelf ?? 0, 999_999];
    const read = await checkout.cartOffers(memberId, gifts, 38);
    const listed = (await listLines(t.database.db, memberId)).filter((l) => l.selected);
    expect(listed.map((l) => l.skuId)).toEqual([rice, byStock, apt]);
    expect(read.lines).toEqual(listed);
    const ids = [rice, byStock, apt, offShelf].map((id) => id ?? 0);
    expect(sortById(read.skus)).toEqual(sortById(await catalogue.skusForCart(ids, 38)));
    const byId = new Map(read.skus.map((s) => [s.id, s]));
    expect(byId.get(apt ?? 0)).toMatchObject({ aud: 4200, cny: 21000, property: { 规格: '900g' } });
    // No level-38 row: the default level's prices.
    expect(byId.get(rice ?? 0)).toMatchObject({ aud: 650, cny: 3200, onFlag: true });
    expect(byId.get(offShelf ?? 0)).toMatchObject({ onFlag: false, aud: null, cny: 19900 });

    const atDefault = await checkout.cartOffers(memberId, [], 37);
    expect(atDefault.lines).toEqual(listed);
    expect(new Map(atDefault.skus.map((s) => [s.id, s])).get(apt ?? 0)).toMatchObject({ aud: 4590 });
  });

  it('answers an empty cart with the gifts alone, and keeps a line whose SKU is gone without one', async () => {
    const { checkout } = t.app.services;
    const { memberId } = await newMember(t);
    const [rice] = f.goods.riceCereal.skuIds;
    expect(await checkout.cartOffers(memberId, [], 37)).toEqual({
      lines: [],
      skus: [],
    });
    const giftOnly = await checkout.cartOffers(memberId, [rice ?? 0], 37);
    expect(giftOnly.lines).toEqual([]);
    expect(giftOnly.skus.map((s) => s.id)).toEqual([rice]);

    // A SKU's removal takes its cart lines with it, so a line without its SKU comes only from another part.
    const gone = {
      selectedLines: 'gone_lines',
      steps: [
        {
          name: 'gone_lines',
          body: sql`select 5 as id, 999999 as sku_id, 2 as qty, true as selected, 1 as position`,
        },
      ],
    };
    const offers = cartOffersPart(gone, [rice ?? 0], 37);
    expect(await runStatement(t.database.db, 'gone_lines', [gone, offers], offers.offers)).toMatchObject([
      { line: { id: 5, skuId: 999_999, qty: 2, selected: true }, sku: null },
      { line: null, sku: { id: rice } },
    ]);
  });
});
