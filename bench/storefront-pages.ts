import { rm } from 'node:fs/promises';
import { CartPaths, CataloguePaths, StorageKey } from '@shop/domain';
import { callApi, loginToken } from '../e2e/support/api';
import { placePickupOrder } from '../e2e/support/member-order';
import { newShopDataDir, startShop } from '../e2e/support/server';

/** What the browser benches share: the demo shelf's first product and a visitor's cart of its goods. */

interface ListSku {
  id: number;
  name: string;
  property: Record<string, string>;
  audPrice: number | null;
  cnyPrice: number | null;
  status: number;
  stock: number;
}
interface ListItem {
  id: number;
  name: string;
  location: number;
  image?: string;
  skus: ListSku[];
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const minor = (major: number | null) => (major === null ? null : Math.round(major * 100));

/** The first product of the shelf and three lines of goods that can be bought, as a visitor's cart holds them. */
export async function shelfSample(baseURL: string) {
  const listRes = await fetch(`${baseURL}${CataloguePaths.goodsList}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pageNo: 1, pageSize: 20 }),
  });
  const items = ((await listRes.json()) as { data: { items: ListItem[] } }).data.items;
  const firstProduct = items[0];
  if (!firstProduct) throw new Error('the demo catalogue has no goods');
  const cartLines = items
    .flatMap((item) =>
      item.skus
        .filter((s) => s.status !== -1 && (s.audPrice !== null || s.cnyPrice !== null))
        .slice(0, 1)
        .map((s) => ({
          skuId: s.id,
          goodsId: item.id,
          skuName: s.name,
          name: item.name,
          qty: 2,
          audPrice: minor(s.audPrice),
          cnyPrice: minor(s.cnyPrice),
          selected: true,
          location: item.location,
          property: s.property,
          currency: s.audPrice !== null ? 'AUD' : 'CNY',
          image: item.image ?? '',
          fromLocal: true,
        })),
    )
    .slice(0, 3);
  return { firstProduct, cartLines };
}

/**
 * The demo member signed in as the storefront keeps it, with an order placed and a line in the cart for checkout:
 * the local storage of the member pages (order list, an order, checkout) and the order's id.
 */
export async function memberSample(baseURL: string) {
  const token = await loginToken(baseURL);
  const { orderId, skuId } = await placePickupOrder(baseURL, token);
  await callApi(baseURL, CartPaths.addItem, { skuId, qty: 1 }, token);
  return { storage: { [StorageKey.token]: token }, orderId };
}

/**
 * The shop started as the README's production start (NODE_ENV=production) with the demo data and its member: a
 * login production never creates, since its password is published, so a test start writes the data into a folder
 * the production start then opens. `stop` stops it and removes the folder.
 */
export async function startDemoShop() {
  const dataDir = await newShopDataDir();
  await (await startShop({ LOG_LEVEL: 'error' }, { dataDir })).stop();
  const shop = await startShop(
    { NODE_ENV: 'production', SEED_DEMO: 'true', SHOP_TEST_CAPTCHA: '', LOG_LEVEL: 'error' },
    { dataDir },
  );
  return {
    baseURL: shop.baseURL,
    async stop() {
      await shop.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
