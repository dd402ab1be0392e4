import {
  type Address,
  AddressPaths,
  type CompanyDetail,
  type CompanyInvite,
  type CompanyMembersResponse,
  CompanyMessages,
  CompanyPaths,
  MessagePaths,
  ResultCode,
} from '@shop/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices, staffAuditLog } from '../src/db/schema';
import { newMember } from './support/checkout-helpers';
import { memberWithContacts } from './support/company-helpers';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

/**
 * Companies and their members (issue #38 part 1, docs/decisions/055): a member creates a company and is its admin;
 * the admin invites by phone or e-mail, and only the member who proved that contact accepts; roles decide who may
 * change the company; a removed member is refused at once; another company's members and invites are out of reach.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function call<T>(path: string, body: unknown, token: string) {
  const res = await post(t.app, path, body, token);
  return { status: res.statusCode, ...envelope<T>(res) };
}

/** A company of a new admin, with the admin. */
async function company(name = '悉尼批发有限公司') {
  const admin = await memberWithContacts(t);
  const made = await call<CompanyDetail>(CompanyPaths.create, { name, taxNo: '51 824 753 556' }, admin.token);
  expect(made.success, made.message).toBe(true);
  return { admin, id: made.data.company?.id ?? 0 };
}

/** Invites and accepts: the member joins the admin's company with the role. */
async function join(adminToken: string, who: { token: string; phone: string }, role: string) {
  const invite = await call<CompanyInvite>(CompanyPaths.invite, { contact: who.phone, role }, adminToken);
  expect(invite.success, invite.message).toBe(true);
  const accepted = await call<CompanyDetail>(CompanyPaths.accept, { id: invite.data.id }, who.token);
  expect(accepted.success, accepted.message).toBe(true);
  return invite.data;
}

describe('creating a company', () => {
  it('makes the member its admin, with an ABN or a 税号 checked', async () => {
    const m = await memberWithContacts(t);
    const bad = await call(CompanyPaths.create, { name: '坏税号公司', taxNo: '51 824 753 557' }, m.token);
    expect(bad).toMatchObject({ status: 400, resultCode: ResultCode.ParamsError });
    expect(bad.message).toContain(CompanyMessages.taxNo);

    const made = await call<CompanyDetail>(
      CompanyPaths.create,
      { name: '  上海贸易有限公司 ', taxNo: '91310000631696382c' },
      m.token,
    );
    expect(made.success, made.message).toBe(true);
    expect(made.message).toBe(CompanyMessages.created);
    expect(made.data).toMatchObject({
      company: { name: '上海贸易有限公司', taxNo: '91310000631696382C', memberCount: 1 },
      role: 'admin',
      limits: null,
      invites: [],
    });
    const again = await call(CompanyPaths.create, { name: '第二家', taxNo: '51824753556' }, m.token);
    expect(again).toMatchObject({ status: 400, message: CompanyMessages.alreadyMember });

    const [entry] = await t.database.db
      .select()
      .from(staffAuditLog)
      .where(
        and(
          eq(staffAuditLog.objectType, 'company'),
          eq(staffAuditLog.objectId, String(made.data.company?.id)),
        ),
      );
    expect(entry).toMatchObject({ action: 'company.create', actor: `member:${m.memberId}` });
  });

  it('answers a member without a company with none, and refuses the company calls', async () => {
    const m = await newMember(t);
    expect((await call<CompanyDetail>(CompanyPaths.detail, {}, m.token)).data).toEqual({
      company: null,
      role: null,
      limits: null,
      invites: [],
    });
    for (const [path, body] of [
      [CompanyPaths.members, {}],
      [CompanyPaths.invite, { contact: '+8613900000000', role: 'buyer' }],
      [CompanyPaths.setLimit, { memberId: m.memberId, role: 'buyer' }],
      [CompanyPaths.remove, { memberId: 1 }],
      [CompanyPaths.leave, {}],
    ] as const)
      expect(await call(path, body, m.token), path).toMatchObject({
        status: 400,
        message: CompanyMessages.notMember,
      });
    expect((await post(t.app, CompanyPaths.detail, {})).statusCode).toBe(401);
  });
});

describe('invites', () => {
  it('reach the member who proved the contact, who joins with the role; accepted once', async () => {
    const { admin } = await company();
    const buyer = await memberWithContacts(t, 'Buyer.One@example.com');
    const invite = await call<CompanyInvite>(
      CompanyPaths.invite,
      { contact: 'buyer.one@EXAMPLE.com', role: 'buyer' },
      admin.token,
    );
    expect(invite.success, invite.message).toBe(true);
    expect(invite.data).toMatchObject({ role: 'buyer', reachable: true, contact: 'b***@example.com' });

    // The invite itself goes to the address, and the text to a number no member has yet.
    const sent = await t.database.db
      .select({ channel: notices.channel, recipient: notices.recipient, params: notices.params })
      .from(notices)
      .where(eq(notices.kind, 'companyInvite'));
    expect(sent).toContainEqual({
      channel: 'email',
      recipient: 'buyer.one@example.com',
      params: { company: '悉尼批发有限公司', role: '采购员' },
    });
    // The invitee sees it on their page and in a message; a stranger cannot take it.
    const mine = await call<CompanyDetail>(CompanyPaths.detail, {}, buyer.token);
    expect(mine.data.invites).toEqual([
      expect.objectContaining({ id: invite.data.id, companyName: '悉尼批发有限公司', role: 'buyer' }),
    ]);
    const inbox = await call<{ list: { title: string }[] }>(MessagePaths.list, {}, buyer.token);
    expect(JSON.stringify(inbox.data)).toContain('邀请您加入公司「悉尼批发有限公司」');
    const stranger = await memberWithContacts(t);
    expect(await call(CompanyPaths.accept, { id: invite.data.id }, stranger.token)).toMatchObject({
      status: 404,
      message: CompanyMessages.inviteNotFound,
    });

    const accepted = await call<CompanyDetail>(CompanyPaths.accept, { id: invite.data.id }, buyer.token);
    expect(accepted.data).toMatchObject({
      company: { name: '悉尼批发有限公司', memberCount: 2 },
      role: 'buyer',
      limits: { aud: { perOrder: null, perMonth: null }, cny: { perOrder: null, perMonth: null } },
      invites: [],
    });
    expect(await call(CompanyPaths.accept, { id: invite.data.id }, buyer.token)).toMatchObject({
      status: 404,
    });
  });

  it('are for the admin only; a phone or an address that is neither is refused', async () => {
    const { admin } = await company();
    const viewer = await memberWithContacts(t);
    await join(admin.token, viewer, 'viewer');
    const refused = await call(CompanyPaths.invite, { contact: '+61412345678', role: 'buyer' }, viewer.token);
    expect(refused).toMatchObject({
      status: 403,
      resultCode: ResultCode.PermissionDenied,
      message: CompanyMessages.adminOnly,
    });
    const bad = await call(CompanyPaths.invite, { contact: '12345', role: 'buyer' }, admin.token);
    expect(bad).toMatchObject({ status: 400, resultCode: ResultCode.ParamsError });
    expect(bad.message).toContain('手机号须为中国大陆（+86）或澳大利亚（+61）手机号');
    // An Australian number as typed locally is the E.164 one; no member has it yet.
    const open = await call<CompanyInvite>(
      CompanyPaths.invite,
      { contact: '0412 345 678', role: 'buyer' },
      admin.token,
    );
    const [text] = await t.database.db
      .select({ channel: notices.channel, params: notices.params })
      .from(notices)
      .where(and(eq(notices.kind, 'companyInvite'), eq(notices.recipient, '+61412345678')));
    expect(text).toEqual({ channel: 'sms', params: { company: '悉尼批发有限公司', role: '采购员' } });
    expect(open.data).toMatchObject({ reachable: false, contact: expect.stringContaining('+61') });
    const listed = await call<CompanyMembersResponse>(CompanyPaths.members, {}, admin.token);
    expect(listed.data.invites.map((i) => i.id)).toEqual([open.data.id]);
    expect((await call<CompanyMembersResponse>(CompanyPaths.members, {}, viewer.token)).data.invites).toEqual(
      [],
    );
  });

  it('expire after 7 days, and a withdrawn or replaced invite is gone', async () => {
    const { admin } = await company();
    const late = await memberWithContacts(t);
    const first = await call<CompanyInvite>(
      CompanyPaths.invite,
      { contact: late.phone, role: 'viewer' },
      admin.token,
    );
    const second = await call<CompanyInvite>(
      CompanyPaths.invite,
      { contact: late.phone, role: 'buyer' },
      admin.token,
    );
    expect(await call(CompanyPaths.accept, { id: first.data.id }, late.token)).toMatchObject({ status: 404 });
    t.clock.advance(7 * 86_400_000 + 1000);
    try {
      expect(await call(CompanyPaths.accept, { id: second.data.id }, late.token)).toMatchObject({
        status: 400,
        message: CompanyMessages.inviteExpired,
      });
      expect((await call<CompanyDetail>(CompanyPaths.detail, {}, late.token)).data.invites).toEqual([]);
    } finally {
      t.clock.advance(-(7 * 86_400_000 + 1000));
    }
    const revoked = await call(CompanyPaths.remove, { inviteId: second.data.id }, admin.token);
    expect(revoked).toMatchObject({ success: true, message: CompanyMessages.inviteRevoked });
    expect(await call(CompanyPaths.accept, { id: second.data.id }, late.token)).toMatchObject({
      status: 404,
    });
  });

  it('cannot move a member of another company', async () => {
    const a = await company('甲公司');
    const b = await company('乙公司');
    const invite = await call<CompanyInvite>(
      CompanyPaths.invite,
      { contact: b.admin.phone, role: 'buyer' },
      a.admin.token,
    );
    expect(await call(CompanyPaths.accept, { id: invite.data.id }, b.admin.token)).toMatchObject({
      status: 400,
      message: CompanyMessages.alreadyMember,
    });
    // The refused acceptance left the invite open (its transaction rolled back).
    expect((await call<CompanyDetail>(CompanyPaths.detail, {}, b.admin.token)).data.invites).toHaveLength(1);
  });
});

describe('roles and limits', () => {
  it('an admin sets a buyer’s limits; only a buyer has them, and the last admin stays', async () => {
    const { admin } = await company();
    const buyer = await memberWithContacts(t);
    await join(admin.token, buyer, 'buyer');
    const limits = { aud: { perOrder: 500, perMonth: 2000.5 }, cny: { perOrder: null, perMonth: 10_000 } };
    const set = await call<CompanyMembersResponse>(
      CompanyPaths.setLimit,
      { memberId: buyer.memberId, limits },
      admin.token,
    );
    expect(set.success, set.message).toBe(true);
    expect(set.data.members.find((m) => m.memberId === buyer.memberId)).toMatchObject({
      role: 'buyer',
      limits,
    });
    expect((await call<CompanyDetail>(CompanyPaths.detail, {}, buyer.token)).data.limits).toEqual(limits);

    const wrong = { ...limits, aud: { perOrder: 3000, perMonth: 2000 } };
    expect(
      await call(CompanyPaths.setLimit, { memberId: buyer.memberId, limits: wrong }, admin.token),
    ).toMatchObject({ status: 400, message: '单笔额度不能大于每月额度' });
    expect(
      await call(CompanyPaths.setLimit, { memberId: buyer.memberId, role: 'viewer', limits }, admin.token),
    ).toMatchObject({ status: 400, message: CompanyMessages.limitsBuyerOnly });
    expect(
      await call(CompanyPaths.setLimit, { memberId: admin.memberId, role: 'buyer' }, admin.token),
    ).toMatchObject({ status: 400, message: CompanyMessages.lastAdmin });
    // The buyer sees the members, but no one's limits and no invites, and changes nothing.
    const seen = await call<CompanyMembersResponse>(CompanyPaths.members, {}, buyer.token);
    expect(seen.data.members.map((m) => [m.role, m.limits])).toEqual([
      ['admin', null],
      ['buyer', null],
    ]);
    expect(
      await call(
        CompanyPaths.setLimit,
        { memberId: buyer.memberId, limits: { ...limits, cny: limits.aud } },
        buyer.token,
      ),
    ).toMatchObject({ status: 403 });

    // Made a viewer, the buyer's limits are gone; made an admin, the first admin may step down.
    await call(CompanyPaths.setLimit, { memberId: buyer.memberId, role: 'viewer' }, admin.token);
    await call(CompanyPaths.setLimit, { memberId: buyer.memberId, role: 'admin' }, admin.token);
    const down = await call<CompanyMembersResponse>(
      CompanyPaths.setLimit,
      { memberId: admin.memberId, role: 'buyer' },
      admin.token,
    );
    expect(down.success, down.message).toBe(true);
    expect(
      await call(CompanyPaths.invite, { contact: '+61400000001', role: 'buyer' }, admin.token),
    ).toMatchObject({ status: 403 });
  });

  it('a removed member loses the company at once; the admin cannot remove themselves or another company’s member', async () => {
    const a = await company('丙公司');
    const b = await company('丁公司');
    const buyer = await memberWithContacts(t);
    await join(a.admin.token, buyer, 'buyer');
    expect(await call(CompanyPaths.remove, { memberId: buyer.memberId }, b.admin.token)).toMatchObject({
      status: 404,
      message: CompanyMessages.memberNotFound,
    });
    expect(
      await call(CompanyPaths.setLimit, { memberId: buyer.memberId, role: 'viewer' }, b.admin.token),
    ).toMatchObject({ status: 404 });
    expect(await call(CompanyPaths.remove, { memberId: a.admin.memberId }, a.admin.token)).toMatchObject({
      status: 400,
      message: CompanyMessages.notYourself,
    });
    const open = await call<CompanyInvite>(
      CompanyPaths.invite,
      { contact: '+61400000002', role: 'buyer' },
      a.admin.token,
    );
    expect(await call(CompanyPaths.remove, { inviteId: open.data.id }, b.admin.token)).toMatchObject({
      status: 404,
    });

    const removed = await call<CompanyMembersResponse>(
      CompanyPaths.remove,
      { memberId: buyer.memberId },
      a.admin.token,
    );
    expect(removed.data.members.map((m) => m.memberId)).toEqual([a.admin.memberId]);
    expect((await call<CompanyDetail>(CompanyPaths.detail, {}, buyer.token)).data.company).toBeNull();
    expect(await call(CompanyPaths.members, {}, buyer.token)).toMatchObject({
      message: CompanyMessages.notMember,
    });
  });

  it('a member leaves; the last admin leaves only when alone', async () => {
    const { admin } = await company();
    const viewer = await memberWithContacts(t);
    await join(admin.token, viewer, 'viewer');
    expect(await call(CompanyPaths.leave, {}, admin.token)).toMatchObject({
      status: 400,
      message: CompanyMessages.lastAdmin,
    });
    const left = await call<CompanyDetail>(CompanyPaths.leave, {}, viewer.token);
    expect(left).toMatchObject({ success: true, message: CompanyMessages.left, data: { company: null } });
    expect((await call<CompanyDetail>(CompanyPaths.leave, {}, admin.token)).data.company).toBeNull();
  });
});

describe('the company’s addresses', () => {
  const sydney = {
    name: '仓库收货',
    phone: '+61 2 8000 1234',
    country: 'AU',
    province: 'New South Wales',
    city: 'Silverwater',
    detail: 'Unit 5, 12 Holker Street',
    postCode: '2128',
  };

  it('are written by an admin and listed and used by every member; only admins change them', async () => {
    const a = await company('共用地址公司');
    const buyer = await memberWithContacts(t);
    await join(a.admin.token, buyer, 'buyer');
    const outsider = await company('另一家公司');

    // A buyer's own entry stays theirs; a buyer cannot write the company's book.
    const mine = await call<Address>(AddressPaths.receiverSave, { ...sydney, name: '我自己' }, buyer.token);
    expect(mine.data).toMatchObject({ shared: false, editable: true, defaultFlag: true });
    expect(await call(AddressPaths.receiverSave, { ...sydney, shared: true }, buyer.token)).toMatchObject({
      status: 403,
      message: '只有公司管理员可以新增、修改或删除公司的地址',
    });

    const shared = await call<Address>(AddressPaths.receiverSave, { ...sydney, shared: true }, a.admin.token);
    expect(shared.data).toMatchObject({ shared: true, editable: true, defaultFlag: false });
    const seen = await call<Address[]>(AddressPaths.receiverList, {}, buyer.token);
    expect(seen.data.map((e) => [e.name, e.shared, e.editable])).toEqual([
      ['我自己', false, true],
      ['仓库收货', true, false],
    ]);
    // The admin's own list has the company's entry, but not the buyer's own.
    expect(
      (await call<Address[]>(AddressPaths.receiverList, {}, a.admin.token)).data.map((e) => e.name),
    ).toEqual(['仓库收货']);
    expect(await t.app.services.addressBook.entry(buyer.memberId, 'receiver', shared.data.id)).toMatchObject({
      name: '仓库收货',
    });

    // The buyer cannot change or delete it; the admin can; an outsider sees nothing of it.
    const edit = { ...sydney, id: shared.data.id, name: '改名' };
    expect(await call(AddressPaths.receiverSave, edit, buyer.token)).toMatchObject({ status: 403 });
    expect(await call(AddressPaths.receiverDelete, { id: shared.data.id }, buyer.token)).toMatchObject({
      status: 403,
    });
    expect(await call(AddressPaths.receiverSave, edit, outsider.admin.token)).toMatchObject({ status: 404 });
    expect((await call<Address[]>(AddressPaths.receiverList, {}, outsider.admin.token)).data).toEqual([]);
    expect(
      await t.app.services.addressBook.entry(outsider.admin.memberId, 'receiver', shared.data.id),
    ).toBeNull();
    expect((await call<Address>(AddressPaths.receiverSave, edit, a.admin.token)).data).toMatchObject({
      name: '改名',
      shared: true,
      defaultFlag: false,
    });

    // Removed, the buyer keeps their own entry and loses the company's at once.
    await call(CompanyPaths.remove, { memberId: buyer.memberId }, a.admin.token);
    expect(
      (await call<Address[]>(AddressPaths.receiverList, {}, buyer.token)).data.map((e) => e.name),
    ).toEqual(['我自己']);
    expect(await t.app.services.addressBook.entry(buyer.memberId, 'receiver', shared.data.id)).toBeNull();
  });
});
