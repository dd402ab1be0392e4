import { desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';

/** An order as the staff console lists it beside a ticket: number, state, total and when it was placed. */
export interface OrderBrief {
  id: number;
  orderNo: string;
  status: number;
  currency: string;
  totalAmount: number;
  createTime: string;
}

/** The member's latest orders (newest first), or the orders of the ids, in one query. */
export async function orderBriefs(
  db: Database,
  filter: { memberId: number; limit: number } | { ids: readonly number[] },
): Promise<OrderBrief[]> {
  if ('ids' in filter && filter.ids.length === 0) return [];
  const rows = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      status: orders.status,
      currency: orders.currency,
      totalAmount: orders.totalAmount,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where('ids' in filter ? inArray(orders.id, [...filter.ids]) : eq(orders.memberId, filter.memberId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit('ids' in filter ? filter.ids.length : filter.limit);
  return rows.map(({ createdAt, ...r }) => ({ ...r, createTime: createdAt.toISOString() }));
}
