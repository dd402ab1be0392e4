import { type AdminMemberOrder, type Currency, orderStatusLabel, toMajor } from '@shop/domain';
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';

/** A member's latest orders for the console's member page (numbers and status), and how many they have. */
export async function latestMemberOrders(
  db: Database,
  memberId: number,
  limit: number,
): Promise<{ items: AdminMemberOrder[]; totalCount: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNo: orders.orderNo,
        status: orders.status,
        currency: orders.currency,
        totalAmount: orders.totalAmount,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.memberId, memberId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit),
    db.select({ n: count() }).from(orders).where(eq(orders.memberId, memberId)),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      orderNo: r.orderNo,
      status: r.status,
      statusLabel: orderStatusLabel(r.status),
      currency: r.currency as Currency,
      totalAmount: toMajor(Number(r.totalAmount)),
      createTime: r.createdAt.toISOString(),
    })),
    totalCount: Number(total?.n ?? 0),
  };
}
