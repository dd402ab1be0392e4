import {
  type AdminCompany,
  type AdminCompanyListResponse,
  AdminCompanyPaths,
  type CartListResponse,
  CartPaths,
  type CompanyDetail,
  type CompanyInvite,
  CompanyPaths,
  type Member,
  MemberPaths,
  type OrderDetail,
  OrderPaths,
  type OrderSummary,
  ResultCode,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../src/db/schema';
import { expectConsoleGuard } from './support/admin-access';
import {
  addToCart,
  type CheckoutTestApp,
  createCheckoutTestApp,
  orderForPickup,
} from './support/checkout-helpers';
import { memberWithContacts } from './support/company-helpers';
import { staffToken } from './support/staff';
import { envelope, post } from './support/test-app';

/**
 * A company member's prices are the company's level (issue #38 part 1, ADR 055): the session lookup and current/
 * read it, so joining, leaving and a change of the company's level reprice the member's next call, cached session
 * or not. The fixture's Aptamil is AUD 45.90 at level 37 and AUD 42.00 at level 38.
 */

let c: CheckoutTestApp;
beforeAll(async () => {
  c = await createCheckoutTestApp();
});
afterAll(async () => {
  await c?.t.close();
});

async function call<T>(path: string, body: unknown, token: string) {
  const res = envelope<T>(await post(c.t.app, path, body, token));
  expect(res.success, res.message).toBe(true);
  return res.data;
}

const aptamilPrice = async (token: string) =>
  (await call<CartListResponse>(CartPaths.list, {}, token)).data.find((l) => l.skuId === c.sku.aptamil)
    ?.audPrice;

describe('a company member’s price level', () => {
  it('is the company’s while they belong to it, and their own again after', async () => {
    const admin = await memberWithContacts(c.t);
    const made = await call<{ company: { id: number } }>(
      CompanyPaths.create,
      { name: '批发价公司', taxNo: '51824753556' },
      admin.token,
    );
    await c.t.database.db.update(companies).set({ level: 38 }).where(eq(companies.id, made.company.id));

    const buyer = await memberWithContacts(c.t);
    await addToCart(c.t, buyer.token, [[c.sku.aptamil, 1]]);
    expect(await aptamilPrice(buyer.token)).toBe(45.9);
    expect((await call<Member>(MemberPaths.current, {}, buyer.token)).level).toBe(37);

    const invite = await call<CompanyInvite>(
      CompanyPaths.invite,
      { contact: buyer.phone, role: 'buyer' },
      admin.token,
    );
    await call(CompanyPaths.accept, { id: invite.id }, buyer.token);
    expect(await aptamilPrice(buyer.token)).toBe(42);
    expect((await call<Member>(MemberPaths.current, {}, buyer.token)).level).toBe(38);

    await call(CompanyPaths.leave, {}, buyer.token);
    expect(await aptamilPrice(buyer.token)).toBe(45.9);
    expect((await call<Member>(MemberPaths.current, {}, buyer.token)).level).toBe(37);
  });
});

describe('companies in the console', () => {
  it('are made for a member, who is their admin, and re-levelled, the members repriced at once', async () => {
    const finance = await staffToken(c.t, 'finance');
    const owner = await memberWithContacts(c.t);
    const { username } = (await call<Member>(MemberPaths.current, {}, owner.token)) as Member;
    await addToCart(c.t, owner.token, [[c.sku.aptamil, 1]]);
    expect(await aptamilPrice(owner.token)).toBe(45.9);

    const made = await call<AdminCompany>(
      AdminCompanyPaths.create,
      { name: '控制台公司', taxNo: '51824753556', adminUsername: username.toUpperCase(), level: 38 },
      finance.token,
    );
    expect(made).toMatchObject({ name: '控制台公司', level: 38, memberCount: 1, admins: [username] });
    expect(await aptamilPrice(owner.token)).toBe(42);
    expect((await call<CompanyDetail>(CompanyPaths.detail, {}, owner.token)).role).toBe('admin');
    const twice = envelope(
      await post(
        c.t.app,
        AdminCompanyPaths.create,
        { name: '第二家', taxNo: '51824753556', adminUsername: username, level: 37 },
        finance.token,
      ),
    );
    expect(twice).toMatchObject({ success: false, message: `${username} 已属于一家公司` });

    const relevelled = await call<AdminCompany>(
      AdminCompanyPaths.level,
      { id: made.id, level: 37 },
      finance.token,
    );
    expect(relevelled.level).toBe(37);
    expect(await aptamilPrice(owner.token)).toBe(45.9);
    const found = await call<AdminCompanyListResponse>(
      AdminCompanyPaths.list,
      { pageNo: 1, pageSize: 20, keyword: '控制台' },
      finance.token,
    );
    expect(found.items.map((i) => i.id)).toEqual([made.id]);
  });

  it('are guarded by role', async () => {
    await expectConsoleGuard(c.t, AdminCompanyPaths.level, {
      body: { id: 1, level: 38 },
      denied: 'service',
      allowed: 'finance',
      badBody: { id: 1, level: 1000 },
      badMessage: /会员等级须为 0-999 的整数/,
    });
    await expectConsoleGuard(c.t, AdminCompanyPaths.list, {
      body: { pageNo: 1, pageSize: 20 },
      denied: 'warehouse',
      allowed: 'service',
      badBody: { pageNo: 0, pageSize: 20 },
      badMessage: /./,
    });
  });
});

describe('a company’s orders', () => {
  const placed = async (token: string) => {
    await addToCart(c.t, token, [[c.sku.aptamil, 1]]);
    const res = envelope<{ orderId: number }>(await orderForPickup(c.t, token));
    expect(res.success, res.message).toBe(true);
    return res.data.orderId;
  };
  const listed = async (token: string) =>
    (await call<{ items: OrderSummary[] }>(OrderPaths.list, { pageNo: 1, pageSize: 50 }, token)).items;

  it('are seen by every member with who placed each; only the one who placed it acts; a viewer places none', async () => {
    const admin = await memberWithContacts(c.t);
    await call(CompanyPaths.create, { name: '订单公司', taxNo: '51824753556' }, admin.token);
    const buyer = await memberWithContacts(c.t);
    const viewer = await memberWithContacts(c.t);
    for (const [who, role] of [
      [buyer, 'buyer'],
      [viewer, 'viewer'],
    ] as const) {
      const invite = await call<CompanyInvite>(
        CompanyPaths.invite,
        { contact: who.phone, role },
        admin.token,
      );
      await call(CompanyPaths.accept, { id: invite.id }, who.token);
    }
    const outsider = await memberWithContacts(c.t);
    const before = await placed(buyer.token);
    const outsiders = await placed(outsider.token);

    // The buyer's order is the company's: the admin and the viewer see it, with who placed it.
    const { username } = await call<Member>(MemberPaths.current, {}, buyer.token);
    for (const token of [admin.token, viewer.token]) {
      const list = await listed(token);
      expect(list.map((o) => [o.id, o.mine, o.placedBy])).toEqual([[before, false, username]]);
      expect(await call<OrderDetail>(OrderPaths.detail, { id: before }, token)).toMatchObject({
        id: before,
        mine: false,
        placedBy: username,
      });
    }
    expect((await listed(buyer.token)).map((o) => [o.id, o.mine])).toEqual([[before, true]]);
    // Nobody else's, and the outsider sees none of theirs; only the buyer cancels it.
    const foreign = envelope(await post(c.t.app, OrderPaths.detail, { id: outsiders }, admin.token));
    expect(foreign.success).toBe(false);
    expect((await listed(outsider.token)).map((o) => [o.id, o.mine, o.placedBy])).toEqual([
      [outsiders, undefined, undefined],
    ]);
    expect(envelope(await post(c.t.app, OrderPaths.cancel, { id: before }, admin.token)).success).toBe(false);

    // A viewer places no order.
    await addToCart(c.t, viewer.token, [[c.sku.aptamil, 1]]);
    const refused = await orderForPickup(c.t, viewer.token);
    expect(refused.statusCode).toBe(403);
    expect(envelope(refused)).toMatchObject({
      resultCode: ResultCode.PermissionDenied,
      message: '您在公司中是查看者，不能下单；请联系公司管理员',
    });

    // Removed, the buyer keeps their order; the company keeps it too, and the buyer no longer sees the company's.
    const adminsOwn = await placed(admin.token);
    expect((await listed(buyer.token)).map((o) => o.id).sort()).toEqual([before, adminsOwn].sort());
    await call(CompanyPaths.remove, { memberId: buyer.memberId }, admin.token);
    expect((await listed(buyer.token)).map((o) => [o.id, o.mine])).toEqual([[before, undefined]]);
    expect((await listed(admin.token)).map((o) => o.id).sort()).toEqual([before, adminsOwn].sort());
  });
});
