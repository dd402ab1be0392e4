import { SkuStatus } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueFixture } from './support/catalogue-fixtures';
import { createCatalogueTestApp } from './support/catalogue-helpers';
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
      name: '爱他美白金版婴儿奶粉1段 900g 900g',
      property: { 规格: '900g' },
      status: SkuStatus.InStock,
      stock: 50,
      onFlag: true,
      location: 1,
      image: 'goods/apt-1-main.jpg',
      aud: 4200,
      cny: 21000,
      weight: 500,
    });
    expect(byId.get(byStock ?? 0)).toMatchObject({
      status: SkuStatus.ByStock,
      stock: 10,
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
