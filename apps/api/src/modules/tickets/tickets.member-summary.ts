import { type AdminMemberTicket, TICKET_STATUS_LABELS, type TicketStatus } from '@shop/domain';
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { supportTickets } from '../../db/schema';

/** A member's latest tickets for the console's member page, newest activity first, and how many they have. */
export async function latestMemberTickets(
  db: Database,
  memberId: number,
  limit: number,
): Promise<{ items: AdminMemberTicket[]; totalCount: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: supportTickets.id,
        title: supportTickets.title,
        status: supportTickets.status,
        createdAt: supportTickets.createdAt,
        updatedAt: supportTickets.updatedAt,
      })
      .from(supportTickets)
      .where(eq(supportTickets.memberId, memberId))
      .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
      .limit(limit),
    db.select({ n: count() }).from(supportTickets).where(eq(supportTickets.memberId, memberId)),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      statusLabel: TICKET_STATUS_LABELS[r.status as TicketStatus] ?? r.status,
      createTime: r.createdAt.toISOString(),
      updateTime: r.updatedAt.toISOString(),
    })),
    totalCount: Number(total?.n ?? 0),
  };
}
