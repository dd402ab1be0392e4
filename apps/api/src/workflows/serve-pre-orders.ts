import { MessageType } from '@shop/domain';
import type { Database } from '../db/client';
import type { AuditActor, AuditRecorder } from '../lib/audit';
import { describeError } from '../lib/log-safety';
import { type MemberNotifier, silentNotifier } from '../lib/member-notice';
import type { InventoryService } from '../modules/inventory';
import type { OrderPreOrders, WaitingLine } from '../modules/order';

/**
 * Stock that arrives serves the pre-orders waiting for it (issue #39 '预订'), first come first served: the oldest
 * open order's lines first, each taking what the SKU has up to what it waits for. One transaction locks the
 * waiting orders in id order and then the SKUs in id order (the order a cancellation takes them in, so the two
 * never wait on each other in a circle), moves the pieces from the SKUs' stock to the lines' reserved stock, and
 * tells each buyer what arrived, with an audit row per order. It runs after the change that brought the stock
 * committed (the 库存 page, `goods:stock`, the goods editor, goods returned to stock), and `order:serve-pre-orders`
 * runs it for every SKU, should a serving have been cut short.
 */

export interface ServePreOrdersDeps {
  db: Database;
  preOrders: OrderPreOrders;
  inventory: Pick<InventoryService, 'lockStock' | 'takeForPreOrders' | 'stockChanged'>;
  notify?: MemberNotifier;
  audit?: AuditRecorder;
  /** Where a serving that failed after its stock committed is told of (standard error by default). */
  report?: (error: unknown) => void;
}

/** What a serving did: the orders it served and the pieces it gave them. */
export interface Served {
  orders: number;
  pieces: number;
}

/** The pieces each waiting line gets of the stock, oldest order first (pure: the stock map is not changed). */
export function shareStock(
  lines: readonly WaitingLine[],
  stock: ReadonlyMap<number, number>,
): { line: WaitingLine; qty: number }[] {
  const left = new Map(stock);
  const served: { line: WaitingLine; qty: number }[] = [];
  for (const line of lines) {
    const qty = Math.min(line.waiting, left.get(line.skuId) ?? 0);
    if (qty <= 0) continue;
    left.set(line.skuId, (left.get(line.skuId) ?? 0) - qty);
    served.push({ line, qty });
  }
  return served;
}

export type ServePreOrders = ReturnType<typeof createServePreOrders>;

export function createServePreOrders({
  db,
  preOrders,
  inventory,
  notify = silentNotifier,
  audit,
  report = (error) => console.error('预订配货失败 / serving pre-orders failed:', describeError(error)),
}: ServePreOrdersDeps) {
  /** Serves the pre-orders waiting for these SKUs (every SKU some order waits for when absent). */
  async function serve(by: AuditActor, skuIds?: readonly number[]): Promise<Served> {
    const waitedFor = await preOrders.waitingSkus(db, skuIds);
    const orderIds = await preOrders.waitingOrders(db, waitedFor);
    if (orderIds.length === 0) return { orders: 0, pieces: 0 };
    const served = await db.transaction(async (tx) => {
      const lines = await preOrders.lockWaiting(tx, orderIds, waitedFor);
      const stock = await inventory.lockStock(tx, [...new Set(lines.map((l) => l.skuId))]);
      const shares = shareStock(lines, stock);
      if (shares.length === 0) return [];
      const taken = new Map<number, number>();
      for (const s of shares) taken.set(s.line.skuId, (taken.get(s.line.skuId) ?? 0) + s.qty);
      await inventory.takeForPreOrders(tx, taken);
      await preOrders.serve(
        tx,
        shares.map((s) => ({ itemId: s.line.itemId, qty: s.qty })),
      );
      const byOrder = new Map<number, typeof shares>();
      for (const s of shares) byOrder.set(s.line.orderId, [...(byOrder.get(s.line.orderId) ?? []), s]);
      const left = await preOrders.waitingLeft(tx, [...byOrder.keys()]);
      for (const [orderId, got] of byOrder) {
        const { orderNo, memberId } = got[0]?.line ?? { orderNo: '', memberId: 0 };
        const pieces = got.map((s) => `${s.line.name} ×${s.qty}`).join('、');
        const rest = left.get(orderId) ?? 0;
        await notify(tx, {
          memberId,
          type: MessageType.TradeLogistics,
          title: `订单 ${orderNo} 的预订商品已到货`,
          content: `订单 ${orderNo} 中预订的商品已到货：${pieces}。${
            rest > 0 ? `还有 ${rest} 件预订商品等待到货。` : '全部预订商品已到齐，我们将尽快安排发货。'
          }`,
          link: `/order/${orderId}`,
          outside: { kind: 'preOrderArrived', params: { orderNo } },
        });
        await audit?.(tx, {
          by,
          action: 'order.preOrderServed',
          objectType: 'order',
          objectId: orderNo,
          before: { waiting: rest + got.reduce((n, s) => n + s.qty, 0) },
          after: {
            waiting: rest,
            served: got.map((s) => ({ item: s.line.itemId, name: s.line.name, qty: s.qty })),
          },
        });
      }
      return shares;
    });
    if (served.length > 0) await inventory.stockChanged();
    return {
      orders: new Set(served.map((s) => s.line.orderId)).size,
      pieces: served.reduce((n, s) => n + s.qty, 0),
    };
  }

  return {
    serve,
    /**
     * Serves after a committed rise of stock, never failing the change that made it: a serving that fails is
     * logged, and the next arrival of stock or `order:serve-pre-orders` serves those orders.
     */
    async arrived(skuIds: readonly number[], by: AuditActor): Promise<void> {
      try {
        await serve(by, skuIds);
      } catch (error) {
        report(error);
      }
    },
  };
}
