import {
  type AdminStockLedgerResponse,
  type AdminStockListResponse,
  type AdminStockRow,
  Permission,
  ResultCode,
  skuStatusLabel,
  warehouseName,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { runStatement } from '../../db/statement';
import { AppError, notFoundError, paramsError } from '../../lib/app-error';
import { type AuditActor, type AuditRecorder, cliActor } from '../../lib/audit';
import type { StaffNotifier } from '../../lib/staff-notice';
import * as repo from './inventory.repository';
import { linesTaken, type StockTake, stockTakePart } from './inventory.take';

/**
 * The inventory (docs/design.md 'Stock and orders', 'Modules and their faces'): stock, the stock ledger,
 * reservations and sales counts. An order takes its stock as a part of its own statement (inventory.take.ts,
 * composed by workflows/place-order.ts); cancelling and refunding give it back here, in the caller's transaction;
 * the console's 库存 and `goods:stock` change it by hand, with a ledger row and an audit row each.
 */

export const InventoryMessages = {
  unknownSku: '未找到 SKU',
  stockBelowZero: '库存不足，调整后库存不能小于0',
  badReason: '原因最多200个字符',
  requestIdReused: '请求编号已用于另一个 SKU 的调整',
  badStock: '库存须为不小于0的整数',
} as const;

/**
 * Writes a hand-made stock change of a SKU locked by the caller, in the caller's transaction: the new stock, the
 * stock ledger row (who, before, after, why) and the audit row. The 库存 page and the goods editor (catalogue) both
 * change stock through here, so every such change reads alike in the ledger.
 */
export async function writeStockChange(
  tx: Database,
  audit: AuditRecorder | undefined,
  change: {
    sku: { id: number; code: string; stock: number };
    stock: number;
    by: AuditActor;
    reason: string;
    requestId?: string | undefined;
  },
): Promise<void> {
  const { sku, stock, by, reason } = change;
  await repo.setSkuStock(tx, sku.id, stock);
  await repo.insertLedgerEntry(tx, {
    skuId: sku.id,
    before: sku.stock,
    after: stock,
    reason,
    actor: by.actor,
    staffId: by.staffId,
    requestId: change.requestId ?? null,
  });
  await audit?.(tx, {
    by,
    action: 'stock.adjust',
    objectType: 'sku',
    objectId: sku.code,
    before: { stock: sku.stock },
    after: { stock, ...(reason ? { reason } : {}) },
  });
}

/** A stock adjustment's outcome; `changed` false when its request id had been applied before. */
export interface StockChange {
  skuCode: string;
  previous: number;
  stock: number;
  changed: boolean;
}

export type InventoryService = ReturnType<typeof createInventoryService>;

export interface InventoryDeps {
  db: Database;
  audit?: AuditRecorder;
  /** Moves the catalogue's version on after a committed change of stock (its exports show stock). */
  catalogueChanged: () => Promise<void>;
  /**
   * Stock of these SKUs rose and committed (issue #39): the pre-orders waiting for them are served
   * (workflows/serve-pre-orders.ts). Never fails the change that made the stock.
   */
  stockArrived?: (skuIds: readonly number[], by: AuditActor) => Promise<void>;
  /** Tells the warehouse of SKUs that fell to their low-stock line (the notices' forStaff). */
  notifyStaff?: StaffNotifier;
}

/** SKUs named in one low-stock notice; the rest are counted. */
const LOW_STOCK_LISTED = 30;

function stockRowOf(
  r: Omit<AdminStockRow, 'warehouseName' | 'statusLabel' | 'property'> & {
    property: Record<string, string> | null;
  },
): AdminStockRow {
  return {
    ...r,
    property: r.property ?? {},
    warehouseName: warehouseName(r.location),
    statusLabel: skuStatusLabel(r.status),
  };
}

/** The inventory's service. */
export function createInventoryService({
  db,
  audit,
  catalogueChanged,
  stockArrived,
  notifyStaff,
}: InventoryDeps) {
  const arrived = async (skuIds: readonly number[], by: AuditActor) => {
    if (skuIds.length > 0 && stockArrived) await stockArrived(skuIds, by);
  };

  const changing = async <T>(change: () => Promise<T>): Promise<T> => {
    const result = await change();
    // After the commit, and never failing the change itself (as the catalogue's own changes).
    await catalogueChanged().catch(() => undefined);
    return result;
  };

  return {
    /**
     * Takes stock and counts sales as a statement of its own on `executor` (the database, or the caller's
     * transaction): the take of inventory.take.ts, answering the units each line reserved, in the lines' order.
     * An order takes its stock within its own statement instead (stockTakePart).
     */
    async reserve(
      lines: readonly StockTake[],
      sold: readonly { goodsId: number; qty: number }[],
      executor: Database,
    ): Promise<{ reserved: number[] }> {
      if (lines.length === 0) return { reserved: [] };
      return {
        reserved: await runStatement(executor, 'take_stock', [stockTakePart(lines, sold)], linesTaken),
      };
    },

    /** Takes a cancelled order's units back off the products' sales counts, in the caller's transaction. */
    async removeSales(sold: readonly { goodsId: number; qty: number }[], executor: Database): Promise<void> {
      const byGoods = new Map<number, number>();
      for (const s of sold) if (s.qty > 0) byGoods.set(s.goodsId, (byGoods.get(s.goodsId) ?? 0) + s.qty);
      await repo.subtractGoodsSales(executor, byGoods);
    },

    /**
     * Gives an order's reserved stock back inside the caller's transaction (docs/design.md 'Stock and orders':
     * cancelling returns it), in one statement that locks the SKUs in id order like an order's take, so
     * concurrent orders lock rows alike.
     */
    async returnStock(lines: readonly { skuId: number; qty: number }[], executor: Database): Promise<void> {
      const bySku = new Map<number, number>();
      for (const l of lines) if (l.qty > 0) bySku.set(l.skuId, (bySku.get(l.skuId) ?? 0) + l.qty);
      await repo.addStock(executor, bySku);
    },

    /**
     * Goods an after-sales request brought back (issue #39), in the caller's transaction: per SKU, the pieces put
     * back in stock and those written off as damaged, each SKU locked in id order and written to the stock ledger
     * (before, after, written off, why) with its audit row. Call catalogueChanged after the commit.
     */
    async receiveReturned(
      tx: Database,
      input: {
        lines: readonly { skuId: number; restock: number; writeOff: number }[];
        by: AuditActor;
        reason: string;
      },
    ): Promise<void> {
      const bySku = new Map<number, { restock: number; writeOff: number }>();
      for (const l of input.lines) {
        const held = bySku.get(l.skuId) ?? { restock: 0, writeOff: 0 };
        bySku.set(l.skuId, { restock: held.restock + l.restock, writeOff: held.writeOff + l.writeOff });
      }
      for (const sku of await repo.lockSkusById(tx, [...bySku.keys()])) {
        const back = bySku.get(sku.id) ?? { restock: 0, writeOff: 0 };
        if (back.restock === 0 && back.writeOff === 0) continue;
        const after = sku.stock + back.restock;
        if (back.restock > 0) await repo.setSkuStock(tx, sku.id, after);
        await repo.insertLedgerEntry(tx, {
          skuId: sku.id,
          before: sku.stock,
          after,
          writtenOff: back.writeOff,
          reason: `${input.reason}${back.writeOff > 0 ? `（报损 ${back.writeOff} 件）` : ''}`.slice(0, 200),
          actor: input.by.actor,
          staffId: input.by.staffId,
        });
        await audit?.(tx, {
          by: input.by,
          action: 'stock.return',
          objectType: 'sku',
          objectId: sku.code,
          before: { stock: sku.stock },
          after: { stock: after, restocked: back.restock, writtenOff: back.writeOff, reason: input.reason },
        });
      }
    },

    /**
     * Takes the pieces an exchange sends (issue #39) out of stock, in the caller's transaction: each SKU locked in
     * id order, refused with the line's name when its stock is short, written to the stock ledger with its audit
     * row. Call catalogueChanged after the commit.
     */
    async takeForExchange(
      tx: Database,
      input: {
        lines: readonly { skuId: number; qty: number; name: string }[];
        by: AuditActor;
        reason: string;
        short: (name: string) => string;
      },
    ): Promise<void> {
      const bySku = new Map<number, { qty: number; name: string }>();
      for (const l of input.lines)
        bySku.set(l.skuId, { qty: (bySku.get(l.skuId)?.qty ?? 0) + l.qty, name: l.name });
      for (const sku of await repo.lockSkusById(tx, [...bySku.keys()])) {
        const take = bySku.get(sku.id) ?? { qty: 0, name: '' };
        if (sku.stock < take.qty) throw paramsError(input.short(take.name));
        const after = sku.stock - take.qty;
        await repo.setSkuStock(tx, sku.id, after);
        await repo.insertLedgerEntry(tx, {
          skuId: sku.id,
          before: sku.stock,
          after,
          reason: input.reason,
          actor: input.by.actor,
          staffId: input.by.staffId,
        });
        await audit?.(tx, {
          by: input.by,
          action: 'stock.exchange',
          objectType: 'sku',
          objectId: sku.code,
          before: { stock: sku.stock },
          after: { stock: after, reason: input.reason },
        });
      }
    },

    /** Moves the catalogue's version on after a committed change of stock made in a caller's transaction. */
    stockChanged: () => catalogueChanged().catch(() => undefined),

    /** Stock of these SKUs rose in a caller's committed transaction: waiting pre-orders are served. */
    arrived,

    /** Locks SKUs in id order, in the caller's transaction, answering their stock by id. */
    async lockStock(tx: Database, skuIds: readonly number[]): Promise<Map<number, number>> {
      return new Map((await repo.lockStockById(tx, skuIds)).map((s) => [s.id, s.stock]));
    },

    /**
     * Takes stock of SKUs the caller locked (lockStock) for waiting pre-orders (issue #39), in its transaction: an
     * order's take like placing one, so no ledger row (ADR 028); never below zero (the check constraint).
     */
    async takeForPreOrders(tx: Database, taken: ReadonlyMap<number, number>): Promise<void> {
      await repo.addStock(
        tx,
        new Map([...taken].filter(([, qty]) => qty > 0).map(([id, qty]) => [id, -qty])),
      );
    },

    /** SKUs with their stock for the console's 库存: by keyword and warehouse, or the low ones fewest first. */
    async stockList(input: {
      pageNo: number;
      pageSize: number;
      keyword?: string | undefined;
      warehouse?: number | undefined;
      low?: boolean | undefined;
    }): Promise<AdminStockListResponse> {
      const filter = {
        keyword: input.keyword || undefined,
        location: input.warehouse,
        low: input.low,
      };
      const page = { limit: input.pageSize, offset: (input.pageNo - 1) * input.pageSize };
      const { rows, total } = await repo.pageStock(db, filter, page);
      // A page past the end has no row to carry the total: ask for the first one.
      const totalCount =
        rows.length === 0 && input.pageNo > 1
          ? (await repo.pageStock(db, filter, { limit: 1, offset: 0 })).total
          : total;
      return {
        items: rows.map(({ total: _total, ...r }) => stockRowOf(r)),
        totalCount,
      };
    },

    /**
     * Sets a SKU's low-stock line (null: the shop's LOW_STOCK), audited; a line now below the stock may be told
     * again at the next fall. NotFound for an unknown SKU.
     */
    async setLowStockLine(
      by: AuditActor,
      input: { skuCode: string; lowStockAt: number | null },
    ): Promise<AdminStockRow> {
      const row = await db.transaction(async (tx) => {
        const before = await repo.stockRowByCode(tx, input.skuCode, true);
        if (!before) throw notFoundError(`${InventoryMessages.unknownSku}：${input.skuCode}`);
        await repo.setLowStockAt(tx, before.skuId, input.lowStockAt);
        await audit?.(tx, {
          by,
          action: 'stock.threshold',
          objectType: 'sku',
          objectId: input.skuCode,
          before: { lowStockAt: before.lowStockAt },
          after: { lowStockAt: input.lowStockAt },
        });
        return repo.stockRowByCode(tx, input.skuCode);
      });
      if (!row) throw notFoundError(`${InventoryMessages.unknownSku}：${input.skuCode}`);
      return stockRowOf(row);
    },

    /**
     * The low-stock sweep (every minute, app.ts): SKUs sold by stock that fell to their line since the last sweep
     * are marked told and the warehouse gets one notice naming them, in one transaction; SKUs back above their line
     * may be told again. Answers how many were told of.
     */
    async lowStockAlerts(): Promise<number> {
      return db.transaction(async (tx) => {
        const low = await repo.takeNewlyLow(tx);
        if (low.length === 0) return 0;
        const listed = low
          .slice(0, LOW_STOCK_LISTED)
          .map(
            (s) =>
              `${s.skuCode} ${s.goodsName}${s.skuName ? ` ${s.skuName}` : ''}：剩 ${s.stock} 件（提醒线 ${s.line}）`,
          );
        if (low.length > LOW_STOCK_LISTED) listed.push(`…… 另有 ${low.length - LOW_STOCK_LISTED} 个`);
        await notifyStaff?.(tx, {
          permission: Permission.orderFulfil,
          kind: 'staffLowStock',
          params: { count: String(low.length), list: listed.join('\n') },
        });
        return low.length;
      });
    },

    /** One SKU's hand-made stock changes, newest first; NotFound for an unknown SKU. */
    async stockLedger(input: {
      skuCode: string;
      pageNo: number;
      pageSize: number;
    }): Promise<AdminStockLedgerResponse> {
      const page = { limit: input.pageSize, offset: (input.pageNo - 1) * input.pageSize };
      const found = await repo.pageLedger(db, input.skuCode, page);
      if (!found) throw notFoundError(`${InventoryMessages.unknownSku}：${input.skuCode}`);
      return {
        items: found.rows.map((r) => ({
          id: r.id,
          before: r.before,
          after: r.after,
          reason: r.reason,
          actor: r.actor,
          time: r.createdAt.toISOString(),
        })),
        totalCount: found.total,
      };
    },

    /**
     * Sets a SKU's stock, or adds to or takes from it, under a row lock so concurrent changes add up, and writes
     * the stock ledger (who, before, after, why) and the audit row in the same transaction. Stock never goes below
     * zero (the schema's check and spec §4 'ByStock'): such a change is refused. A `requestId` already in the
     * ledger (a retry, a double click) changes nothing and answers what that adjustment did.
     */
    async changeStock(
      skuCode: string,
      change: { set: number } | { add: number },
      options: { by?: AuditActor; reason?: string; requestId?: string } = {},
    ): Promise<StockChange> {
      const by = options.by ?? cliActor();
      const reason = (options.reason ?? '').trim();
      if (reason.length > 200) throw paramsError(InventoryMessages.badReason);
      let skuId = 0;
      const result = await changing(() =>
        db.transaction(async (tx) => {
          const sku = await repo.lockSkuStock(tx, skuCode);
          if (!sku) throw notFoundError(`${InventoryMessages.unknownSku}：${skuCode}`);
          skuId = sku.id;
          if (options.requestId !== undefined) {
            const done = await repo.findLedgerEntry(tx, options.requestId);
            if (done) {
              if (done.skuId !== sku.id) throw paramsError(InventoryMessages.requestIdReused);
              return { skuCode, previous: done.before, stock: done.after, changed: false };
            }
          }
          const amount = 'set' in change ? change.set : change.add;
          if (!Number.isSafeInteger(amount) || ('set' in change && amount < 0)) {
            throw paramsError(InventoryMessages.badStock);
          }
          const stock = 'set' in change ? change.set : sku.stock + change.add;
          if (stock < 0) {
            throw new AppError(
              ResultCode.BadRequest,
              `${InventoryMessages.stockBelowZero}：SKU ${skuCode} 当前库存 ${sku.stock}，不能减少 ${-amount}`,
            );
          }
          await writeStockChange(tx, audit, {
            sku: { ...sku, code: skuCode },
            stock,
            by,
            reason,
            requestId: options.requestId,
          });
          return { skuCode, previous: sku.stock, stock, changed: true };
        }),
      );
      // Stock that arrived serves the pre-orders waiting for it (issue #39), after the change committed.
      if (result.changed && result.stock > result.previous) await arrived([skuId], by);
      return result;
    },
  };
}
