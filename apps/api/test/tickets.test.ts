import {
  MessagePaths,
  ResultCode,
  SupportTicketPaths,
  type TicketDetail,
  type TicketImage,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles, supportTicketImages, supportTickets } from '../src/db/schema';
import { insertCatalogueFixture } from './support/catalogue-fixtures';
import { insertOrder, newMember } from './support/order-fixtures';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';
import { bombPng, testImage, upload } from './support/upload';

let t: TestApp;
let skuId: number;
beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
  skuId = (await insertCatalogueFixture(t.database.db)).goods.aptamilGold.skuIds[0] ?? 0;
});
afterAll(async () => {
  await t?.close();
});

const P = SupportTicketPaths;

async function uploaded(token: string, kind: 'jpeg' | 'png' = 'jpeg'): Promise<TicketImage> {
  const res = await upload(t.app, P.uploadImage, token, await testImage(kind));
  const body = envelope<TicketImage>(res);
  expect(body.success, body.message).toBe(true);
  return body.data;
}

async function open(token: string, extra: Record<string, unknown> = {}): Promise<TicketDetail> {
  const res = await post(
    t.app,
    P.create,
    { type: 0, title: '发票问题', content: '请问可以开发票吗？', ...extra },
    token,
  );
  const body = envelope<TicketDetail>(res);
  expect(body.success, body.message).toBe(true);
  return body.data;
}

describe('a member opens a ticket about an order, with images', () => {
  it('stores the ticket, its first post and both images, and lists it', async () => {
    const m = await newMember(t.app, 'tk');
    const order = await insertOrder(t.database.db, {
      memberId: m.id,
      orderNo: 'SOTK0001',
      items: [{ skuId, qty: 2, unitPrice: 1000 }],
    });
    const a = await uploaded(m.token);
    const b = await uploaded(m.token, 'png');
    expect(a.url).toMatch(/^ticket\/[0-9a-f]{32}\.jpg$/);
    expect(b.url).toMatch(/^ticket\/[0-9a-f]{32}\.png$/);
    const res = await post(
      t.app,
      P.create,
      {
        type: 2,
        priority: 2,
        title: '包裹少了一罐',
        content: '收到的包裹里少了一罐奶粉，\n请核实。',
        orderId: order.id,
        packIndex: 0,
        imageIds: [a.id, b.id],
      },
      m.token,
    );
    expect(envelope(res)).toMatchObject({ success: true, message: '工单已提交' });
    const ticket = envelope<TicketDetail>(res).data;
    expect(ticket).toMatchObject({
      type: 2,
      priority: 2,
      department: 'service',
      status: 'open',
      orderId: order.id,
      orderNo: 'SOTK0001',
      packIndex: 0,
      replyCount: 1,
    });
    expect(ticket.replies).toHaveLength(1);
    expect(ticket.replies[0]).toMatchObject({
      author: 'member',
      content: '收到的包裹里少了一罐奶粉，\n请核实。',
    });
    expect(ticket.replies[0]?.images.map((i) => i.id)).toEqual([a.id, b.id]);

    const list = envelope<{ items: { id: number }[]; totalCount: number }>(
      await post(t.app, P.list, { status: 'open' }, m.token),
    ).data;
    expect(list.items.map((i) => i.id)).toContain(ticket.id);
    expect(envelope(await post(t.app, P.list, { status: 'closed' }, m.token)).data).toMatchObject({
      totalCount: 0,
    });
  });

  it('re-encodes uploads: the camera metadata is gone, and an image is served by the image host', async () => {
    const m = await newMember(t.app, 'tk');
    const original = await testImage('jpeg');
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const image = await uploaded(m.token);
    const [stored] = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.path, image.url));
    expect(stored).toBeDefined();
    expect((await sharp(stored?.bytes as Buffer).metadata()).exif).toBeUndefined();
    const served = await t.app.inject({ method: 'GET', url: `/res/img/${image.url}?w=64` });
    expect(served.statusCode).toBe(200);
  });
});

describe('the thread', () => {
  it('member and shop take turns; a closed ticket refuses replies and closing again changes nothing', async () => {
    const m = await newMember(t.app, 'tk');
    const ticket = await open(m.token);
    const reply = await post(
      t.app,
      P.addReply,
      { ticketId: ticket.id, content: '补充：抬头为公司名。' },
      m.token,
    );
    expect(envelope<TicketDetail>(reply).data).toMatchObject({ status: 'waiting_shop', replyCount: 2 });

    const staff = await t.app.services.ticketReply.reply({
      ticketId: ticket.id,
      by: '客服小王',
      content: '可以开，请提供税号。',
    });
    expect(staff.status).toBe('waiting_member');
    const detail = envelope<TicketDetail>(await post(t.app, P.detail, { id: ticket.id }, m.token)).data;
    expect(detail.replies.map((r) => [r.author, r.authorName])).toEqual([
      ['member', m.username],
      ['member', m.username],
      ['staff', '客服小王'],
    ]);

    // The shop's reply wrote the member a system message linking to the thread.
    const messages = envelope<{ items: { title: string; link: string; type: number }[] }>(
      await post(t.app, MessagePaths.list, {}, m.token),
    ).data;
    expect(messages.items[0]).toMatchObject({
      type: 1,
      title: '客服回复了您的工单：发票问题',
      link: `/member/supportticketreply/${ticket.id}`,
    });

    expect(envelope(await post(t.app, P.close, { id: ticket.id }, m.token)).data).toMatchObject({
      status: 'closed',
    });
    const again = envelope<TicketDetail>(await post(t.app, P.close, { id: ticket.id }, m.token));
    expect(again).toMatchObject({ success: true, data: { status: 'closed' } });
    const late = await post(t.app, P.addReply, { ticketId: ticket.id, content: '还在吗？' }, m.token);
    expect(envelope(late)).toMatchObject({
      success: false,
      resultCode: ResultCode.ParamsError,
      message: '工单已关闭，不能回复',
    });
    await expect(
      t.app.services.ticketReply.reply({ ticketId: ticket.id, by: '客服', content: '在' }),
    ).rejects.toThrow('工单已关闭，不能回复');
    const stored = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(stored[0]?.replyCount).toBe(3);
  });
});

describe('another member', () => {
  it('gets 404 for every call on a ticket, reply or image that is not theirs, and nothing changes', async () => {
    const owner = await newMember(t.app, 'tk');
    const other = await newMember(t.app, 'tk');
    const ticket = await open(owner.token);
    const ownerImage = await uploaded(owner.token);
    const notFound = { success: false, resultCode: ResultCode.BadRequest };
    for (const [path, body] of [
      [P.detail, { id: ticket.id }],
      [P.close, { id: ticket.id }],
      [P.addReply, { ticketId: ticket.id, content: '我也想问' }],
    ] as const) {
      const res = await post(t.app, path, body, other.token);
      expect(res.statusCode, path).toBe(404);
      expect(envelope(res), path).toMatchObject({ ...notFound, message: '工单不存在' });
    }
    // Another member's upload cannot go into one's own post.
    const own = await open(other.token);
    const stolen = await post(
      t.app,
      P.addReply,
      { ticketId: own.id, content: '看图', imageIds: [ownerImage.id] },
      other.token,
    );
    expect(stolen.statusCode).toBe(404);
    expect(envelope(stolen).message).toBe('图片不存在或已使用，请重新上传');
    const steal = await post(
      t.app,
      P.create,
      { type: 0, title: 't', content: 'c', imageIds: [ownerImage.id] },
      other.token,
    );
    expect(steal.statusCode).toBe(404);
    expect(envelope(await post(t.app, P.list, {}, other.token)).data).toMatchObject({ totalCount: 1 });
    const [image] = await t.database.db
      .select()
      .from(supportTicketImages)
      .where(eq(supportTicketImages.id, ownerImage.id));
    expect(image?.replyId).toBeNull();
    expect(
      (await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id)))[0]?.status,
    ).toBe('open');
  });

  it("cannot name another member's order, or a pack the order does not have", async () => {
    const owner = await newMember(t.app, 'tk');
    const other = await newMember(t.app, 'tk');
    const order = await insertOrder(t.database.db, {
      memberId: owner.id,
      orderNo: 'SOTK0002',
      items: [{ skuId, qty: 1, unitPrice: 1000 }],
    });
    const foreign = await post(
      t.app,
      P.create,
      { type: 1, title: 't', content: 'c', orderId: order.id },
      other.token,
    );
    expect(foreign.statusCode).toBe(404);
    expect(envelope(foreign).message).toBe('订单不存在');
    const noPack = await post(
      t.app,
      P.create,
      { type: 2, title: 't', content: 'c', orderId: order.id, packIndex: 5 },
      owner.token,
    );
    expect(envelope(noPack)).toMatchObject({ success: false, message: '订单没有这个包裹' });
  });

  it('a visitor gets InvalidToken on every call', async () => {
    for (const path of Object.values(P)) {
      const res = await post(t.app, path, {});
      expect(res.statusCode, path).toBe(401);
    }
  });
});

describe('bad input is refused clearly, nothing stored', () => {
  it('refuses uploads that are not images, too large, truncated, bombs or SVG', async () => {
    const m = await newMember(t.app, 'tk');
    const before = (await t.database.db.select().from(supportTicketImages)).length;
    const jpeg = await testImage('jpeg', 400, 300);
    const cases: [Buffer, number, string][] = [
      [Buffer.from('not an image at all'), 415, '仅支持 JPEG、PNG、WebP、GIF 图片'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 415, '仅支持 JPEG、PNG、WebP、GIF 图片'],
      [jpeg.subarray(0, Math.floor(jpeg.length / 2)), 400, '图片已损坏或不完整，请重新选择'],
      [bombPng(), 400, '图片像素过多（最多2000万像素）'],
      [Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024)]), 413, '图片不能超过 5 MB'],
    ];
    for (const [file, status, message] of cases) {
      const res = await upload(t.app, P.uploadImage, m.token, file);
      expect(res.statusCode, message).toBe(status);
      expect(envelope(res).message).toBe(message);
    }
    const wrongField = await upload(t.app, P.uploadImage, m.token, jpeg, 'file');
    expect(envelope(wrongField).message).toBe('请选择图片（image 字段）');
    const json = await post(t.app, P.uploadImage, { image: 'x' }, m.token);
    expect(json.statusCode).toBe(415);
    expect((await t.database.db.select().from(supportTicketImages)).length).toBe(before);
    // A GIF is kept as a still PNG.
    const gif = envelope<TicketImage>(await upload(t.app, P.uploadImage, m.token, await testImage('gif')));
    expect(gif.data.url).toMatch(/\.png$/);
  });

  it('refuses a 10,000-character reply, an empty one and ten images', async () => {
    const m = await newMember(t.app, 'tk');
    const ticket = await open(m.token);
    const cases: [Record<string, unknown>, string][] = [
      [{ ticketId: ticket.id, content: '长'.repeat(10_000) }, '内容最多2000个字符'],
      [{ ticketId: ticket.id, content: '   ' }, '请填写内容'],
      [
        { ticketId: ticket.id, content: 'x', imageIds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
        '每次最多上传9张图片',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await post(t.app, P.addReply, body, m.token);
      expect(envelope(res)).toMatchObject({ success: false, resultCode: ResultCode.ParamsError });
      expect(envelope(res).message).toContain(message);
    }
    const detail = envelope<TicketDetail>(await post(t.app, P.detail, { id: ticket.id }, m.token)).data;
    expect(detail.replyCount).toBe(1);
  });
});
