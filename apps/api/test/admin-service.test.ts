import {
  type AdminMessageListResponse,
  AdminPaths,
  AdminServicePaths,
  type AdminTicketDetailResponse,
  type AdminTicketListResponse,
  type AuditListResponse,
  type MessageListResponse,
  MessagePaths,
  ResultCode,
  type SentMessage,
  SupportTicketPaths,
  type TicketDetail,
  type TicketImage,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueFixture } from './support/catalogue-fixtures';
import { insertOrder, newMember } from './support/order-fixtures';
import { type StaffLogin, staffToken } from './support/staff';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';
import { bombPng, testImage, upload } from './support/upload';

let t: TestApp;
let skuId: number;
let owner: StaffLogin;
let service: StaffLogin;
let warehouse: StaffLogin;
let finance: StaffLogin;

beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
  skuId = (await insertCatalogueFixture(t.database.db)).goods.aptamilGold.skuIds[0] ?? 0;
  owner = await staffToken(t, 'owner');
  service = await staffToken(t, 'service', { name: '客服小王' });
  warehouse = await staffToken(t, 'warehouse');
  finance = await staffToken(t, 'finance');
});
afterAll(async () => {
  await t?.close();
});

const P = AdminServicePaths;
let seq = 0;
const requestId = () => {
  seq += 1;
  return `req-${Date.now()}-${seq}`;
};

async function call<T>(path: string, body: unknown, token = service.token) {
  return envelope<T>(await post(t.app, path, body, token));
}

async function openTicket(token: string, extra: Record<string, unknown> = {}): Promise<TicketDetail> {
  const body = envelope<TicketDetail>(
    await post(
      t.app,
      SupportTicketPaths.create,
      { type: 1, title: '奶粉破损', content: '收到时罐子凹了', ...extra },
      token,
    ),
  );
  expect(body.success, body.message).toBe(true);
  return body.data;
}

async function auditOf(objectType: string, objectId: number) {
  return envelope<AuditListResponse>(
    await post(t.app, AdminPaths.auditList, { objectType, objectId: String(objectId) }, owner.token),
  ).data.items;
}

/** Every console call of this part, with a valid body, and the roles that may not call it. */
const calls: { path: string; body: () => unknown; denied: StaffLogin[] }[] = [
  { path: P.ticketList, body: () => ({}), denied: [] },
  { path: P.ticketDetail, body: () => ({ id: 1 }), denied: [] },
  { path: P.ticketReply, body: () => ({ ticketId: 1, content: 'x', requestId: requestId() }), denied: [] },
  { path: P.ticketUpdate, body: () => ({ id: 1, priority: 2 }), denied: [] },
  { path: P.ticketClose, body: () => ({ id: 1 }), denied: [] },
  { path: P.ticketReopen, body: () => ({ id: 1 }), denied: [] },
  {
    path: P.messageSend,
    body: () => ({ to: 'all', type: 5, title: 't', content: 'c', requestId: requestId() }),
    denied: [],
  },
  { path: P.messageList, body: () => ({}), denied: [] },
];

describe('the guard on every service-desk and message call', () => {
  it('refuses no token and a member token (401), roles without the permission (4030) and bad input', async () => {
    const m = await newMember(t.app, 'sdguard');
    for (const c of calls) {
      for (const token of [undefined, m.token]) {
        const res = await post(t.app, c.path, c.body(), token);
        expect(res.statusCode, c.path).toBe(401);
        expect(envelope(res).resultCode).toBe(ResultCode.InvalidToken);
      }
      for (const denied of [warehouse, finance]) {
        const res = await post(t.app, c.path, c.body(), denied.token);
        expect(res.statusCode, c.path).toBe(403);
        expect(envelope(res).resultCode, c.path).toBe(ResultCode.PermissionDenied);
      }
      const bad = await call(c.path, { unknownField: 1 });
      expect(bad.resultCode, c.path).toBe(ResultCode.ParamsError);
    }
    const upload403 = await upload(t.app, P.ticketUploadImage, warehouse.token, await testImage('png'));
    expect(envelope(upload403).resultCode).toBe(ResultCode.PermissionDenied);
    expect((await upload(t.app, P.ticketUploadImage, m.token, await testImage('png'))).statusCode).toBe(401);
  });

  it('says what is wrong in Chinese', async () => {
    expect(
      (await call(P.ticketReply, { ticketId: 1, content: '  ', requestId: requestId() })).message,
    ).toContain('请填写回复内容');
    expect((await call(P.ticketReply, { ticketId: 1, content: 'x', requestId: 'a b' })).message).toContain(
      '请求编号',
    );
    expect((await call(P.ticketUpdate, { id: 1 })).message).toContain('请选择负责组或优先级');
    expect((await call(P.ticketUpdate, { id: 1, ownerGroup: 'boss' })).message).toContain('负责组不正确');
    expect((await call(P.ticketList, { status: 'lost' })).message).toContain('工单状态不正确');
    const noName = await call(P.messageSend, {
      to: 'member',
      type: 1,
      title: 't',
      content: 'c',
      requestId: requestId(),
    });
    expect(noName.message).toContain('请输入会员用户名');
    const badLink = await call(P.messageSend, {
      to: 'all',
      type: 5,
      title: 't',
      content: 'c',
      link: 'https://evil.example',
      requestId: requestId(),
    });
    expect(badLink.message).toContain('链接须为本站路径，如 /article/3');
  });
});

describe('the service desk', () => {
  it('lists the queue waiting-for-the-shop first, oldest first, by group and status, with counts', async () => {
    const m = await newMember(t.app, 'sdqueue');
    const a = await openTicket(m.token, { title: '先开的' });
    const b = await openTicket(m.token, { title: '后开的' });
    // b: the member answered after the shop → waiting for the shop.
    await t.app.services.ticketReply.reply({ ticketId: b.id, by: '客服', content: '请发照片' });
    await post(t.app, SupportTicketPaths.addReply, { ticketId: b.id, content: '照片在此' }, m.token);
    const list = await call<AdminTicketListResponse>(P.ticketList, { ownerGroup: 'service' });
    expect(list.success, list.message).toBe(true);
    const mine = list.data.items.filter((i) => i.memberId === m.id);
    expect(mine.map((i) => [i.id, i.status])).toEqual([
      [b.id, 'waiting_shop'],
      [a.id, 'open'],
    ]);
    expect(mine[0]?.memberUsername).toBe(m.username);
    expect(list.data.statusCounts.waiting_shop).toBeGreaterThanOrEqual(1);
    const waiting = await call<AdminTicketListResponse>(P.ticketList, {
      status: 'waiting_shop',
      pageSize: 1,
    });
    expect(waiting.data.items).toHaveLength(1);
    expect(waiting.data.items[0]?.status).toBe('waiting_shop');
    expect(waiting.data.totalCount).toBe(waiting.data.statusCounts.waiting_shop);
    const it = await call<AdminTicketListResponse>(P.ticketList, { ownerGroup: 'it' });
    expect(it.data.items.some((i) => i.memberId === m.id)).toBe(false);
  });

  it('shows the thread with the member, their orders and the order the ticket is about', async () => {
    const m = await newMember(t.app, 'sddetail');
    const order = await insertOrder(t.database.db, {
      memberId: m.id,
      orderNo: 'SOSD0001',
      items: [{ skuId, qty: 1, unitPrice: 1000 }],
    });
    const ticket = await openTicket(m.token, { orderId: order.id });
    const res = await call<AdminTicketDetailResponse>(P.ticketDetail, { id: ticket.id });
    expect(res.success, res.message).toBe(true);
    expect(res.data.member).toMatchObject({ id: m.id, username: m.username });
    expect(res.data.order).toMatchObject({ id: order.id, orderNo: 'SOSD0001' });
    expect(res.data.recentOrders.map((o) => o.orderNo)).toContain('SOSD0001');
    expect(res.data.ticket.replies[0]?.content).toBe('收到时罐子凹了');
    expect((await call(P.ticketDetail, { id: 999_999 })).message).toBe('工单不存在');
  });

  it('replies once with an image: the member gets the reply and one message; audited', async () => {
    const m = await newMember(t.app, 'sdreply');
    const ticket = await openTicket(m.token);
    const image = envelope<TicketImage>(
      await upload(t.app, P.ticketUploadImage, service.token, await testImage('jpeg')),
    );
    expect(image.success, image.message).toBe(true);
    expect(image.data.url).toMatch(/^ticket\/[0-9a-f]{32}\.jpg$/);
    const body = {
      ticketId: ticket.id,
      content: '已为您补发',
      imageIds: [image.data.id],
      requestId: requestId(),
    };
    // A double click: the same request twice at once, and once more later.
    const [first, second] = await Promise.all([
      call<{ replyId: number }>(P.ticketReply, body),
      call<{ replyId: number }>(P.ticketReply, body),
    ]);
    const third = await call<{ replyId: number; status: string }>(P.ticketReply, body);
    expect(first.success, first.message).toBe(true);
    expect(second.data.replyId).toBe(first.data.replyId);
    expect(third.data).toMatchObject({ replyId: first.data.replyId, status: 'waiting_member' });

    const thread = envelope<TicketDetail>(
      await post(t.app, SupportTicketPaths.detail, { id: ticket.id }, m.token),
    ).data;
    expect(thread.replies).toHaveLength(2);
    expect(thread.replies[1]).toMatchObject({
      author: 'staff',
      authorName: '客服小王',
      content: '已为您补发',
    });
    expect(thread.replies[1]?.images.map((i) => i.id)).toEqual([image.data.id]);
    const inbox = envelope<MessageListResponse>(await post(t.app, MessagePaths.list, {}, m.token)).data;
    expect(inbox.items.filter((i) => i.link === `/member/supportticketreply/${ticket.id}`)).toHaveLength(1);

    const rows = await auditOf('ticket', ticket.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'ticket.reply',
      actor: service.username,
      before: { status: 'open' },
      after: { status: 'waiting_member', replyId: first.data.replyId, images: 1 },
    });
  });

  it('refuses an image already used, a bad upload and a reply to a closed ticket', async () => {
    const m = await newMember(t.app, 'sdrefuse');
    const ticket = await openTicket(m.token);
    const image = envelope<TicketImage>(
      await upload(t.app, P.ticketUploadImage, service.token, await testImage('png')),
    ).data;
    await call(P.ticketReply, {
      ticketId: ticket.id,
      content: '图一',
      imageIds: [image.id],
      requestId: requestId(),
    });
    const reused = await call(P.ticketReply, {
      ticketId: ticket.id,
      content: '图一again',
      imageIds: [image.id],
      requestId: requestId(),
    });
    expect(reused.message).toBe('图片不存在或已使用，请重新上传');
    const notImage = envelope(
      await upload(t.app, P.ticketUploadImage, service.token, Buffer.from('not an image')),
    );
    expect(notImage.success).toBe(false);
    const bomb = envelope(await upload(t.app, P.ticketUploadImage, service.token, bombPng()));
    expect(bomb.success).toBe(false);
    // A member's own upload is not the shop's to use.
    const memberImage = envelope<TicketImage>(
      await upload(t.app, SupportTicketPaths.uploadImage, m.token, await testImage('png')),
    ).data;
    const stolen = await call(P.ticketReply, {
      ticketId: ticket.id,
      content: 'x',
      imageIds: [memberImage.id],
      requestId: requestId(),
    });
    expect(stolen.message).toBe('图片不存在或已使用，请重新上传');

    expect((await call<{ changed: boolean }>(P.ticketClose, { id: ticket.id })).data.changed).toBe(true);
    expect((await call<{ changed: boolean }>(P.ticketClose, { id: ticket.id })).data.changed).toBe(false);
    const closed = await call(P.ticketReply, { ticketId: ticket.id, content: 'x', requestId: requestId() });
    expect(closed.message).toBe('工单已关闭，不能回复');
    expect(
      (await call(P.ticketReply, { ticketId: 999_999, content: 'x', requestId: requestId() })).message,
    ).toBe('工单不存在');
  });

  it('changes group and priority, closes and reopens, each audited once', async () => {
    const m = await newMember(t.app, 'sdchange');
    const ticket = await openTicket(m.token);
    const moved = await call<{ department: string; priority: number }>(P.ticketUpdate, {
      id: ticket.id,
      ownerGroup: 'accounting',
      priority: 2,
    });
    expect(moved.success, moved.message).toBe(true);
    expect(moved.data).toMatchObject({ department: 'accounting', priority: 2 });
    // The same values again change nothing.
    await call(P.ticketUpdate, { id: ticket.id, ownerGroup: 'accounting', priority: 2 });
    const open = await call(P.ticketReopen, { id: ticket.id });
    expect(open.message).toBe('工单未关闭，无需重新打开');
    await call(P.ticketClose, { id: ticket.id });
    const reopened = await call<{ status: string; closedAt: string | null }>(P.ticketReopen, {
      id: ticket.id,
    });
    expect(reopened.data).toMatchObject({ status: 'waiting_shop', closedAt: null });
    const rows = await auditOf('ticket', ticket.id);
    expect(rows.map((r) => r.action)).toEqual(['ticket.reopen', 'ticket.close', 'ticket.update']);
    expect(rows[2]).toMatchObject({
      before: { ownerGroup: 'service', priority: 1 },
      after: { ownerGroup: 'accounting', priority: 2 },
    });
    expect(rows[1]).toMatchObject({ before: { status: 'open' }, after: { status: 'closed' } });
    expect((await call(P.ticketClose, { id: 999_999 })).message).toBe('工单不存在');
  });
});

describe('messages', () => {
  it('sends to one member once per request, announces to everyone, lists what was sent; audited', async () => {
    const m = await newMember(t.app, 'sdmsg');
    const other = await newMember(t.app, 'sdmsg');
    const unread = async (token: string) =>
      envelope<MessageListResponse>(await post(t.app, MessagePaths.list, {}, token)).data.unread.total;
    const before = await unread(other.token);
    const one = {
      to: 'member',
      username: m.username.toUpperCase(),
      type: 3,
      title: '会员升级',
      content: '您已升级',
      requestId: requestId(),
    };
    const [a, b] = await Promise.all([
      call<SentMessage>(P.messageSend, one),
      call<SentMessage>(P.messageSend, one),
    ]);
    expect(a.success, a.message).toBe(true);
    expect(b.data.id).toBe(a.data.id);
    expect(a.data).toMatchObject({ memberId: m.id, memberUsername: m.username, sentBy: service.username });
    const all = await call<SentMessage>(P.messageSend, {
      to: 'all',
      type: 5,
      title: '放假通知',
      content: '国庆放假',
      link: '/article/3',
      requestId: requestId(),
    });
    expect(all.message).toBe('公告已发布');
    expect(await unread(other.token)).toBe(before + 1);
    const inbox = envelope<MessageListResponse>(await post(t.app, MessagePaths.list, {}, m.token)).data;
    expect(inbox.items.map((i) => i.title)).toEqual(['放假通知', '会员升级']);

    const sent = await call<AdminMessageListResponse>(P.messageList, { pageSize: 2 });
    expect(sent.data.items.map((i) => i.id)).toEqual([all.data.id, a.data.id]);
    expect(sent.data.totalCount).toBeGreaterThanOrEqual(2);
    const rows = await auditOf('message', a.data.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'message.send', after: { memberId: m.id, title: '会员升级' } });
    expect((await auditOf('message', all.data.id))[0]?.action).toBe('message.announce');

    const nobody = await call(P.messageSend, { ...one, username: 'nobody_here', requestId: requestId() });
    expect(nobody.message).toBe('会员不存在');
    expect(
      (await post(t.app, P.messageSend, { ...one, requestId: requestId() }, owner.token)).statusCode,
    ).toBe(200);
  });
});
