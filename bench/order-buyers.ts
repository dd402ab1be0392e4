import { randomUUID } from 'node:crypto';
import {
  AddressPaths,
  CartPaths,
  type Envelope,
  type GoodsListItem,
  MemberPaths,
  OrderPaths,
  SkuStatus,
} from '@shop/domain';
import { allGoods, callApi, goodsByThePiece } from '../e2e/support/api';
import type { RunningShop } from '../e2e/support/server';
import { TEST_CAPTCHA } from '../e2e/support/server';
import { newCaptcha, runConcurrently, settings } from './support';

/** Every bench member ships to the same Shanghai receiver (post code 200040: cross-border tax applies). */
export const RECEIVER = {
  name: '测试收件人',
  phone: '13800138000',
  country: 'CN' as const,
  province: '上海市',
  city: '上海市',
  district: '静安区',
  detail: '南京西路1号',
  postCode: '200040',
};

/**
 * Members ready to order the same basket (open SKUs with a CNY price from up to three warehouses): registered
 * through the API, the basket in each cart, one receiver each. `placeOrders` then makes one order per member over
 * BENCH_CONNECTIONS connections and answers each order's latency.
 */
export async function orderBuyers(shop: RunningShop, prefix: string) {
  const goods = (await allGoods(shop.baseURL)).filter(goodsByThePiece);
  const open = goods.flatMap((g: GoodsListItem) =>
    g.skus
      .filter((s) => (s.status === SkuStatus.InStock || s.status === SkuStatus.ByBook) && s.cnyPrice !== null)
      .slice(0, 1)
      .map((s) => ({ skuId: s.id, location: g.location })),
  );
  const warehouses = [...new Set(open.map((s) => s.location))].slice(0, 3);
  const basket = warehouses.flatMap((w) => open.filter((s) => s.location === w).slice(0, 2));
  if (basket.length < 4) throw new Error('too few open SKUs: is the demo catalogue seeded?');
  let seq = 0;

  /** Registers `count` members through the API (the test server's captcha answer); their tokens. */
  async function register(count: number): Promise<string[]> {
    const made = await runConcurrently(
      Array.from({ length: count }, () => async () => {
        const n = seq++;
        const data = await callApi(shop.baseURL, MemberPaths.register, {
          username: `${prefix}_${n}`,
          password: 'bench1234',
          captchaId: await newCaptcha(shop, n),
          captchaCode: TEST_CAPTCHA,
        });
        return data.token;
      }),
      settings.connections,
    );
    return made.results;
  }

  const receivers = new Map<string, number>();
  /** Fills each member's cart with the basket and saves their receiver. */
  async function prepare(tokens: readonly string[]): Promise<void> {
    await runConcurrently(
      tokens.map((token) => async () => {
        const lines = basket.map((s) => ({ skuId: s.skuId, qty: 1 }));
        await callApi(shop.baseURL, CartPaths.batchAddItems, lines, token);
        const address = await callApi(shop.baseURL, AddressPaths.receiverSave, RECEIVER, token);
        receivers.set(token, address.id);
      }),
      settings.connections,
    );
  }

  async function post<T>(
    path: string,
    body: unknown,
    token: string,
  ): Promise<Envelope<T> & { status: number }> {
    const res = await fetch(`${shop.baseURL}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { ...((await res.json()) as Envelope<T>), status: res.status };
  }

  /** One order per member, BENCH_CONNECTIONS at a time. */
  const placeOrders = (buyers: readonly string[]) =>
    runConcurrently(
      buyers.map((token) => () => {
        const order = { currency: 'CNY', receiverId: receivers.get(token), requestId: randomUUID() };
        return post(OrderPaths.create, order, token);
      }),
      settings.connections,
    );

  return { goods, basket, register, prepare, placeOrders, post };
}
