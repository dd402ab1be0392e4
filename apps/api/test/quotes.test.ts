import { randomUUID } from 'node:crypto';
import {
  type Address,
  AddressPaths,
  type AdminQuoteDetail,
  type AdminQuoteListResponse,
  AdminQuotePaths,
  CompanyPaths,
  type CreatedOrder,
  MessagePaths,
  OrderStatus,
  type QuoteDetail,
  type QuoteListResponse,
  QuoteMessages,
  QuotePaths,
  ResultCode,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines, quotes } from '../src/db/schema';
import { addShopDays, shopDay } from '../src/lib/shop-day';
import {
  addToCart,
  type CheckoutTestApp,
  createCheckoutTestApp,
  newMember,
} from './support/checkout-helpers';
import { companyWith } from './support/credit-helpers';
import { orderState, stockOf } from './support/order-fixtures';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post } from './support/test-app';

/**
 * Quotes (issue #38 part 4, ADR 055): a member asks for a price on their selected cart lines or a list; staff answer
 * with a price per line (or a discount), freight and a last day; the member accepts the version they saw before it
 * lapses and it becomes an order at those prices through the same order creation, stock taken then.
 */

let c: CheckoutTestApp;
let service: StaffLogin;
let warehouse: StaffLogin;
beforeAll(async () => {
  c = await createCheckoutTestApp({ LOG_LEVEL: 'error' });
  service = await staffToken(c.t, 'service');
  warehouse = await staffToken(c.t, 'warehouse');
});
afterAll(async () => {
  await c?.t.close();
});

async function call<T>(path: string, body: unknown, token: string) {
  const res = await post(c.t.app, path, body, token);
  return { status: res.statusCode, ...envelope<T>(res) };
}
async function ok<T>(path: string, body: unknown, token: string) {
  const res = await call<T>(path, body, token);
  expect(res.success, res.message).toBe(true);
  return res.data;
}

const today = () => shopDay(new Date());
const accept = (token: string, id: number, version: number, extra: Record<string, unknown> = {}) =>
  call<CreatedOrder>(
    QuotePaths.accept,
    { id, version, requestId: randomUUID(), isPickup: true, ...extra },
    token,
  );

/** A quote asked by `token` on `lines` in AUD, answered by staff at `prices` (by line order) and `freight`. */
async function answered(
  token: string,
  lines: { skuId: number; qty: number }[],
  prices: number[],
  freight = 0,
) {
  const asked = await ok<QuoteDetail>(
    QuotePaths.request,
    { currency: 'AUD', lines, note: '月度采购' },
    token,
  );
  return ok<AdminQuoteDetail>(
    AdminQuotePaths.answer,
    {
      id: asked.id,
      version: asked.version,
      lines: asked.lines.map((l, i) => ({ id: l.id, price: prices[i] ?? 0 })),
      freight,
      validUntil: addShopDays(today(), 7),
    },
    service.token,
  );
}

describe('asking', () => {
  it('quotes the selected cart lines at the member’s prices, leaves the cart, and tells the staff', async () => {
    const m = await newMember(c.t);
    await addToCart(c.t, m.token, [
      [c.sku.aptamil, 4],
      [c.sku.rice, 10],
    ]);
    const quote = await ok<QuoteDetail>(QuotePaths.request, { currency: 'AUD', note: '请给批发价' }, m.token);
    expect(quote).toMatchObject({
      state: 'requested',
      currency: 'AUD',
      version: 0,
      total: null,
      note: '请给批发价',
    });
    expect(quote.quoteNo).toMatch(/^QT\d{8}\d{6}$/);
    expect(quote.lines.map((l) => [l.skuId, l.qty, l.listPrice, l.price])).toEqual(
      expect.arrayContaining([
        [c.sku.aptamil, 4, 45.9, null],
        [c.sku.rice, 10, 6.5, null],
      ]),
    );
    const cart = await c.t.database.db.select().from(cartLines).where(eq(cartLines.memberId, m.memberId));
    expect(cart).toHaveLength(2);
    const list = await ok<AdminQuoteListResponse>(AdminQuotePaths.list, {}, service.token);
    expect(list.items.find((q) => q.id === quote.id)).toMatchObject({
      awaitingStaff: true,
      state: 'requested',
    });
  });

  it('refuses nothing to quote, an unknown or off-shelf SKU, and a company viewer', async () => {
    const m = await newMember(c.t);
    expect((await call(QuotePaths.request, { currency: 'AUD' }, m.token)).message).toBe(
      QuoteMessages.noLines,
    );
    const unknown = await call(
      QuotePaths.request,
      { currency: 'AUD', lines: [{ skuId: 999_999, qty: 1 }] },
      m.token,
    );
    expect(unknown.message).toContain('商品不存在');
    const off = await call(
      QuotePaths.request,
      { currency: 'CNY', lines: [{ skuId: c.sku.offShelf, qty: 1 }] },
      m.token,
    );
    expect(off.message).toContain('已下架');
    const { others } = await companyWith(c, ['viewer']);
    const viewer = others[0] as (typeof others)[0];
    const refused = await call(
      QuotePaths.request,
      { currency: 'AUD', lines: [{ skuId: c.sku.aptamil, qty: 1 }] },
      viewer.token,
    );
    expect(refused.resultCode).toBe(ResultCode.PermissionDenied);
  });
});

describe('answering and accepting', () => {
  it('becomes an order at the quoted prices and freight, once; the stock is taken then', async () => {
    const m = await newMember(c.t);
    const quote = await answered(
      m.token,
      [
        { skuId: c.sku.aptamil, qty: 4 },
        { skuId: c.sku.rice, qty: 10 },
      ],
      [40, 5.5],
      12,
    );
    expect(quote).toMatchObject({ state: 'answered', version: 1, goods: 215, freight: 12, total: 227 });
    // The member was told.
    const messages = await ok<{ items: { title: string }[] }>(MessagePaths.list, {}, m.token);
    expect(messages.items.some((x) => x.title.includes(quote.quoteNo))).toBe(true);

    // An old version is refused; the one seen places the order, delivered with the quoted freight.
    expect((await accept(m.token, quote.id, 2)).message).toBe(QuoteMessages.changed);
    const receiver = await ok<Address>(
      AddressPaths.receiverSave,
      {
        name: '张三',
        phone: '0412345678',
        country: 'AU',
        province: 'NSW',
        city: 'Sydney',
        district: 'Sydney',
        detail: '1 George St',
        postCode: '2000',
      },
      m.token,
    );
    const aptamilStock = await stockOf(c.t.database.db, c.sku.aptamil);
    const placed = await accept(m.token, quote.id, 1, { isPickup: false, receiverId: receiver.id });
    expect(placed.success, placed.message).toBe(true);
    expect(placed.data.status).toBe(OrderStatus.NotPaid);
    const { order } = await orderState(c.t.database.db, placed.data.orderId);
    expect(order).toMatchObject({ goodsAmount: 21_500, shippingAmount: 1200, promotionsAmount: 0 });
    expect(order?.totalAmount).toBe(placed.data.totalPrice * 100);
    expect(await stockOf(c.t.database.db, c.sku.aptamil)).toBe(aptamilStock - 4);

    const after = await ok<QuoteDetail>(QuotePaths.detail, { id: quote.id }, m.token);
    expect(after).toMatchObject({ state: 'accepted', orderId: placed.data.orderId });
    expect((await accept(m.token, quote.id, 1)).message).toBe(QuoteMessages.accepted);
  });

  it('a discount on the list prices; a newer answer refuses the old version; a lapsed quote is refused', async () => {
    const m = await newMember(c.t);
    const asked = await ok<QuoteDetail>(
      QuotePaths.request,
      { currency: 'AUD', lines: [{ skuId: c.sku.aptamil, qty: 10 }] },
      m.token,
    );
    const first = await ok<AdminQuoteDetail>(
      AdminQuotePaths.answer,
      { id: asked.id, version: 0, discountPercent: 10, freight: 0, validUntil: addShopDays(today(), 3) },
      service.token,
    );
    expect(first.lines[0]?.price).toBe(41.31);
    // Answering over a version staff did not see is refused.
    const stale = await call(
      AdminQuotePaths.answer,
      { id: asked.id, version: 0, discountPercent: 20, freight: 0, validUntil: addShopDays(today(), 3) },
      service.token,
    );
    expect(stale.message).toBe(QuoteMessages.changed);
    const second = await ok<AdminQuoteDetail>(
      AdminQuotePaths.answer,
      { id: asked.id, version: 1, discountPercent: 20, freight: 0, validUntil: addShopDays(today(), 3) },
      service.token,
    );
    expect(second.version).toBe(2);
    expect((await accept(m.token, asked.id, 1)).message).toBe(QuoteMessages.changed);

    await c.t.database.db
      .update(quotes)
      .set({ validUntil: addShopDays(today(), -1) })
      .where(eq(quotes.id, asked.id));
    expect((await ok<QuoteDetail>(QuotePaths.detail, { id: asked.id }, m.token)).state).toBe('expired');
    expect((await accept(m.token, asked.id, 2)).message).toBe(QuoteMessages.expired);
  });

  it('stock short at acceptance refuses the order and leaves the quote answered', async () => {
    const m = await newMember(c.t);
    const stock = await stockOf(c.t.database.db, c.sku.fishOil400);
    const quote = await answered(m.token, [{ skuId: c.sku.fishOil400, qty: stock + 1 }], [30]);
    const res = await accept(m.token, quote.id, quote.version);
    expect(res.success).toBe(false);
    expect(res.message).toContain('库存不足');
    expect((await ok<QuoteDetail>(QuotePaths.detail, { id: quote.id }, m.token)).state).toBe('answered');
  });

  it('messages both ways; staff close it; a withdrawn or closed quote is not accepted', async () => {
    const m = await newMember(c.t);
    const quote = await answered(m.token, [{ skuId: c.sku.aptamil, qty: 2 }], [44]);
    await ok(QuotePaths.message, { id: quote.id, text: '能否再便宜一点？' }, m.token);
    let seen = await ok<AdminQuoteDetail>(AdminQuotePaths.detail, { id: quote.id }, service.token);
    expect(seen.awaitingStaff).toBe(true);
    seen = await ok<AdminQuoteDetail>(
      AdminQuotePaths.message,
      { id: quote.id, text: '这已是最低价' },
      service.token,
    );
    expect(seen.awaitingStaff).toBe(false);
    expect(seen.messages.map((x) => [x.from, x.text])).toEqual([
      ['member', '能否再便宜一点？'],
      ['staff', '这已是最低价'],
    ]);
    await ok(AdminQuotePaths.close, { id: quote.id, reason: '客户另行下单' }, service.token);
    expect((await accept(m.token, quote.id, quote.version)).message).toBe(QuoteMessages.closed);

    const other = await answered(m.token, [{ skuId: c.sku.aptamil, qty: 1 }], [44]);
    await ok(QuotePaths.withdraw, { id: other.id }, m.token);
    expect((await accept(m.token, other.id, other.version)).message).toBe(QuoteMessages.withdrawn);
    const answerAfter = await call(
      AdminQuotePaths.answer,
      { id: other.id, version: other.version, discountPercent: 5, freight: 0, validUntil: today() },
      service.token,
    );
    expect(answerAfter.message).toBe(QuoteMessages.notAnswerable);
  });
});

describe('who sees and acts on a quote', () => {
  it('another member finds nothing; the company admin reads a buyer’s quote but only the buyer accepts it', async () => {
    const { admin, others } = await companyWith(c, ['buyer']);
    const buyer = others[0] as (typeof others)[0];
    const quote = await answered(buyer.token, [{ skuId: c.sku.aptamil, qty: 1 }], [40]);
    const stranger = await newMember(c.t);
    expect((await call(QuotePaths.detail, { id: quote.id }, stranger.token)).message).toBe(
      QuoteMessages.notFound,
    );
    expect((await accept(stranger.token, quote.id, 1)).message).toBe(QuoteMessages.notFound);
    expect(
      (await ok<QuoteListResponse>(QuotePaths.list, {}, stranger.token)).items.some((q) => q.id === quote.id),
    ).toBe(false);

    const seen = await ok<QuoteDetail>(QuotePaths.detail, { id: quote.id }, admin.token);
    expect(seen).toMatchObject({ mine: false });
    const list = await ok<QuoteListResponse>(QuotePaths.list, { state: 'open' }, admin.token);
    expect(list.items.find((q) => q.id === quote.id)).toMatchObject({ mine: false });
    expect((await accept(admin.token, quote.id, 1)).resultCode).toBe(ResultCode.PermissionDenied);
    expect((await call(QuotePaths.withdraw, { id: quote.id }, admin.token)).resultCode).toBe(
      ResultCode.PermissionDenied,
    );

    const placed = await accept(buyer.token, quote.id, 1);
    expect(placed.success, placed.message).toBe(true);
  });

  it('a quote asked for a company is not ordered once its asker left it; no line is quoted at 0', async () => {
    const { others } = await companyWith(c, ['buyer']);
    const buyer = others[0] as (typeof others)[0];
    const asked = await ok<QuoteDetail>(
      QuotePaths.request,
      { currency: 'AUD', lines: [{ skuId: c.sku.aptamil, qty: 1 }] },
      buyer.token,
    );
    const zero = await call(
      AdminQuotePaths.answer,
      {
        id: asked.id,
        version: 0,
        lines: [{ id: asked.lines[0]?.id, price: 0 }],
        freight: 0,
        validUntil: today(),
      },
      service.token,
    );
    expect(zero.success).toBe(false);
    const quote = await answered(buyer.token, [{ skuId: c.sku.aptamil, qty: 1 }], [40]);
    await ok(CompanyPaths.leave, {}, buyer.token);
    expect((await accept(buyer.token, quote.id, quote.version)).message).toBe(QuoteMessages.otherCompany);
  });

  it('the console needs quote.answer', async () => {
    expect((await call(AdminQuotePaths.list, {}, warehouse.token)).status).toBe(403);
  });
});
