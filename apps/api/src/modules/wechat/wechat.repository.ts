import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberWechatBindings, wechatLoginTickets } from '../../db/schema';
import type { WechatIdentity } from './wechat.provider';

export type TicketRow = typeof wechatLoginTickets.$inferSelect;
export type BindingRow = typeof memberWechatBindings.$inferSelect;
export type TicketStatus =
  | 'waiting'
  | 'scanned'
  | 'exchanging'
  | 'confirmed'
  | 'cancelled'
  | 'failed'
  | 'used';

export async function insertTicket(db: Database, row: typeof wechatLoginTickets.$inferInsert): Promise<void> {
  await db.insert(wechatLoginTickets).values(row);
}

/** The ticket with this digest; `forUpdate` locks it for the caller's transaction. */
export async function findTicket(
  db: Database,
  ticketHash: string,
  forUpdate = false,
): Promise<TicketRow | null> {
  const query = db
    .select()
    .from(wechatLoginTickets)
    .where(eq(wechatLoginTickets.ticketHash, ticketHash))
    .limit(1);
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function findTicketByScanCode(db: Database, scanCode: string): Promise<TicketRow | null> {
  const rows = await db
    .select()
    .from(wechatLoginTickets)
    .where(eq(wechatLoginTickets.scanCode, scanCode))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Moves a provider's ticket found by its scan code from one of `from` to `to` while it has not expired; the row after, or null
 * when it was in no such state (one statement, so two scans or two callbacks cannot both move it).
 */
export async function moveByScanCode(
  db: Database,
  move: {
    scanCode: string;
    provider: string;
    from: readonly TicketStatus[];
    to: TicketStatus;
    /** Also after the ticket's expiry (the end of an exchange that began in time). */
    anyTime?: boolean;
  },
  now: Date,
  identity?: WechatIdentity,
): Promise<TicketRow | null> {
  const { scanCode, provider, from, to } = move;
  const rows = await db
    .update(wechatLoginTickets)
    .set({
      status: to,
      ...(identity
        ? {
            openid: identity.openid,
            unionid: identity.unionid ?? null,
            nickname: identity.nickname,
            avatar: identity.avatar,
            confirmedAt: now,
          }
        : {}),
    })
    .where(
      and(
        eq(wechatLoginTickets.scanCode, scanCode),
        eq(wechatLoginTickets.provider, provider),
        inArray(wechatLoginTickets.status, [...from]),
        move.anyTime ? undefined : sql`${wechatLoginTickets.expiresAt} > ${now}`,
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/** Sets a ticket's status whatever it was (the open platform's exchange finished or failed). */
export async function setStatusByScanCode(
  db: Database,
  scanCode: string,
  status: TicketStatus,
): Promise<void> {
  await db.update(wechatLoginTickets).set({ status }).where(eq(wechatLoginTickets.scanCode, scanCode));
}

export async function markUsed(db: Database, ticketHash: string, now: Date): Promise<void> {
  await db
    .update(wechatLoginTickets)
    .set({ status: 'used', usedAt: now })
    .where(eq(wechatLoginTickets.ticketHash, ticketHash));
}

/** Tickets that ended more than a day ago are only clutter. */
export async function deleteOldTickets(db: Database, before: Date): Promise<void> {
  await db.delete(wechatLoginTickets).where(lt(wechatLoginTickets.expiresAt, before));
}

export async function findBindingByIdentity(
  db: Database,
  provider: string,
  openid: string,
): Promise<BindingRow | null> {
  const rows = await db
    .select()
    .from(memberWechatBindings)
    .where(and(eq(memberWechatBindings.provider, provider), eq(memberWechatBindings.openid, openid)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findBindingByMember(db: Database, memberId: number): Promise<BindingRow | null> {
  const rows = await db
    .select()
    .from(memberWechatBindings)
    .where(eq(memberWechatBindings.memberId, memberId))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Binds an identity to a member; null when the member already has one or the identity is someone's (the two
 * unique indexes decide, so parallel binds cannot both succeed).
 */
export async function insertBinding(
  db: Database,
  row: typeof memberWechatBindings.$inferInsert,
): Promise<BindingRow | null> {
  const rows = await db.insert(memberWechatBindings).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function deleteBinding(db: Database, memberId: number): Promise<boolean> {
  const rows = await db
    .delete(memberWechatBindings)
    .where(eq(memberWechatBindings.memberId, memberId))
    .returning({ memberId: memberWechatBindings.memberId });
  return rows.length > 0;
}
