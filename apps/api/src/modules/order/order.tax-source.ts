import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderItems, orders } from '../../db/schema';

/**
 * What the tax documents of an order are made from (modules/invoice): the order's amounts, payment and refunds,
 * its receiver's name and its items. The invoice module asks for it here rather than reading the order tables.
 */
export interface OrderTaxSource {
  id: number;
  orderNo: string;
  memberId: number;
  currency: 'AUD' | 'CNY';
  status: number;
  paidAt: Date | null;
  paidAmount: number | null;
  paidCurrency: string | null;
  refundedAmount: number;
  goodsAmount: number;
  shippingAmount: number;
  taxAmount: number;
  promotionsAmount: number;
  totalAmount: number;
  /** The GST in (or added to) the order, whether prices included it, and what refunds reversed (ADR 038). */
  gstAmount: number;
  gstIncluded: boolean;
  refundedGst: number;
  receiverName: string;
  items: { name: string; skuName: string; qty: number; unitPrice: number; isGift: boolean }[];
}

/** One order by id (and owner, when given) or by number; null when there is none. */
export async function orderTaxSource(
  db: Database,
  filter: { id: number; memberId?: number | undefined } | { orderNo: string },
): Promise<OrderTaxSource | null> {
  const where =
    'orderNo' in filter
      ? eq(orders.orderNo, filter.orderNo)
      : filter.memberId === undefined
        ? eq(orders.id, filter.id)
        : and(eq(orders.id, filter.id), eq(orders.memberId, filter.memberId));
  const [order] = await db.select().from(orders).where(where).limit(1);
  if (!order) return null;
  const items = await db
    .select({
      name: orderItems.name,
      skuName: orderItems.skuName,
      qty: orderItems.qty,
      unitPrice: orderItems.unitPrice,
      isGift: orderItems.isGift,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const receiverName = order.receiver?.name;
  return {
    id: order.id,
    orderNo: order.orderNo,
    memberId: order.memberId,
    currency: order.currency as 'AUD' | 'CNY',
    status: order.status,
    paidAt: order.paidAt,
    paidAmount: order.paidAmount,
    paidCurrency: order.paidCurrency,
    refundedAmount: order.refundedAmount,
    goodsAmount: order.goodsAmount,
    shippingAmount: order.shippingAmount,
    taxAmount: order.taxAmount,
    promotionsAmount: order.promotionsAmount,
    totalAmount: order.totalAmount,
    gstAmount: order.gstAmount,
    gstIncluded: order.gstIncluded,
    refundedGst: order.refundedGst,
    receiverName: typeof receiverName === 'string' ? receiverName : '',
    items,
  };
}
