import {
  type AdminMessageListRequest,
  type AdminMessageListResponse,
  type AdminMessageSendInput,
  type MemberMessage,
  type MessageListQuery,
  type MessageListResponse,
  MessageType,
  type SentMessage,
  type UnreadCount,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { notFoundError, paramsError } from '../../lib/app-error';
import type { AuditActor, AuditRecorder } from '../../lib/audit';
import type { LiveHub } from '../../lib/live-hub';
import type { AuthContext } from '../../plugins/auth';
import * as repo from './messages.repository';

export const MessageMessages = {
  badLink: '链接须为本站路径，如 /article/3',
  badTitle: '标题须为1-100个字符',
  badContent: '内容须为1-5000个字符',
  noMember: '会员不存在',
  sent: '消息已发送',
  announced: '公告已发布',
} as const;

/** What the shop writes: to one member, or to everyone (memberId null: announcements, activities). */
export interface OutgoingMessage {
  memberId: number | null;
  type: MessageType;
  title: string;
  content: string;
  /** An in-shop path the message opens, or ''. */
  link?: string;
}

export interface MessageServiceDeps {
  db: Database;
  hub: Pick<LiveHub, 'announce'>;
  /** When the member joined (the member module, wired in services.ts): announcements before that are not theirs. */
  joinedAt(memberId: number): Promise<Date>;
  /** Member ids by lower-cased username, and usernames by id (the member module). */
  idsByUsernames(usernames: readonly string[]): Promise<Map<string, number>>;
  usernames(ids: readonly number[]): Promise<Map<number, string>>;
  audit: AuditRecorder;
}

export type MessageService = ReturnType<typeof createMessageService>;

const IN_SHOP_LINK = /^\/(?!\/)[^\s\\]{0,299}$/;

/** What every view of a message shows. */
function messageFields(row: Pick<repo.MessageRow, 'id' | 'type' | 'title' | 'content' | 'link'>) {
  return { id: row.id, type: row.type, title: row.title, content: row.content, link: row.link };
}

function toDto(row: Awaited<ReturnType<typeof repo.listMessages>>[number]): MemberMessage {
  return { ...messageFields(row), read: row.read, createdAt: row.createdAt.toISOString() };
}

/** A hand-written message as the console lists it, with its member's username (null: to everyone). */
function toSent(row: repo.MessageRow, usernames: Map<number, string>): SentMessage {
  return {
    ...messageFields(row),
    memberId: row.memberId,
    memberUsername: row.memberId === null ? null : (usernames.get(row.memberId) ?? null),
    sentBy: row.sentBy ?? '',
    createTime: row.createdAt.toISOString(),
  };
}

function toUnread(byType: Map<number, { unread: number }>): UnreadCount {
  const counts: Record<string, number> = {};
  let total = 0;
  for (const type of Object.values(MessageType)) {
    const n = byType.get(type)?.unread ?? 0;
    counts[String(type)] = n;
    total += n;
  }
  return { total, byType: counts };
}

/**
 * Member messages (spec §3 'Message types', §7 message/list/): the shop writes them when something happens to a
 * member (an order paid or shipped, a recharge credited, a ticket answered …) or to everyone (announcements);
 * members read them with an unread count. Writing one tells the member's open pages through the live hub, in the
 * writer's transaction.
 */
export function createMessageService({
  db,
  hub,
  joinedAt,
  idsByUsernames,
  usernames,
  audit,
}: MessageServiceDeps) {
  /** Writes a message on the caller's executor and tells the member's (or everyone's) open pages. */
  async function send(executor: Database, message: OutgoingMessage): Promise<repo.MessageRow> {
    const row = await write(executor, message);
    if (!row) throw new Error('message insert returned no row');
    return row;
  }

  async function reader(auth: AuthContext): Promise<repo.Reader> {
    return { memberId: auth.memberId, joinedAt: await joinedAt(auth.memberId) };
  }

  async function unread(auth: AuthContext): Promise<UnreadCount> {
    return toUnread(await repo.countsByType(db, await reader(auth)));
  }

  /**
   * Writes a message on the caller's executor (its transaction: the message exists exactly when what caused it
   * does) and tells the member's open pages, or everyone's for a message to all, when it commits.
   */
  async function write(
    executor: Database,
    message: OutgoingMessage,
    hand?: { sentBy: string; requestId: string | null },
  ): Promise<repo.MessageRow | null> {
    const title = message.title.trim();
    const content = message.content.trim();
    const link = (message.link ?? '').trim();
    if (title.length < 1 || title.length > 100) throw paramsError(MessageMessages.badTitle);
    if (content.length < 1 || content.length > 5000) throw paramsError(MessageMessages.badContent);
    if (link !== '' && !IN_SHOP_LINK.test(link)) throw paramsError(MessageMessages.badLink);
    const values = { memberId: message.memberId, type: message.type, title, content, link };
    const row = hand?.requestId
      ? await repo.insertMessageOnce(executor, { ...values, ...hand })
      : await repo.insertMessage(executor, { ...values, sentBy: hand?.sentBy ?? null });
    if (!row) return null;
    await hub.announce(executor, { kind: 'unread', memberId: message.memberId });
    return row;
  }

  return {
    /** One page of the member's messages, newest first, with the unread counts (spec §7 message/list/). */
    async list(auth: AuthContext, query: MessageListQuery): Promise<MessageListResponse> {
      const who = await reader(auth);
      const [rows, byType] = await Promise.all([
        repo.listMessages(
          db,
          who,
          { type: query.type, unreadOnly: query.unreadOnly },
          { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize },
        ),
        repo.countsByType(db, who),
      ]);
      // The page's total comes from the same pass as the unread counts: one scan of the member's messages less.
      let totalCount = 0;
      for (const [type, counts] of byType)
        if (query.type === undefined || query.type === type)
          totalCount += query.unreadOnly ? counts.unread : counts.total;
      return {
        items: rows.map(toDto),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount,
        unread: toUnread(byType),
      };
    },

    /** The member's unread messages in all and per type. */
    unreadCount: unread,

    /** Marks messages read (those the member can see; others are ignored) and answers the unread counts. */
    async read(auth: AuthContext, ids: readonly number[]): Promise<UnreadCount> {
      const who = await reader(auth);
      await db.transaction(async (tx) => {
        if ((await repo.markRead(tx, who, ids)) > 0)
          await hub.announce(tx, { kind: 'unread', memberId: auth.memberId });
      });
      return unread(auth);
    },

    /** 全部已读, of one type or of every type. */
    async readAll(auth: AuthContext, type: number | undefined): Promise<UnreadCount> {
      const who = await reader(auth);
      await db.transaction(async (tx) => {
        await repo.markAllRead(tx, who, type ?? 0);
        await hub.announce(tx, { kind: 'unread', memberId: auth.memberId });
      });
      return unread(auth);
    },

    send,

    /** Writes a message in a transaction of its own (operator commands, announcements). */
    sendNow(message: OutgoingMessage): Promise<repo.MessageRow> {
      return db.transaction((tx) => send(tx, message));
    },

    /**
     * Staff write to one member (by username) or announce to everyone (console 站内消息 and `message:send`): the
     * message and its audit row commit together; a retry with the same request id answers the first message and
     * writes nothing more. An announcement is one row every member sees from then on (their unread counts follow).
     */
    async staffSend(
      by: AuditActor,
      input: Omit<AdminMessageSendInput, 'requestId'> & { requestId: string | null },
    ): Promise<SentMessage> {
      let memberId: number | null = null;
      if (input.to === 'member') {
        const username = (input.username ?? '').trim();
        memberId = (await idsByUsernames([username])).get(username.toLowerCase()) ?? null;
        if (memberId === null) throw notFoundError(MessageMessages.noMember);
      }
      const row = await db.transaction(async (tx) => {
        const written = await write(
          tx,
          {
            memberId,
            type: input.type as MessageType,
            title: input.title,
            content: input.content,
            link: input.link,
          },
          { sentBy: by.actor, requestId: input.requestId },
        );
        if (!written) return null;
        await audit(tx, {
          by,
          action: memberId === null ? 'message.announce' : 'message.send',
          objectType: 'message',
          objectId: written.id,
          after: {
            memberId,
            username: memberId === null ? null : input.username,
            type: written.type,
            title: written.title,
            content: written.content.slice(0, 500),
            link: written.link,
          },
        });
        return written;
      });
      const sent = row ?? (input.requestId ? await repo.findMessageByRequest(db, input.requestId) : null);
      if (!sent) throw new Error('message neither written nor found');
      return toSent(sent, await usernames(sent.memberId === null ? [] : [sent.memberId]));
    },

    /** What staff and operators wrote by hand, newest first (console 站内消息). */
    async staffSentList(query: Required<AdminMessageListRequest>): Promise<AdminMessageListResponse> {
      const { rows, totalCount } = await repo.listSent(db, {
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      const names = await usernames(rows.flatMap((r) => (r.memberId === null ? [] : [r.memberId])));
      return { items: rows.map((r) => toSent(r, names)), totalCount };
    },
  };
}
