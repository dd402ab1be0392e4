import fastifyWebsocket from '@fastify/websocket';
import {
  LIVE_PATH,
  LiveCloseCode,
  type LiveEvent,
  MemberPaths,
  MessageType,
  SupportTicketPaths,
} from '@shop/domain';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { LiveNotice } from '../src/lib/live-hub';
import { liveRoutes } from '../src/modules/messages/messages.live';
import { newMember } from './support/order-fixtures';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
});
afterAll(async () => {
  await t?.close();
});

/** A page's socket: every event it received, and a way to wait for the next one that matches. */
function listen(ws: WebSocket) {
  const events: LiveEvent[] = [];
  const waiters: { match: (e: LiveEvent) => boolean; resolve: (e: LiveEvent) => void }[] = [];
  ws.on('message', (data) => {
    const event = JSON.parse(String(data)) as LiveEvent;
    events.push(event);
    for (const w of [...waiters])
      if (w.match(event)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(event);
      }
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return {
    events,
    closed,
    next(match: (e: LiveEvent) => boolean, timeoutMs = 5_000): Promise<LiveEvent> {
      const seen = events.find(match);
      if (seen) {
        events.splice(events.indexOf(seen), 1);
        return Promise.resolve(seen);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching event in ${timeoutMs} ms: ${JSON.stringify(events)}`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (e) => {
            clearTimeout(timer);
            events.splice(events.indexOf(e), 1);
            resolve(e);
          },
        });
      });
    },
  };
}

async function connect(token: string) {
  const ws = await t.app.injectWS(LIVE_PATH);
  const page = listen(ws);
  ws.send(JSON.stringify({ token }));
  return { ws, page };
}

const unreadTotal = (n: number) => (e: LiveEvent) => e.kind === 'unread' && e.unread.total === n;

describe('the live channel', () => {
  it('tells a member’s open pages when messages arrive, a ticket is answered, and an announcement goes out', async () => {
    const m = await newMember(t.app, 'live');
    const other = await newMember(t.app, 'live');
    const a = await connect(m.token);
    const b = await connect(m.token);
    const o = await connect(other.token);
    await a.page.next((e) => e.kind === 'ready');
    await a.page.next(unreadTotal(0));
    await o.page.next(unreadTotal(0));

    await t.app.services.messages.sendNow({
      memberId: m.id,
      type: MessageType.TradeLogistics,
      title: '已发货',
      content: 'SF1',
    });
    await a.page.next(unreadTotal(1));
    await b.page.next(unreadTotal(1));

    const ticket = envelope<{ id: number }>(
      await post(t.app, SupportTicketPaths.create, { type: 0, title: '问题', content: '内容' }, m.token),
    ).data;
    await a.page.next((e) => e.kind === 'ticket' && e.ticketId === ticket.id);
    await t.app.services.ticketReply.reply({ ticketId: ticket.id, by: '客服', content: '您好' });
    await a.page.next((e) => e.kind === 'ticket' && e.ticketId === ticket.id);
    await a.page.next(unreadTotal(2));

    await t.app.services.messages.sendNow({
      memberId: null,
      type: MessageType.NoticeAnnouncement,
      title: '公告',
      content: 'c',
    });
    await a.page.next(unreadTotal(3));
    await o.page.next(unreadTotal(1));
    // The other member heard nothing of the first member's message or ticket.
    expect(o.page.events.filter((e) => e.kind === 'ticket')).toEqual([]);
    for (const s of [a, b, o]) s.ws.terminate();
  });

  it('a change rolled back is never told', async () => {
    const m = await newMember(t.app, 'live');
    const a = await connect(m.token);
    await a.page.next(unreadTotal(0));
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.services.messages.send(tx, { memberId: m.id, type: 1, title: 't', content: 'c' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.app.services.messages.sendNow({ memberId: m.id, type: 1, title: 'kept', content: 'c' });
    await a.page.next(unreadTotal(1));
    expect(a.page.events.filter((e) => e.kind === 'unread')).toEqual([]);
    a.ws.terminate();
  });

  it('closes with 4401 for a missing or unknown token, and after logout', async () => {
    const unknown = await connect('A'.repeat(43));
    expect(await unknown.page.closed).toBe(LiveCloseCode.TokenExpired);
    const garbage = await t.app.injectWS(LIVE_PATH);
    const garbagePage = listen(garbage);
    garbage.send('not json');
    expect(await garbagePage.closed).toBe(LiveCloseCode.TokenExpired);

    const m = await newMember(t.app, 'live');
    const ok = await connect(m.token);
    await ok.page.next((e) => e.kind === 'ready');
    expect((await post(t.app, MemberPaths.logout, {}, m.token)).statusCode).toBe(200);
    // The logged-out token cannot open a socket again.
    const again = await connect(m.token);
    expect(await again.page.closed).toBe(LiveCloseCode.TokenExpired);
    ok.ws.terminate();
  });
});

describe('the live channel, on its own', () => {
  it('re-checks tokens and closes a socket whose token was revoked meanwhile', async () => {
    let valid = true;
    const listeners = new Set<(n: LiveNotice) => void>();
    const app = Fastify({ logger: false });
    await app.register(fastifyWebsocket);
    await app.register(liveRoutes, {
      hub: {
        subscribe: (l) => {
          listeners.add(l);
          return () => listeners.delete(l);
        },
      },
      authenticate: async () => (valid ? { memberId: 1, tokenId: 1 } : null),
      unread: async () => ({ total: 0, byType: {} }),
      recheckMs: 50,
    });
    await app.ready();
    try {
      const ws = await app.injectWS(LIVE_PATH);
      const page = listen(ws);
      ws.send(JSON.stringify({ token: 'x'.repeat(43) }));
      await page.next((e) => e.kind === 'ready');
      valid = false;
      expect(await page.closed).toBe(LiveCloseCode.TokenExpired);
    } finally {
      await app.close();
    }
  });
});
