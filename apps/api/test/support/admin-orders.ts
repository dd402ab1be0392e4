import { OrderStatus, PaymentPaths, Warehouse } from '@shop/domain';
import { expect } from 'vitest';
import { giveDeposit } from './deposit-helpers';
import { insertOrder, newMember } from './order-fixtures';
import { envelope, post, type TestApp } from './test-app';

export interface ConsoleOrderOptions {
  packs?: number;
  status?: number;
  isPickup?: boolean;
  username?: string;
}

/**
 * A member's ¥32.00 order for the console's tests (one unit of `skuId` per pack, no shipping): the first pack
 * in the AU warehouse, the others in CN; paid unless said otherwise.
 */
export async function consoleOrder(t: TestApp, skuId: number, options: ConsoleOrderOptions = {}) {
  const m = await newMember(t.app, options.username ?? 'buyer');
  const packs = Array.from({ length: options.packs ?? 1 }, (_, i) => ({
    location: i === 0 ? Warehouse.AU : Warehouse.CN,
  }));
  const order = await insertOrder(t.database.db, {
    memberId: m.id,
    status: options.status ?? OrderStatus.Paid,
    isPickup: options.isPickup ?? false,
    packs,
    items: packs.map((_, i) => ({ skuId, qty: 1, unitPrice: 3200, pack: i })),
    shipping: 0,
    memberRemark: '请用纸箱',
    receiver: { name: '张三', phone: '0400000000', country: 'AU', city: 'Sydney', detail: '1 George St' },
  });
  return { m, order };
}

/** A ¥32.00 order the member paid from their CNY deposit (¥100 given first). */
export async function depositPaidOrder(t: TestApp, skuId: number) {
  const { m, order } = await consoleOrder(t, skuId, { status: OrderStatus.NotPaid });
  await giveDeposit(t.app, m.id, 'CNY', 10_000);
  const pay = envelope(
    await post(
      t.app,
      PaymentPaths.payByDeposit,
      { orderId: order.id, currency: 'CNY', deposit: 32 },
      m.token,
    ),
  );
  expect(pay.success, pay.message).toBe(true);
  return { m, order };
}
