import { amountIn, type Currency, gstOfRefund, OrderStatus } from '@shop/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderPacks, orders } from '../../db/schema';
import { allPacksIn, listItems, listPacks, reservedStock, soldGoods } from './order.repository';

/**
 * The order's side of a payment, for the payment and deposit modules (docs/conventions.md: they reach orders only
 * through here). Every function runs on the caller's transaction, so a payment and the order change it
 * causes commit together or not at all.
 */

/** What a payment needs of an order. */
export interface PayableOrder {
  id: number;
  orderNo: string;
  memberId: number;
  /** The company it was placed for (issue #38), or null. */
  companyId: number | null;
  status: number;
  currency: Currency;
  /** The amount due, in minor units of `currency`. */
  totalAmount: number;
  payChannel: string | null;
  paidCurrency: Currency | null;
  paidAmount: number | null;
  refundedAmount: number;
  /** Asked of the payment channel, not yet confirmed (docs/decisions/035). */
  refundingAmount: number;
  paidAt: Date | null;
}

const payableColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  memberId: orders.memberId,
  companyId: orders.companyId,
  status: orders.status,
  currency: orders.currency,
  totalAmount: orders.totalAmount,
  payChannel: orders.payChannel,
  paidCurrency: orders.paidCurrency,
  paidAmount: orders.paidAmount,
  refundedAmount: orders.refundedAmount,
  refundingAmount: orders.refundingAmount,
  paidAt: orders.paidAt,
};

function toPayable(
  row: typeof orders.$inferSelect | undefined | Record<string, unknown>,
): PayableOrder | null {
  return (row as PayableOrder | undefined) ?? null;
}

/**
 * The order, read for a payment: locked until the transaction ends when `lock` is set, so two payments of one
 * order queue instead of both seeing it unpaid. With `memberId`, another member's order is not found.
 */
export async function findOrderForPayment(
  executor: Database,
  orderId: number,
  options: { memberId?: number | undefined; lock?: boolean } = {},
): Promise<PayableOrder | null> {
  const where = and(
    eq(orders.id, orderId),
    options.memberId === undefined ? undefined : eq(orders.memberId, options.memberId),
  );
  const query = executor.select(payableColumns).from(orders).where(where).limit(1);
  const rows = options.lock ? await query.for('update') : await query;
  return toPayable(rows[0]);
}

/** The order by its number (operator commands), locked for the transaction. */
export async function lockOrderForPaymentByNo(
  executor: Database,
  orderNo: string,
): Promise<PayableOrder | null> {
  const rows = await executor
    .select(payableColumns)
    .from(orders)
    .where(eq(orders.orderNo, orderNo))
    .limit(1)
    .for('update');
  return toPayable(rows[0]);
}

/**
 * What the order costs in `currency` (spec §4 'Payment by channel'): its total, converted at the stored AUD→CNY
 * rate when the currency is not the order's own (round half up). The rate is read only when it is needed.
 */
export async function amountDueIn(
  order: Pick<PayableOrder, 'totalAmount' | 'currency'>,
  currency: Currency,
  rate: () => Promise<string>,
): Promise<number> {
  if (order.currency === currency) return order.totalAmount;
  return amountIn(order.totalAmount, order.currency, currency, await rate());
}

/**
 * Marks an unpaid order Paid (spec §4: NotPaid 0 → Paid 60), with its unpaid packs, recording how and what
 * was charged. The status condition is in the UPDATE's WHERE: false when the order was no longer unpaid
 * (paid by another payment first, or cancelled), and then nothing changed.
 */
export async function markOrderPaid(
  executor: Database,
  input: { orderId: number; payChannel: string; paidCurrency: Currency; paidAmount: number; at: Date },
): Promise<boolean> {
  const rows = await executor
    .update(orders)
    .set({
      status: OrderStatus.Paid,
      payChannel: input.payChannel,
      paidCurrency: input.paidCurrency,
      paidAmount: input.paidAmount,
      paidAt: input.at,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, input.orderId), eq(orders.status, OrderStatus.NotPaid)))
    .returning({ id: orders.id });
  if (rows.length === 0) return false;
  await reverseGst(executor, input.orderId);
  await executor
    .update(orderPacks)
    .set({ status: OrderStatus.Paid, updatedAt: sql`now()` })
    .where(and(eq(orderPacks.orderId, input.orderId), eq(orderPacks.status, OrderStatus.NotPaid)));
  return true;
}

/** The payment channel recorded when the operator takes the money outside the shop (order:mark-paid). */
export const OFFLINE_PAY_CHANNEL = 'offline';

/**
 * Paid statuses before anything left the warehouse (spec §4: 60, 70, 75, 78): the operator may still cancel
 * the order and give the money back.
 */
export const PAID_NOT_SHIPPED: readonly OrderStatus[] = [
  OrderStatus.Paid,
  OrderStatus.PushedToWarehouse,
  OrderStatus.WarehouseProcessing,
  OrderStatus.AwaitingDispatch,
];

/** Order numbers by order id (the deposit log names the order of each movement); unknown ids are left out. */
export async function orderNumbers(executor: Database, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await executor
    .select({ id: orders.id, orderNo: orders.orderNo })
    .from(orders)
    .where(inArray(orders.id, unique));
  return new Map(rows.map((r) => [r.id, r.orderNo]));
}

/**
 * Records an operator's offline payment on an order that has just become Paid without a channel: channel
 * 'offline', paid in the order's currency, the order's total. An order that already records a payment keeps it.
 */
export async function recordOfflinePayment(executor: Database, orderId: number): Promise<void> {
  await executor
    .update(orders)
    .set({
      payChannel: OFFLINE_PAY_CHANNEL,
      paidCurrency: sql`${orders.currency}`,
      paidAmount: sql`${orders.totalAmount}`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, orderId), isNull(orders.payChannel), isNull(orders.paidAmount)));
}

/**
 * Cancels a paid order that has not shipped (operator order:cancel-paid): the order and its packs become
 * Cancelled and `refundedAmount` is what has been given back in all. The allowed statuses, every pack's
 * included, are in the UPDATE's WHERE: false when the order was not (or no longer) in one of them, and then
 * nothing changed, so a repeated cancel cannot return stock or money twice.
 */
export async function cancelPaidOrder(
  executor: Database,
  input: { orderId: number; refundedAmount: number; at: Date },
): Promise<boolean> {
  const rows = await executor
    .update(orders)
    .set({
      status: OrderStatus.Cancelled,
      cancelledAt: input.at,
      refundedAmount: input.refundedAmount,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(orders.id, input.orderId),
        inArray(orders.status, [...PAID_NOT_SHIPPED]),
        allPacksIn(PAID_NOT_SHIPPED),
      ),
    )
    .returning({ id: orders.id });
  if (rows.length === 0) return false;
  await executor
    .update(orderPacks)
    .set({ status: OrderStatus.Cancelled, updatedAt: sql`now()` })
    .where(and(eq(orderPacks.orderId, input.orderId), inArray(orderPacks.status, [...PAID_NOT_SHIPPED])));
  return true;
}

/**
 * Adds a refund to the order's refunded amount only while the total stays within what was paid (the CHECK
 * on orders is the second guard); the new refunded amount, or null when it would exceed it.
 */
export async function addRefund(executor: Database, orderId: number, amount: number): Promise<number | null> {
  const rows = await executor
    .update(orders)
    .set({ refundedAmount: sql`${orders.refundedAmount} + ${amount}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        sql`${orders.paidAmount} is not null and ${orders.refundedAmount} + ${amount} <= ${orders.paidAmount}`,
      ),
    )
    .returning({ refundedAmount: orders.refundedAmount });
  const refunded = rows[0]?.refundedAmount;
  if (refunded === undefined) return null;
  await reverseGst(executor, orderId);
  return Number(refunded);
}

/**
 * Records the GST the refunds so far reverse (ADR 038): `gstOfRefund` of the whole refunded amount, so partial
 * refunds never drift from the order's GST by rounding and a full refund reverses all of it. Runs on the
 * caller's transaction, right after the refunded amount changed on the row it already holds locked.
 */
async function reverseGst(executor: Database, orderId: number): Promise<void> {
  const [row] = await executor
    .select({ refunded: orders.refundedAmount, paid: orders.paidAmount, gst: orders.gstAmount })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row || row.gst === 0) return;
  await executor
    .update(orders)
    .set({ refundedGst: gstOfRefund(row.refunded, row.paid ?? 0, row.gst) })
    .where(eq(orders.id, orderId));
}

/**
 * Reserves a refund asked of the payment channel: `refunding` grows only while refunded + refunding stays within
 * what was paid (the CHECK on orders is the second guard). False when it would exceed it; nothing changed then.
 */
export async function reserveRefunding(
  executor: Database,
  orderId: number,
  amount: number,
): Promise<boolean> {
  const rows = await executor
    .update(orders)
    .set({ refundingAmount: sql`${orders.refundingAmount} + ${amount}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        sql`${orders.paidAmount} is not null and ${orders.refundedAmount} + ${orders.refundingAmount} + ${amount} <= ${orders.paidAmount}`,
      ),
    )
    .returning({ id: orders.id });
  return rows.length > 0;
}

/**
 * Ends a reserved refund: the reservation goes, and when the channel paid it out (`refunded`) the refunded amount
 * grows by it, with the GST it reverses (ADR 038). The new amounts; null when the order did not hold that much in
 * reserve (nothing changed).
 */
export async function endRefunding(
  executor: Database,
  orderId: number,
  amount: number,
  refunded: boolean,
): Promise<{ refundedAmount: number; refundingAmount: number } | null> {
  const rows = await executor
    .update(orders)
    .set({
      refundingAmount: sql`${orders.refundingAmount} - ${amount}`,
      ...(refunded ? { refundedAmount: sql`${orders.refundedAmount} + ${amount}` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, orderId), sql`${orders.refundingAmount} >= ${amount}`))
    .returning({ refundedAmount: orders.refundedAmount, refundingAmount: orders.refundingAmount });
  const row = rows[0];
  if (!row) return null;
  if (refunded) await reverseGst(executor, orderId);
  return { refundedAmount: Number(row.refundedAmount), refundingAmount: Number(row.refundingAmount) };
}

/** The order as a refund by lines needs it (order-refund.ts refundSplit): its amounts and lines. */
export async function refundLinesOf(
  executor: Database,
  orderId: number,
): Promise<{
  shippingAmount: number;
  gstAmount: number;
  gstIncluded: boolean;
  promotionsAmount: number;
  items: { id: number; name: string; qty: number; unitPrice: number; isGift: boolean }[];
}> {
  const [order] = await executor
    .select({
      shippingAmount: orders.shippingAmount,
      gstAmount: orders.gstAmount,
      gstIncluded: orders.gstIncluded,
      promotionsAmount: orders.promotionsAmount,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return {
    shippingAmount: order?.shippingAmount ?? 0,
    gstAmount: order?.gstAmount ?? 0,
    gstIncluded: order?.gstIncluded ?? true,
    promotionsAmount: order?.promotionsAmount ?? 0,
    items: (await listItems(executor, [orderId])).map((i) => ({
      id: i.id,
      name: i.skuName ? `${i.name} ${i.skuName}` : i.name,
      qty: i.qty,
      unitPrice: i.unitPrice,
      isGift: i.isGift,
    })),
  };
}

/** The statuses of the order's packs (a paid order may be cancelled only while none has shipped). */
export async function packStatuses(executor: Database, orderId: number): Promise<number[]> {
  return (await listPacks(executor, [orderId])).map((b) => b.status);
}

/** What a cancelled order gives back: the stock it had reserved and the sales it had counted. */
export async function releaseOf(
  executor: Database,
  orderId: number,
): Promise<{ stock: { skuId: number; qty: number }[]; sales: { goodsId: number; qty: number }[] }> {
  return { stock: await reservedStock(executor, orderId), sales: await soldGoods(executor, orderId) };
}
