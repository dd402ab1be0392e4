import { and, asc, count, desc, eq, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { supportTicketImages, supportTicketReplies, supportTickets } from '../../db/schema';

export type TicketRow = typeof supportTickets.$inferSelect;
export type ReplyRow = typeof supportTicketReplies.$inferSelect;
export type ImageRow = typeof supportTicketImages.$inferSelect;
export type NewTicket = Pick<
  typeof supportTickets.$inferInsert,
  'memberId' | 'type' | 'priority' | 'ownerGroup' | 'title' | 'orderId' | 'packIndex'
>;

/** Which ticket a call may touch: any for staff, only the member's own when `memberId` is given. */
export interface TicketKey {
  id: number;
  memberId?: number | undefined;
}

function ticketOf(key: TicketKey): SQL | undefined {
  return and(
    eq(supportTickets.id, key.id),
    key.memberId === undefined ? undefined : eq(supportTickets.memberId, key.memberId),
  );
}

export async function insertTicket(db: Database, row: NewTicket, at: Date): Promise<TicketRow> {
  const [inserted] = await db
    .insert(supportTickets)
    .values({ ...row, createdAt: at, updatedAt: at })
    .returning();
  if (!inserted) throw new Error('ticket insert returned no row');
  return inserted;
}

export async function insertReply(
  db: Database,
  row: {
    ticketId: number;
    author: 'member' | 'staff';
    authorName: string;
    content: string;
    requestId?: string | null;
  },
  at: Date,
): Promise<ReplyRow> {
  const [inserted] = await db
    .insert(supportTicketReplies)
    .values({ ...row, createdAt: at })
    .returning();
  if (!inserted) throw new Error('reply insert returned no row');
  return inserted;
}

/**
 * A staff reply carrying the console's request id: null when a reply with that id is already in the ticket (a
 * retried or double-clicked 发送), decided by the unique index, never by a look first.
 */
export async function insertStaffReplyOnce(
  db: Database,
  row: { ticketId: number; authorName: string; content: string; requestId: string },
  at: Date,
): Promise<ReplyRow | null> {
  const rows = await db
    .insert(supportTicketReplies)
    .values({ ...row, author: 'staff', createdAt: at })
    .onConflictDoNothing({ target: [supportTicketReplies.ticketId, supportTicketReplies.requestId] })
    .returning();
  return rows[0] ?? null;
}

export async function findReplyByRequest(
  db: Database,
  ticketId: number,
  requestId: string,
): Promise<ReplyRow | null> {
  const rows = await db
    .select()
    .from(supportTicketReplies)
    .where(and(eq(supportTicketReplies.ticketId, ticketId), eq(supportTicketReplies.requestId, requestId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The ticket with its row locked for the rest of the transaction (the values before a staff change). */
export async function lockTicket(db: Database, id: number): Promise<TicketRow | null> {
  const rows = await db.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
  return rows[0] ?? null;
}

/** Sets the owner group and/or priority; the caller holds the row lock. */
export async function setGroupAndPriority(
  db: Database,
  id: number,
  values: { ownerGroup?: string | undefined; priority?: number | undefined },
  at: Date,
): Promise<TicketRow | null> {
  const rows = await db
    .update(supportTickets)
    .set({ ...values, updatedAt: at })
    .where(eq(supportTickets.id, id))
    .returning();
  return rows[0] ?? null;
}

/** Reopens a closed ticket as waiting for the shop; null when it is not closed (nothing changed). */
export async function reopenTicket(db: Database, id: number, at: Date): Promise<TicketRow | null> {
  const rows = await db
    .update(supportTickets)
    .set({ status: 'waiting_shop', closedAt: null, updatedAt: at })
    .where(and(eq(supportTickets.id, id), eq(supportTickets.status, 'closed')))
    .returning();
  return rows[0] ?? null;
}

/** Gives the shop's own unattached uploads to its reply; returns the ids taken. */
export async function attachStaffImages(
  db: Database,
  replyId: number,
  imageIds: readonly number[],
): Promise<number[]> {
  if (imageIds.length === 0) return [];
  const rows = await db
    .update(supportTicketImages)
    .set({ replyId })
    .where(
      and(
        inArray(supportTicketImages.id, [...imageIds]),
        isNull(supportTicketImages.memberId),
        isNull(supportTicketImages.replyId),
      ),
    )
    .returning({ id: supportTicketImages.id });
  return rows.map((r) => r.id);
}

/** The desk's order: waiting for the shop first, then new, then the member's turn, then closed. */
const QUEUE_RANK = sql`case ${supportTickets.status} when 'waiting_shop' then 0 when 'open' then 1 when 'waiting_member' then 2 else 3 end`;

/**
 * One page of the console's queue, 'waiting for the shop' first and the longest waiting first, with the total and
 * the count per status under the same group filter.
 */
export async function listQueuePage(
  db: Database,
  filter: { status?: string | undefined; ownerGroup?: string | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: TicketRow[]; counts: Map<string, number> }> {
  const group =
    filter.ownerGroup === undefined ? undefined : eq(supportTickets.ownerGroup, filter.ownerGroup);
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(supportTickets)
      .where(and(group, filter.status === undefined ? undefined : eq(supportTickets.status, filter.status)))
      .orderBy(QUEUE_RANK, asc(supportTickets.updatedAt), asc(supportTickets.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ status: supportTickets.status, n: count() })
      .from(supportTickets)
      .where(group)
      .groupBy(supportTickets.status),
  ]);
  return { rows, counts: new Map(counts.map((c) => [c.status, c.n])) };
}

/**
 * A new post moves the ticket to `status` and counts it, in one statement that also holds the ticket's row lock
 * for the rest of the transaction: a closed ticket (or another member's) matches nothing, so a reply racing a
 * close can never land after it.
 */
export async function bumpForPost(
  db: Database,
  key: TicketKey,
  status: string,
  at: Date,
): Promise<TicketRow | null> {
  const rows = await db
    .update(supportTickets)
    .set({ status, replyCount: sql`${supportTickets.replyCount} + 1`, updatedAt: at })
    .where(and(ticketOf(key), ne(supportTickets.status, 'closed')))
    .returning();
  return rows[0] ?? null;
}

/** Closes the ticket unless it is closed already; null when nothing changed (or it is not the member's). */
export async function closeTicket(db: Database, key: TicketKey, at: Date): Promise<TicketRow | null> {
  const rows = await db
    .update(supportTickets)
    .set({ status: 'closed', closedAt: at, updatedAt: at })
    .where(and(ticketOf(key), ne(supportTickets.status, 'closed')))
    .returning();
  return rows[0] ?? null;
}

/** The ticket, the member's only when `memberId` is given. */
export async function findTicket(db: Database, key: TicketKey): Promise<TicketRow | null> {
  const rows = await db.select().from(supportTickets).where(ticketOf(key)).limit(1);
  return rows[0] ?? null;
}

/** One page of the member's tickets, the most recently active first. */
export async function listMemberTickets(
  db: Database,
  memberId: number,
  status: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: TicketRow[]; totalCount: number }> {
  const where = and(
    eq(supportTickets.memberId, memberId),
    status === undefined ? undefined : eq(supportTickets.status, status),
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(supportTickets)
      .where(where)
      .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(supportTickets).where(where),
  ]);
  return { rows, totalCount: total[0]?.n ?? 0 };
}

/** The shop's queue: tickets of a status and owner group, the longest waiting first. */
export function listQueue(
  db: Database,
  filter: { status?: string | undefined; group?: string | undefined },
  limit: number,
): Promise<TicketRow[]> {
  return db
    .select()
    .from(supportTickets)
    .where(
      and(
        filter.status === undefined
          ? ne(supportTickets.status, 'closed')
          : eq(supportTickets.status, filter.status),
        filter.group === undefined ? undefined : eq(supportTickets.ownerGroup, filter.group),
      ),
    )
    .orderBy(asc(supportTickets.updatedAt), asc(supportTickets.id))
    .limit(limit);
}

export function listReplies(db: Database, ticketId: number): Promise<ReplyRow[]> {
  return db
    .select()
    .from(supportTicketReplies)
    .where(eq(supportTicketReplies.ticketId, ticketId))
    .orderBy(asc(supportTicketReplies.id));
}

export function listImagesOfReplies(db: Database, replyIds: readonly number[]): Promise<ImageRow[]> {
  if (replyIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(supportTicketImages)
    .where(inArray(supportTicketImages.replyId, [...replyIds]))
    .orderBy(asc(supportTicketImages.id));
}

export async function insertImage(
  db: Database,
  row: {
    memberId: number | null;
    replyId?: number | null;
    path: string;
    width: number;
    height: number;
    size: number;
  },
): Promise<ImageRow> {
  const [inserted] = await db.insert(supportTicketImages).values(row).returning();
  if (!inserted) throw new Error('image insert returned no row');
  return inserted;
}

/**
 * Gives the member's unattached uploads to a post, in one statement: an id that is another member's, unknown or
 * already in a post is not taken. Returns the ids taken.
 */
export async function attachImages(
  db: Database,
  input: { memberId: number; replyId: number; imageIds: readonly number[] },
): Promise<number[]> {
  if (input.imageIds.length === 0) return [];
  const rows = await db
    .update(supportTicketImages)
    .set({ replyId: input.replyId })
    .where(
      and(
        inArray(supportTicketImages.id, [...input.imageIds]),
        eq(supportTicketImages.memberId, input.memberId),
        isNull(supportTicketImages.replyId),
      ),
    )
    .returning({ id: supportTicketImages.id });
  return rows.map((r) => r.id);
}

/**
 * Hands the member's unattached uploads to another owner (an after-sales request keeps its photos), in one
 * statement: their rows go, so they are neither pruned nor used twice; the files stay. An id that is another
 * member's, unknown or already used is not taken. Returns what was taken.
 */
export async function takeLooseImages(
  db: Database,
  memberId: number,
  imageIds: readonly number[],
): Promise<{ id: number; path: string; width: number; height: number }[]> {
  if (imageIds.length === 0) return [];
  return db
    .delete(supportTicketImages)
    .where(
      and(
        inArray(supportTicketImages.id, [...imageIds]),
        eq(supportTicketImages.memberId, memberId),
        isNull(supportTicketImages.replyId),
      ),
    )
    .returning({
      id: supportTicketImages.id,
      path: supportTicketImages.path,
      width: supportTicketImages.width,
      height: supportTicketImages.height,
    });
}

/** Uploads never put in a post before `before`: removed, their file paths answered (the files go too). */
export async function deleteOrphanImages(db: Database, before: Date): Promise<string[]> {
  const rows = await db
    .delete(supportTicketImages)
    .where(and(isNull(supportTicketImages.replyId), lt(supportTicketImages.createdAt, before)))
    .returning({ path: supportTicketImages.path });
  return rows.map((r) => r.path);
}

/** How many unattached uploads the member holds (a bound against filling the store with loose images). */
/**
 * Serializes one member's ticket uploads until the transaction ends, so the loose-image cap is counted and
 * kept in one step under parallel uploads (issue #35 item 6).
 */
export async function lockMemberUploads(db: Database, memberId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('ticket_uploads'), ${memberId}::int)`);
}

export async function countLooseImages(db: Database, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportTicketImages)
    .where(and(eq(supportTicketImages.memberId, memberId), isNull(supportTicketImages.replyId)));
  return row?.n ?? 0;
}
