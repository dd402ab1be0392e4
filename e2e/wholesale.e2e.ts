import { randomUUID } from 'node:crypto';
import {
  AddressPaths,
  type CartListResponse,
  CartPaths,
  CheckoutPaths,
  type GoodsListItem,
  isSkuPurchasable,
  nearestAllowedQty,
  OrderPaths,
  priceBreakAt,
  qtyRuleOf,
  SavedListPaths,
  SkuStatus,
  toMinor,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allGoods, callApi } from './support/api';
import { type BrowserSession, openBrowser, signInEveryPage } from './support/browser';
import { journeyShop } from './support/journey-shop';
import { buyerWithReceiver } from './support/member-order';

type Sku = GoodsListItem['skus'][number];

/** A line of the paste: a SKU and the quantity typed, and what the cart will hold after the rule. */
interface Pasted {
  sku: Sku;
  typed: number;
  held: number;
}

/**
 * Issue #37's journey: a wholesale buyer pastes 40 lines copied from a spreadsheet (37 good ones, among them SKUs
 * sold in cases typed off the case and SKUs bought at a volume price, and 3 bad ones: a code mistyped, a code
 * that does not exist, a line without a code), fixes the mistyped code from the suggestion, drops the other two,
 * adds the 37 in one go, saves the cart as a list, orders it at the volume prices, and puts the list back in the
 * cart.
 */
describe('wholesale ordering journey', () => {
  const shop = journeyShop();
  let s: BrowserSession;
  let token = '';
  const lines: Pasted[] = [];
  let outOfStock = '';

  beforeAll(async () => {
    token = await buyerWithReceiver(shop.baseURL, `ws_${Date.now().toString(36)}`);
    // Open SKUs with a CNY price (the page currency), in stock for what is typed; cases and breaks first.
    const goods = await allGoods(shop.baseURL);
    // One SKU per product, so a product whose breaks count its SKUs together counts this line alone.
    const open = goods.flatMap((g) =>
      g.skus
        .filter(
          (k) =>
            k.cnyPrice !== null && isSkuPurchasable(k) && (k.status !== SkuStatus.ByStock || k.stock >= 100),
        )
        .slice(0, 1),
    );
    outOfStock = goods.flatMap((g) => g.skus).find((k) => k.status === SkuStatus.OutStock)?.code ?? '';
    expect(outOfStock, 'the demo has a SKU out of stock').not.toBe('');
    const cased = open.filter((k) => k.stepQty > 1).slice(0, 6);
    const broken = open
      .filter((k) => k.stepQty === 1 && k.priceBreaks.some((b) => b.cnyPrice !== null))
      .slice(0, 6);
    const plain = open.filter((k) => k.stepQty === 1 && k.minQty === 1 && k.priceBreaks.length === 0);
    expect(cased.length, 'the demo sells SKUs in cases').toBe(6);
    expect(broken.length, 'the demo has SKUs at volume prices').toBe(6);
    for (const sku of cased) {
      const typed = sku.stepQty + 1;
      lines.push({ sku, typed, held: nearestAllowedQty(typed, qtyRuleOf(sku)) ?? 0 });
    }
    for (const sku of broken) {
      const first = sku.priceBreaks.find((b) => b.cnyPrice !== null);
      lines.push({ sku, typed: first?.minQty ?? 2, held: first?.minQty ?? 2 });
    }
    for (const sku of plain.slice(0, 37 - lines.length)) lines.push({ sku, typed: 2, held: 2 });
    expect(lines).toHaveLength(37);
    s = await openBrowser(shop.baseURL);
    await signInEveryPage(s, token);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('pastes 40 lines, fixes or drops the 3 bad ones and adds the 37 in one batch at their volume prices', async () => {
    const mistyped = lines[20] as Pasted;
    const rows = lines.map((l) => `${l.sku.code}\t${l.sku.name}\t${l.typed}`);
    // A header, the 37 lines (the 21st, line 22, with its code mistyped), a code no SKU has and a SKU out of stock.
    rows[20] = `${mistyped.sku.code}X\t${mistyped.sku.name}\t${mistyped.typed}`;
    rows.push('ZZ-NO-SUCH-CODE\t不存在\t5', `${outOfStock}\t缺货\t3`);
    const text = ['商品编码\t名称\t数量', ...rows].join('\n');

    await s.page.goto('/user/products');
    await s.page.locator('summary.paste-order-summary').click();
    await s.page.getByLabel(/每行一个商品编码/).fill(text);
    await s.page.getByRole('button', { name: '预览', exact: true }).click();
    const preview = s.page.getByRole('region', { name: '订货预览' });
    await preview.waitFor();
    await s.screenshot('70-paste-preview');

    // The mistyped code: its suggestion puts it right; the other two cannot be bought and are dropped.
    await preview.getByRole('button', { name: `第22行改为 ${mistyped.sku.code}` }).click();
    await expect.poll(() => preview.getByLabel('第22行商品编码').count()).toBe(0);
    for (const line of [39, 40]) await preview.getByRole('button', { name: `移除第${line}行` }).click();
    const add = preview.getByRole('button', { name: /^全部加入购物车/ });
    const units = lines.reduce((n, l) => n + l.held, 0);
    await expect.poll(() => add.innerText()).toBe(`全部加入购物车（37 个规格，共 ${units} 件）`);
    await add.click();
    await s.page.getByText(`已加入购物车：37 个规格，共 ${units} 件`).first().waitFor();
    await s.screenshot('71-paste-added');

    const cart = (await callApi(
      shop.baseURL,
      CartPaths.list,
      { currency: 'CNY' },
      token,
    )) as CartListResponse;
    expect(cart.data).toHaveLength(37);
    for (const line of lines) {
      const held = cart.data.find((l) => l.skuId === line.sku.id);
      expect(held?.qty, line.sku.code).toBe(line.held);
      const reached = priceBreakAt(
        line.sku.priceBreaks.filter((b) => b.cnyPrice !== null),
        line.held,
      );
      expect(held?.cnyPrice, line.sku.code).toBe(reached?.cnyPrice ?? line.sku.cnyPrice);
    }
  });

  it('saves the cart as a list, orders it at the break prices, and puts the list back in the cart', async () => {
    await s.page.goto('/cart');
    await s.page.getByRole('button', { name: '存为清单' }).first().click();
    await s.page.getByLabel('清单名称').fill('每周补货');
    await s.page.getByRole('button', { name: '保存', exact: true }).click();
    await expect
      .poll(async () => (await callApi(shop.baseURL, SavedListPaths.list, {}, token)).items.length)
      .toBe(1);

    const expected = lines.reduce((sum, l) => {
      const reached = priceBreakAt(
        l.sku.priceBreaks.filter((b) => b.cnyPrice !== null),
        l.held,
      );
      return sum + toMinor(reached?.cnyPrice ?? l.sku.cnyPrice ?? 0) * l.held;
    }, 0);
    const receivers = (await callApi(shop.baseURL, AddressPaths.receiverList, {}, token)) as { id: number }[];
    const receiverId = receivers[0]?.id;
    // The whole cart's summary charges every line at the price its quantity reaches.
    const summary = await callApi(
      shop.baseURL,
      CheckoutPaths.summary,
      { currency: 'CNY', locationCode: '200040' },
      token,
    );
    expect(toMinor(summary.goodsPrice)).toBe(expected);
    // The order: the lightest line bought at a volume price alone (the whole cart is more than one parcel carries).
    const cart = (await callApi(shop.baseURL, CartPaths.list, {}, token)) as CartListResponse;
    const ordered = lines
      .filter((l) =>
        priceBreakAt(
          l.sku.priceBreaks.filter((b) => b.cnyPrice !== null),
          l.held,
        ),
      )
      .sort((a, b) => a.sku.weight * a.held - b.sku.weight * b.held)[0] as Pasted;
    await callApi(
      shop.baseURL,
      CartPaths.batchUpdateItems,
      cart.data.map((l) => ({ id: l.id, selected: l.skuId === ordered.sku.id })),
      token,
    );
    const order = await callApi(
      shop.baseURL,
      OrderPaths.create,
      { currency: 'CNY', isPickup: false, receiverId, requestId: randomUUID() },
      token,
    );
    const detail = await callApi(shop.baseURL, OrderPaths.detail, { id: order.orderId }, token);
    const reached = priceBreakAt(
      ordered.sku.priceBreaks.filter((b) => b.cnyPrice !== null),
      ordered.held,
    );
    expect(reached, 'the ordered line reaches a volume price').toBeDefined();
    expect(toMinor(detail.goodsPrice)).toBe(toMinor(reached?.cnyPrice ?? 0) * ordered.held);
    expect((await callApi(shop.baseURL, CartPaths.list, {}, token)).data).toHaveLength(36);

    const lists = await callApi(shop.baseURL, SavedListPaths.list, {}, token);
    const list = lists.items[0];
    if (!list) throw new Error('the saved list is gone');
    await s.page.goto(`/user/order?list=${list.id}`);
    await s.page.getByRole('button', { name: '加入购物车' }).first().click();
    await expect
      .poll(async () => (await callApi(shop.baseURL, CartPaths.list, {}, token)).data.length)
      .toBe(37);
    await s.screenshot('72-list-back-in-cart');
    expect(s.errors).toEqual([]);
  });
});
