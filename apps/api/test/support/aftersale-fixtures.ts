import { DepositPayCode, OrderStatus } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orders } from '../../src/db/schema';
import type { CheckoutTestApp } from './checkout-helpers';
import { insertOrder } from './order-fixtures';

/**
 * A delivered AUD order paid from the AUD deposit: 3 × 45.90 aptamil, 2 × 6.50 rice, a gift, 10.00 freight and
 * 5.00 promotions (total 155.70).
 */
export async function deliveredOrder(
  c: CheckoutTestApp,
  memberId: number,
  options: { status?: number; finishedAt?: Date; packStatus?: number } = {},
) {
  const status = options.status ?? OrderStatus.Shipped;
  const order = await insertOrder(c.t.database.db, {
    memberId,
    status,
    currency: 'AUD',
    items: [
      { skuId: c.sku.aptamil, qty: 3, unitPrice: 4590, name: '爱他美金装' },
      { skuId: c.sku.rice, qty: 2, unitPrice: 650, name: '米粉' },
      { skuId: c.sku.rice, qty: 1, unitPrice: 0, isGift: true, name: '米粉小样' },
    ],
    packs: [{ status: options.packStatus ?? status }],
    shipping: 1000,
    promotions: 500,
  });
  const [row] = await c.t.database.db
    .update(orders)
    .set({
      payChannel: DepositPayCode.AUD,
      paidCurrency: 'AUD',
      paidAmount: 15570,
      paidAt: new Date(),
      finishedAt: options.finishedAt ?? (status === OrderStatus.Finished ? new Date() : null),
    })
    .where(eq(orders.id, order.id))
    .returning();
  expect(row?.totalAmount).toBe(15570);
  return {
    ...order,
    aptamil: order.itemIds[0] ?? 0,
    rice: order.itemIds[1] ?? 0,
    gift: order.itemIds[2] ?? 0,
  };
}
