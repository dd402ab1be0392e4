import { type MessageListResponse, MessagePaths, MessageType, type UnreadCount } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopOn } from './support/cli';
import { newMember } from './support/order-fixtures';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
});
afterAll(async () => {
  await t?.close();
});

const list = async (token: string, body: Record<string, unknown> = {}) =>
  envelope<MessageListResponse>(await post(t.app, MessagePaths.list, body, token)).data;

const shop = (...argv: string[]) => shopOn(t, ...argv);

describe('member messages', () => {
  it('a member sees their own messages and the announcements sent since they joined, with unread counts', async () => {
    const send = t.app.services.messages.sendNow;
    await send({
      memberId: null,
      type: MessageType.NoticeAnnouncement,
      title: '旧公告',
      content: '入会前的公告',
    });
    await new Promise((r) => setTimeout(r, 5));
    const m = await newMember(t.app, 'msg');
    const other = await newMember(t.app, 'msg');
    await send({
      memberId: m.id,
      type: MessageType.TradeLogistics,
      title: '订单已发货',
      content: '顺丰 SF1',
      link: '/order/1',
    });
    await send({ memberId: other.id, type: MessageType.System, title: '别人的', content: 'x' });
    await send({
      memberId: null,
      type: MessageType.NoticeAnnouncement,
      title: '春节发货安排',
      content: '2月1日起暂停发货',
    });
    await send({
      memberId: null,
      type: MessageType.SelectedActivity,
      title: '满减活动',
      content: '满500减30',
    });

    const page = await list(m.token);
    expect(page.items.map((i) => i.title)).toEqual(['满减活动', '春节发货安排', '订单已发货']);
    expect(page.totalCount).toBe(3);
    expect(page.unread).toEqual({ total: 3, byType: { '1': 0, '2': 1, '3': 0, '4': 1, '5': 1 } });
    expect(page.items.every((i) => !i.read)).toBe(true);
    expect((await list(m.token, { type: 2 })).items.map((i) => i.link)).toEqual(['/order/1']);

    const trade = page.items.find((i) => i.type === 2);
    // Reading one's own and someone else's: only one's own counts.
    const foreign = (await list(other.token)).items.find((i) => i.title === '别人的');
    const afterRead = envelope<UnreadCount>(
      await post(t.app, MessagePaths.read, { ids: [trade?.id, foreign?.id] }, m.token),
    ).data;
    expect(afterRead.total).toBe(2);
    expect((await list(other.token)).unread.byType['1']).toBe(1);
    expect((await list(m.token, { unreadOnly: true })).items.map((i) => i.title)).toEqual([
      '满减活动',
      '春节发货安排',
    ]);

    const afterType = envelope<UnreadCount>(
      await post(t.app, MessagePaths.readAll, { type: 5 }, m.token),
    ).data;
    expect(afterType).toMatchObject({ total: 1, byType: { '5': 0, '4': 1 } });
    const afterAll = envelope<UnreadCount>(await post(t.app, MessagePaths.readAll, {}, m.token)).data;
    expect(afterAll.total).toBe(0);
    // A new announcement after 全部已读 is unread again.
    await send({ memberId: null, type: MessageType.NoticeAnnouncement, title: '新公告', content: '新' });
    expect(envelope<UnreadCount>(await post(t.app, MessagePaths.unreadCount, {}, m.token)).data.total).toBe(
      1,
    );
  });

  it('pages, and refuses bad requests and visitors', async () => {
    const m = await newMember(t.app, 'msg');
    for (let i = 0; i < 12; i += 1)
      await t.app.services.messages.sendNow({
        memberId: m.id,
        type: MessageType.System,
        title: `消息${i}`,
        content: 'c',
      });
    const second = await list(m.token, { pageNo: 2, pageSize: 5 });
    expect(second.items.map((i) => i.title)).toEqual(['消息6', '消息5', '消息4', '消息3', '消息2']);
    expect(second.totalCount).toBe(12);
    expect((await post(t.app, MessagePaths.list, { type: 9 }, m.token)).statusCode).toBe(400);
    expect((await post(t.app, MessagePaths.read, { ids: [] }, m.token)).statusCode).toBe(400);
    for (const path of Object.values(MessagePaths))
      expect((await post(t.app, path, {})).statusCode, path).toBe(401);
  });

  it('refuses a message that links outside the shop', async () => {
    await expect(
      t.app.services.messages.sendNow({
        memberId: null,
        type: 5,
        title: 't',
        content: 'c',
        link: 'https://evil.example',
      }),
    ).rejects.toThrow('链接须为本站路径');
  });
});

describe('operator commands', () => {
  it('message:send writes to one member or announces to all; ticket commands list, show, reply and close', async () => {
    const m = await newMember(t.app, 'msgcli');
    const one = await shop(
      'message:send',
      '--member',
      m.username,
      '--type',
      '3',
      '--title',
      '会员升级',
      '--text',
      '您已升级为38级会员',
    );
    expect(one.status, one.stderr).toBe(0);
    const all = await shop(
      'message:send',
      '--all',
      '--type',
      '5',
      '--title',
      '放假通知',
      '--text',
      '国庆放假',
      '--link',
      '/article/3',
    );
    expect(all.status, all.stderr).toBe(0);
    expect((await list(m.token)).items.map((i) => i.title)).toEqual(['放假通知', '会员升级']);
    expect((await shop('message:send', '--type', '5', '--title', 'x', '--text', 'y')).status).toBe(2);
    expect(
      (await shop('message:send', '--member', 'nobody_here', '--type', '1', '--title', 'x', '--text', 'y'))
        .status,
    ).toBe(2);

    const ticket = envelope<{ id: number }>(
      await post(
        t.app,
        '/api/orderService/supportticket/create/',
        { type: 4, title: '网站建议', content: '希望增加发票下载' },
        m.token,
      ),
    ).data;
    const queue = await shop('ticket:list', '--group', 'service');
    expect(queue.stdout).toContain(`#${ticket.id}`);
    const reply = await shop(
      'ticket:reply',
      '--id',
      String(ticket.id),
      '--by',
      '客服小李',
      '--text',
      '好的，已记录',
    );
    expect(reply.status, reply.stderr).toBe(0);
    const shown = await shop('ticket:show', '--id', String(ticket.id));
    expect(shown.stdout).toContain('客服 客服小李');
    expect(shown.stdout).toContain('待您回复');
    expect((await shop('ticket:close', '--id', String(ticket.id))).stdout).toContain('已关闭工单');
    expect((await shop('ticket:close', '--id', String(ticket.id))).stdout).toContain('已关闭，未改变');
    expect((await shop('ticket:show', '--id', '999999')).status).toBe(1);
  });
});
