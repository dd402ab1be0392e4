import { type Currency, OrderStatus } from '@shop/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { listItems, listPacks } from './order.repository';

/**
 * The order's side of after-sales (issue #39): what a claim and its refund read of an order, on the caller's
 * executor (locked with `lock`, which every claim and refund of the order takes first).
 */

/** Pack statuses whose goods have left the warehouse toward the member: they may be claimed. */
export const DELIVERED_STATUSES: readonly number[] = [
  OrderStatus.Shipped,
  OrderStatus.InTransit,
  OrderStatus.Finished,
];

export interface AfterSaleOrder {
  id: number;
  orderNo: string;
  memberId: number;
  /** The status shown: the first pack's, else the order's (spec §4). */
  status: number;
  currency: Currency;
  finishedAt: Date | null;
  totalAmount: number;
  shippingAmount: number;
  gstAmount: number;
  gstIncluded: boolean;
  promotionsAmount: number;
  payChannel: string | null;
  paidCurrency: Currency | null;
  paidAmount: number | null;
  refundedAmount: number;
  refundingAmount: number;
  items: {
    id: number;
    skuId: number;
    name: string;
    skuName: string;
    image: string;
    qty: number;
    unitPrice: number;
    isGift: boolean;
    /** Pieces in packs that have shipped (all of the line's, or none: a line is in one pack). */
    delivered: number;
  }[];
}

export async function orderForAfterSale(
  executor: Database,
  orderId: number,
  options: { memberId?: number | undefined; lock?: boolean } = {},
): Promise<AfterSaleOrder | null> {
  const where = and(
    eq(orders.id, orderId),
    options.memberId === undefined ? undefined : eq(orders.memberId, options.memberId),
  );
  const query = executor.select().from(orders).where(where).limit(1);
  const [order] = options.lock ? await query.for('update') : await query;
  if (!order) return null;
  const [packs, items] = await Promise.all([
    listPacks(executor, [order.id]),
    listItems(executor, [order.id]),
  ]);
  const packStatus = new Map(packs.map((p) => [p.id, p.status]));
  const first = [...packs].sort((a, b) => a.packIndex - b.packIndex)[0];
  return {
    id: order.id,
    orderNo: order.orderNo,
    memberId: order.memberId,
    status: first?.status ?? order.status,
    currency: order.currency as Currency,
    finishedAt: order.finishedAt,
    totalAmount: order.totalAmount,
    shippingAmount: order.shippingAmount,
    gstAmount: order.gstAmount,
    gstIncluded: order.gstIncluded,
    promotionsAmount: order.promotionsAmount,
    payChannel: order.payChannel,
    paidCurrency: order.paidCurrency as Currency | null,
    paidAmount: order.paidAmount,
    refundedAmount: order.refundedAmount,
    refundingAmount: order.refundingAmount,
    items: items.map((i) => ({
      id: i.id,
      skuId: i.skuId,
      name: i.name,
      skuName: i.skuName,
      image: i.image,
      qty: i.qty,
      unitPrice: i.unitPrice,
      isGift: i.isGift,
      delivered: DELIVERED_STATUSES.includes(packStatus.get(i.packId) ?? order.status) ? i.qty : 0,
    })),
  };
}
