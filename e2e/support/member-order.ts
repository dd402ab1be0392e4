import { randomUUID } from 'node:crypto';
import {
  AddressPaths,
  CartPaths,
  type GoodsListItem,
  MemberPaths,
  OrderPaths,
  SkuStatus,
  Warehouse,
} from '@shop/domain';
import { allGoods, byThePiece, callApi } from './api';
import { TEST_CAPTCHA } from './server';

/** An AU SKU in stock, sold by the piece, with a CNY price: one unit of it can be ordered for pickup in CNY. */
export async function pickupSku(baseURL: string) {
  const sku = (await allGoods(baseURL))
    .filter((g) => g.location === Warehouse.AU)
    .flatMap((g) => g.skus.filter(byThePiece))
    .find((k) => k.status === SkuStatus.InStock && k.cnyPrice !== null);
  if (!sku) throw new Error('the demo catalogue has no AU InStock SKU with a CNY price');
  return sku;
}

/**
 * One unpaid pickup order of one unit of an AU SKU in stock with a CNY price, placed by the member of `token` from
 * an empty cart. Returns the order's id and the SKU's.
 */
export async function placePickupOrder(
  baseURL: string,
  token: string,
): Promise<{ orderId: number; skuId: number }> {
  const sku = await pickupSku(baseURL);
  await callApi(baseURL, CartPaths.addItem, { skuId: sku.id, qty: 1 }, token);
  const order = await callApi(
    baseURL,
    OrderPaths.create,
    { currency: 'CNY', isPickup: true, requestId: randomUUID() },
    token,
  );
  return { orderId: order.orderId, skuId: sku.id };
}

/**
 * A new member (registered with the test captcha) holding one unpaid pickup order of an AU SKU in stock with a
 * CNY price: what a journey needs for a member who asks about an order.
 */
export async function memberWithOrder(
  baseURL: string,
  username: string,
  password: string,
): Promise<{ token: string; orderId: number }> {
  const { captchaId } = await callApi(baseURL, MemberPaths.captcha);
  const { token } = await callApi(baseURL, MemberPaths.register, {
    username,
    password,
    captchaId,
    captchaCode: TEST_CAPTCHA,
  });
  const { orderId } = await placePickupOrder(baseURL, token);
  return { token, orderId };
}

/**
 * A new member (registered with the test captcha) with a default receiver in Shanghai: a buyer ready to check out
 * and pay. Returns the member's token.
 */
export async function buyerWithReceiver(
  baseURL: string,
  username: string,
  password = 'pay12345',
): Promise<string> {
  const { captchaId } = await callApi(baseURL, MemberPaths.captcha);
  const { token } = await callApi(baseURL, MemberPaths.register, {
    username,
    password,
    captchaId,
    captchaCode: TEST_CAPTCHA,
  });
  await callApi(
    baseURL,
    AddressPaths.receiverSave,
    {
      name: '张三',
      phone: '13800138000',
      country: 'CN',
      province: '上海市',
      city: '上海市',
      district: '静安区',
      detail: '南京西路1号',
      postCode: '200040',
      defaultFlag: true,
    },
    token,
  );
  return token;
}

/** The id of the first AU SKU in stock of the demo catalogue that `fits` (a price it needs); `what` names it. */
export async function auSkuInStock(
  baseURL: string,
  fits: (sku: GoodsListItem['skus'][number]) => boolean,
  what: string,
): Promise<number> {
  const sku = (await allGoods(baseURL))
    .filter((g) => g.location === Warehouse.AU)
    .flatMap((g) => g.skus.filter(byThePiece))
    .find((k) => k.status === SkuStatus.InStock && fits(k));
  if (!sku) throw new Error(`the demo catalogue has no AU InStock SKU ${what}`);
  return sku.id;
}
