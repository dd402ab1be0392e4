import { randomUUID } from 'node:crypto';
import {
  AdminSellerPaths,
  CheckoutPaths,
  type CheckoutSummary,
  type OrderDetail,
  type OrderListResponse,
  OrderPaths,
  PaymentPaths,
  type SellerDetails,
  type SellerSaveRequest,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { cliActor } from '../src/lib/audit';
import {
  addToCart,
  type CheckoutTestApp,
  createCheckoutTestApp,
  expectTotalsAddUp,
  minor,
  newMember,
  summary,
} from './support/checkout-helpers';
import { giveDeposit } from './support/deposit-helpers';
import { type StaffLogin, staffToken } from './support/staff';
import { envelope, post } from './support/test-app';

let c: CheckoutTestApp;
let owner: StaffLogin;
let finance: StaffLogin;
beforeAll(async () => {
  c = await createCheckoutTestApp();
  owner = await staffToken(c.t, 'owner');
  finance = await staffToken(c.t, 'finance');
});
afterAll(async () => {
  await c?.t.close();
});

const SELLER: SellerSaveRequest = {
  legalName: '澳洲示例贸易有限公司 Pty Ltd',
  abn: '51 824 753 556',
  address: '1 George St, Sydney NSW 2000',
  gstRegistered: true,
  pricesIncludeGst: true,
};

const saveSeller = async (fields: Partial<SellerSaveRequest>, token = owner.token) =>
  envelope<SellerDetails>(await post(c.t.app, AdminSellerPaths.save, { ...SELLER, ...fields }, token));

async function setGst(fields: Partial<SellerSaveRequest>) {
  const res = await saveSeller(fields);
  expect(res.success, res.message).toBe(true);
}

const SYDNEY = '2000';

/** A member with these lines in the cart, and their summary for `body`. */
async function cartSummary(lines: [number, number][], body: Record<string, unknown>) {
  const m = await newMember(c.t);
  await addToCart(c.t, m.token, lines);
  return { ...m, s: await summary(c.t, m.token, body) };
}

/** One eleventh, half up, in cents. */
const eleventh = (cents: number) => Math.floor((cents * 2 + 11) / 22);

describe('seller details (商家与GST)', () => {
  it('starts not registered: no GST anywhere', async () => {
    const res = envelope<SellerDetails>(await post(c.t.app, AdminSellerPaths.get, {}, owner.token));
    expect(res.data).toMatchObject({ gstRegistered: false, pricesIncludeGst: true, abn: '' });
    const { s } = await cartSummary([[c.sku.aptamil, 1]], { currency: 'AUD', locationCode: SYDNEY });
    expect(s.gstPrice).toBe(0);
    expect(s.gstIncluded).toBe(true);
  });

  it.each([
    ['51824753557', /ABN 须为11位数字且校验正确/],
    ['5182475355', /ABN 须为11位数字且校验正确/],
    ['ABN51824753', /ABN 须为11位数字且校验正确/],
  ])('refuses the ABN %j in Chinese and keeps what was stored', async (abn, message) => {
    const res = await saveSeller({ abn });
    expect(res.success).toBe(false);
    expect(res.message).toMatch(message);
    const now = envelope<SellerDetails>(await post(c.t.app, AdminSellerPaths.get, {}, owner.token));
    expect(now.data.gstRegistered).toBe(false);
  });

  it('registering needs a legal name and an ABN', async () => {
    expect((await saveSeller({ legalName: '' })).message).toMatch(/须填写商家法定名称/);
    expect((await saveSeller({ abn: '' })).message).toMatch(/须填写ABN/);
  });

  it('is the owner’s: finance may not change it', async () => {
    const res = await saveSeller({}, finance.token);
    expect(res.success).toBe(false);
  });

  it('saves the ABN without spaces and audits the change', async () => {
    const res = await saveSeller({});
    expect(res.success, res.message).toBe(true);
    expect(res.data).toMatchObject({ abn: '51824753556', gstRegistered: true, pricesIncludeGst: true });
    const log = await c.t.app.services.audit.list({ action: 'seller.update', pageNo: 1, pageSize: 5 });
    expect(log.items[0]).toMatchObject({ actor: owner.username });
    expect(log.items[0]?.after).toMatchObject({ abn: '51824753556', gstRegistered: true });
  });

  it('the cart reads the setting without login', async () => {
    const res = envelope(await post(c.t.app, CheckoutPaths.gstSetting, {}));
    expect(res.data).toEqual({ registered: true, pricesIncludeGst: true });
  });
});

describe('cart/summary/: gstPrice and gstIncluded', () => {
  it('AUD to Sydney, prices including GST: gstPrice is one eleventh of the total, nothing added', async () => {
    await setGst({ pricesIncludeGst: true });
    const { s } = await cartSummary([[c.sku.aptamil, 2]], { currency: 'AUD', locationCode: SYDNEY });
    expect(s.gstIncluded).toBe(true);
    expect(s.taxPrice).toBe(0);
    expect(minor(s.gstPrice)).toBe(eleventh(minor(s.totalPrice)));
    expect(s.gstPrice).toBeGreaterThan(0);
    expectTotalsAddUp(s);
  });

  it('AUD to Sydney, prices excluding GST: taxPrice is 10 % of goods and freight, and is the GST', async () => {
    await setGst({ pricesIncludeGst: false });
    const { s } = await cartSummary([[c.sku.aptamil, 2]], { currency: 'AUD', locationCode: SYDNEY });
    const base = minor(s.goodsPrice) - minor(s.promotionsSum) + minor(s.otherPrice);
    expect(s.gstIncluded).toBe(false);
    expect(minor(s.taxPrice)).toBe(Math.floor((base * 10 * 2 + 100) / 200));
    expect(s.gstPrice).toBe(s.taxPrice);
    expect(minor(s.allOtherPrice)).toBe(minor(s.otherPrice) + minor(s.taxPrice));
    expectTotalsAddUp(s);
    await setGst({ pricesIncludeGst: true });
  });

  it('a CNY order carries no Australian GST', async () => {
    const { s } = await cartSummary([[c.sku.aptamil, 1]], { currency: 'CNY', locationCode: SYDNEY });
    expect(s.gstPrice).toBe(0);
  });

  it('AUD goods delivered to China are an export: no GST, the cross-border tax as before', async () => {
    const { s } = await cartSummary([[c.sku.aptamil, 1]], { currency: 'AUD', locationCode: '200040' });
    expect(s.gstPrice).toBe(0);
    expect(s.taxPrice).toBe(4.18);
  });

  it('pickup at the Sydney desk is supplied in Australia', async () => {
    const { s } = await cartSummary([[c.sku.aptamil, 1]], { currency: 'AUD', locationCode: 'Pickup' });
    expect(minor(s.gstPrice)).toBe(eleventh(minor(s.totalPrice)));
  });
});

/** A member's AUD order to Sydney through the API, with its summary. */
async function sydneyOrder() {
  const m = await newMember(c.t);
  await addToCart(c.t, m.token, [[c.sku.aptamil, 2]]);
  const auth = await c.t.app.services.member.authenticate(m.token);
  if (!auth) throw new Error('no auth');
  const receiver = await c.t.app.services.addressBook.save(auth, 'receiver', {
    name: 'Jane Citizen',
    phone: '0400000000',
    country: 'AU',
    province: 'NSW',
    city: 'Sydney',
    district: '',
    detail: '1 George St',
    postCode: SYDNEY,
    company: '',
    idCardNo: '',
    defaultFlag: true,
  });
  const s = await summary(c.t, m.token, { currency: 'AUD', locationCode: SYDNEY });
  const created = envelope<{ orderId: number; orderNo: string }>(
    await post(
      c.t.app,
      OrderPaths.create,
      { requestId: randomUUID(), currency: 'AUD', isPickup: false, receiverId: receiver.id },
      m.token,
    ),
  );
  expect(created.success, created.message).toBe(true);
  const detail = envelope<OrderDetail>(
    await post(c.t.app, OrderPaths.detail, { id: created.data.orderId }, m.token),
  ).data;
  return { m, s, orderId: created.data.orderId, orderNo: created.data.orderNo, detail };
}

const stored = async (orderId: number) =>
  (
    await c.t.database.db
      .select({
        tax: orders.taxAmount,
        gst: orders.gstAmount,
        included: orders.gstIncluded,
        refundedGst: orders.refundedGst,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
  )[0];

describe('orders keep the GST the summary showed', () => {
  it('inclusive: the order stores it apart from the cross-border tax, detail and list answer it', async () => {
    await setGst({ pricesIncludeGst: true });
    const { m, s, orderId, detail } = await sydneyOrder();
    expect(await stored(orderId)).toMatchObject({ tax: 0, gst: minor(s.gstPrice), included: true });
    expect(detail).toMatchObject({
      gstPrice: s.gstPrice,
      gstIncluded: true,
      gst: 0,
      totalPrice: s.totalPrice,
    });
    expect(minor(detail.gstPrice)).toBe(eleventh(minor(detail.totalPrice)));
    const list = envelope<OrderListResponse>(await post(c.t.app, OrderPaths.list, {}, m.token)).data;
    expect(list.items.find((o) => o.id === orderId)).toMatchObject({
      gstPrice: s.gstPrice,
      gstIncluded: true,
    });
  });

  it('exclusive: gst is the GST added, and allOtherPrice = otherPrice + gst', async () => {
    await setGst({ pricesIncludeGst: false });
    try {
      const { s, orderId, detail } = await sydneyOrder();
      expect(await stored(orderId)).toMatchObject({ tax: 0, gst: minor(s.gstPrice), included: false });
      expect(detail.gst).toBe(s.gstPrice);
      expect(detail.gstIncluded).toBe(false);
      expect(minor(detail.allOtherPrice)).toBe(minor(detail.otherPrice) + minor(detail.gst));
      expect(detail.totalPrice).toBe(s.totalPrice);
    } finally {
      await setGst({ pricesIncludeGst: true });
    }
  });

  it('refunds reverse the GST in proportion, and a full refund all of it', async () => {
    const { m, orderId, orderNo, detail } = await sydneyOrder();
    await giveDeposit(c.t.app, m.memberId, 'AUD', 100_000);
    const pay = envelope(
      await post(
        c.t.app,
        PaymentPaths.payByDeposit,
        { orderId, currency: 'AUD', deposit: detail.totalPrice },
        m.token,
      ),
    );
    expect(pay.success, pay.message).toBe(true);
    const paid = minor(detail.totalPrice);
    const gst = minor(detail.gstPrice);
    const third = Math.floor(paid / 3);
    await c.t.app.services.refundOrder.refund(cliActor('test'), orderNo, { amount: third });
    expect((await stored(orderId))?.refundedGst).toBe(Math.floor((third * gst * 2 + paid) / (2 * paid)));
    await c.t.app.services.refundOrder.refund(cliActor('test'), orderNo, { amount: paid - third });
    expect((await stored(orderId))?.refundedGst).toBe(gst);
  });
});

describe('summary contract', () => {
  it('answers gstPrice and gstIncluded on every summary', async () => {
    const { s } = await cartSummary([[c.sku.rice, 1]], { currency: 'CNY', locationCode: '200040' });
    const keys: (keyof CheckoutSummary)[] = ['gstPrice', 'gstIncluded', 'taxPrice', 'allOtherPrice'];
    for (const key of keys) expect(s).toHaveProperty(key);
  });
});
