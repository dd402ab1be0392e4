import { MessageType } from '@shop/domain';
import { and, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { messageReadMarks, messageReads, messages } from '../../db/schema';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = Pick<
  typeof messages.$inferInsert,
  'memberId' | 'type' | 'title' | 'content' | 'link' | 'sentBy' | 'requestId'
>;

const MESSAGE_TYPES = Object.values(MessageType);

/** Whose messages a member sees: their own, and the announcements sent since they joined. */
export interface Reader {
  memberId: number;
  joinedAt: Date;
}

function visibleTo(reader: Reader): SQL {
  return or(
    eq(messages.memberId, reader.memberId),
    and(
      isNull(messages.memberId),
      sql`${messages.createdAt} >= ${reader.joinedAt.toISOString()}::timestamptz`,
    ),
  ) as SQL;
}

/** True when the reader has read the message: marked one by one, or covered by a 全部已读 of its type or of all. */
function readBy(memberId: number): SQL {
  return sql`(exists (select 1 from ${messageReads} r where r.member_id = ${memberId} and r.message_id = ${messages.id})
    or ${messages.id} <= coalesce((select max(k.up_to_id) from ${messageReadMarks} k
      where k.member_id = ${memberId} and k.type in (0, ${messages.type})), 0))`;
}

export async function insertMessage(db: Database, row: NewMessage): Promise<MessageRow> {
  const [inserted] = await db.insert(messages).values(row).returning();
  if (!inserted) throw new Error('message insert returned no row');
  return inserted;
}

/**
 * A hand-written message carrying the console's request id: null when one with that id exists already (a retried
 * 发送), decided by the unique index, never by a look first.
 */
export async function insertMessageOnce(db: Database, row: NewMessage): Promise<MessageRow | null> {
  const rows = await db
    .insert(messages)
    .values(row)
    .onConflictDoNothing({ target: messages.requestId })
    .returning();
  return rows[0] ?? null;
}

export async function findMessageByRequest(db: Database, requestId: string): Promise<MessageRow | null> {
  const rows = await db.select().from(messages).where(eq(messages.requestId, requestId)).limit(1);
  return rows[0] ?? null;
}

/** One page of what staff and operators wrote by hand, newest first, with the total. */
export async function listSent(
  db: Database,
  page: { limit: number; offset: number },
): Promise<{ rows: MessageRow[]; totalCount: number }> {
  const where = isNotNull(messages.sentBy);
  const [rows, total] = await Promise.all([
    db.select().from(messages).where(where).orderBy(desc(messages.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(messages).where(where),
  ]);
  return { rows, totalCount: total[0]?.n ?? 0 };
}

/** One page of the reader's messages, newest first, each with its read flag (counts: countsByType). */
export function listMessages(
  db: Database,
  reader: Reader,
  filter: { type?: number | undefined; unreadOnly: boolean },
  page: { limit: number; offset: number },
) {
  const read = readBy(reader.memberId);
  const where = and(
    visibleTo(reader),
    filter.type === undefined ? undefined : eq(messages.type, filter.type),
    filter.unreadOnly ? sql`not ${read}` : undefined,
  );
  return db
    .select({
      id: messages.id,
      type: messages.type,
      title: messages.title,
      content: messages.content,
      link: messages.link,
      createdAt: messages.createdAt,
      read: sql<boolean>`${read}`,
    })
    .from(messages)
    .where(where)
    .orderBy(desc(messages.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** The reader's messages per type, all and unread, in one pass over them. */
export async function countsByType(
  db: Database,
  reader: Reader,
): Promise<Map<number, { total: number; unread: number }>> {
  // Joins rather than readBy's per-row subqueries: the read marks are looked up once per type, and the
  // one-by-one reads are hash-joined, so a long history costs one scan of the member's messages.
  const marks = db
    .select({
      type: sql<number>`t.type`.as('mark_type'),
      upToId: sql<number>`coalesce(max(${messageReadMarks.upToId}), 0)`.as('up_to_id'),
    })
    .from(sql`unnest(${sql.raw(`array[${MESSAGE_TYPES.join(',')}]`)}::smallint[]) as t(type)`)
    .leftJoin(
      messageReadMarks,
      and(eq(messageReadMarks.memberId, reader.memberId), sql`${messageReadMarks.type} in (0, t.type)`),
    )
    .groupBy(sql`t.type`)
    .as('marks');
  const rows = await db
    .select({
      type: messages.type,
      total: count(),
      unread: sql<number>`(count(*) filter (where ${messages.id} > ${marks.upToId} and ${messageReads.messageId} is null))::int`,
    })
    .from(messages)
    .innerJoin(marks, eq(marks.type, messages.type))
    .leftJoin(
      messageReads,
      and(eq(messageReads.memberId, reader.memberId), eq(messageReads.messageId, messages.id)),
    )
    .where(visibleTo(reader))
    .groupBy(messages.type);
  return new Map(rows.map((r) => [r.type, { total: r.total, unread: Number(r.unread) }]));
}

/** Marks the given messages read, those the reader can see; returns how many were new marks. */
export async function markRead(db: Database, reader: Reader, ids: readonly number[]): Promise<number> {
  const visible = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(visibleTo(reader), inArray(messages.id, [...ids])));
  if (visible.length === 0) return 0;
  const inserted = await db
    .insert(messageReads)
    .values(visible.map((v) => ({ memberId: reader.memberId, messageId: v.id })))
    .onConflictDoNothing()
    .returning({ id: messageReads.messageId });
  return inserted.length;
}

/** 全部已读: every message the reader can see now, of one type or of all (type 0), counts as read. */
export async function markAllRead(db: Database, reader: Reader, type: number): Promise<void> {
  const [latest] = await db
    .select({ id: sql<number | null>`max(${messages.id})` })
    .from(messages)
    .where(and(visibleTo(reader), type === 0 ? undefined : eq(messages.type, type)));
  const upToId = latest?.id ?? 0;
  if (upToId === 0) return;
  await db
    .insert(messageReadMarks)
    .values({ memberId: reader.memberId, type, upToId })
    .onConflictDoUpdate({
      target: [messageReadMarks.memberId, messageReadMarks.type],
      set: { upToId: sql`greatest(${messageReadMarks.upToId}, excluded.up_to_id)`, updatedAt: sql`now()` },
    });
}
