import type {} from '@fastify/websocket';
import { LIVE_PATH, LiveCloseCode, type LiveEvent, type UnreadCount } from '@shop/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import type { LiveHub, LiveNotice } from '../../lib/live-hub';
import type { AuthContext } from '../../plugins/auth';

/** How long a new socket may take to present its token. */
export const LIVE_AUTH_TIMEOUT_MS = 10_000;
/** How often a socket's token is checked again (a logout or password change elsewhere revokes it). */
export const LIVE_RECHECK_MS = 60_000;
/** How often the server pings; a socket that did not answer the previous ping is closed. */
export const LIVE_PING_MS = 30_000;
/** Sockets one member may hold on one process (tabs, devices); the oldest goes first. */
export const LIVE_MAX_SOCKETS_PER_MEMBER = 8;

export interface LiveRoutesOptions {
  hub: Pick<LiveHub, 'subscribe'>;
  /** The member of a bearer token, or null (the member module's authenticate). */
  authenticate(token: string): Promise<AuthContext | null>;
  unread(auth: AuthContext): Promise<UnreadCount>;
  recheckMs?: number;
  pingMs?: number;
}

interface Connection {
  socket: WebSocket;
  token: string;
  auth: AuthContext;
  alive: boolean;
}

/**
 * The live channel (GET /api/live, WebSocket; spec §8 WebSocket codes): one socket per open page of a signed-in
 * member. The page sends `{ "token": "…" }` first; the server answers `ready` and the unread counts, then tells it
 * when its unread messages change or a ticket of its member has a new post, as the live hub hears it from any API
 * process. A token that is refused or stops being valid closes the socket with 4401 (the page maps it to
 * WebSocketTokenExpire 1032 and stops); closing for shutdown uses 4503 (the page reconnects later).
 */
export const liveRoutes: FastifyPluginAsync<LiveRoutesOptions> = async (app, options) => {
  const recheckMs = options.recheckMs ?? LIVE_RECHECK_MS;
  const pingMs = options.pingMs ?? LIVE_PING_MS;
  const byMember = new Map<number, Set<Connection>>();

  const send = (socket: WebSocket, event: LiveEvent) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
  };

  const drop = (connection: Connection) => {
    const set = byMember.get(connection.auth.memberId);
    set?.delete(connection);
    if (set && set.size === 0) byMember.delete(connection.auth.memberId);
  };

  /** Sends each member's unread counts to their sockets, computed once per member. */
  const pushUnread = async (memberIds: Iterable<number>) => {
    for (const memberId of memberIds) {
      const set = byMember.get(memberId);
      const first = set?.values().next().value;
      if (!set || !first) continue;
      try {
        const unread = await options.unread(first.auth);
        for (const c of set) send(c.socket, { kind: 'unread', unread });
      } catch (error) {
        app.log.warn({ err: error, memberId }, 'live: unread count failed');
      }
    }
  };

  const unsubscribe = options.hub.subscribe((notice: LiveNotice) => {
    if (notice.kind === 'unread') {
      void pushUnread(notice.memberId === null ? [...byMember.keys()] : [notice.memberId]);
      return;
    }
    for (const c of byMember.get(notice.memberId) ?? [])
      send(c.socket, { kind: 'ticket', ticketId: notice.ticketId });
  });

  const timer = setInterval(() => {
    for (const set of byMember.values()) {
      for (const c of set) {
        if (!c.alive) {
          c.socket.terminate();
          continue;
        }
        c.alive = false;
        c.socket.ping();
      }
    }
  }, pingMs);
  timer.unref();

  const recheck = setInterval(() => {
    for (const set of [...byMember.values()]) {
      for (const c of [...set]) {
        void options.authenticate(c.token).then(
          (auth) => {
            if (!auth) c.socket.close(LiveCloseCode.TokenExpired, 'token expired');
          },
          () => {},
        );
      }
    }
  }, recheckMs);
  recheck.unref();

  app.addHook('onClose', async () => {
    unsubscribe();
    clearInterval(timer);
    clearInterval(recheck);
    for (const set of byMember.values())
      for (const c of set) c.socket.close(LiveCloseCode.GoingAway, 'server going away');
    byMember.clear();
  });

  app.get(
    LIVE_PATH,
    {
      websocket: true,
      schema: {
        tags: ['message'],
        summary: '实时通道（WebSocket）',
        description:
          '登录会员的页面连接此 WebSocket，首条消息发送 {"token": "…"}；之后服务器推送 {"kind":"ready"}、' +
          '{"kind":"unread","unread":{…}}（未读数变化）与 {"kind":"ticket","ticketId":…}（工单有新回复）。' +
          '令牌无效或失效时以 4401 关闭（页面对应规格第8节 1032），服务器停止时以 4503 关闭。',
        hide: false,
      },
    },
    (socket) => {
      let connection: Connection | null = null;
      const deadline = setTimeout(
        () => socket.close(LiveCloseCode.TokenExpired, 'no token'),
        LIVE_AUTH_TIMEOUT_MS,
      );
      deadline.unref();
      socket.on('pong', () => {
        if (connection) connection.alive = true;
      });
      socket.on('close', () => {
        clearTimeout(deadline);
        if (connection) drop(connection);
      });
      socket.on('message', (data, isBinary) => {
        if (connection) return; // Nothing else is expected from the page.
        clearTimeout(deadline);
        let token: unknown;
        try {
          token = isBinary ? undefined : (JSON.parse(String(data)) as { token?: unknown }).token;
        } catch {
          token = undefined;
        }
        if (typeof token !== 'string' || token.length > 200) {
          socket.close(LiveCloseCode.TokenExpired, 'no token');
          return;
        }
        void options.authenticate(token).then(
          async (auth) => {
            if (!auth || socket.readyState !== socket.OPEN) {
              socket.close(LiveCloseCode.TokenExpired, 'token expired');
              return;
            }
            connection = { socket, token, auth, alive: true };
            const set = byMember.get(auth.memberId) ?? new Set<Connection>();
            byMember.set(auth.memberId, set);
            set.add(connection);
            if (set.size > LIVE_MAX_SOCKETS_PER_MEMBER) {
              const oldest = set.values().next().value;
              if (oldest) {
                set.delete(oldest);
                oldest.socket.close(LiveCloseCode.GoingAway, 'too many sockets');
              }
            }
            send(socket, { kind: 'ready' });
            send(socket, { kind: 'unread', unread: await options.unread(auth) });
          },
          () => socket.close(1011, 'server error'),
        );
      });
    },
  );
};
