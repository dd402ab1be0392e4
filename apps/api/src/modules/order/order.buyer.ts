import {
  exportFileName,
  orderStatusLabel,
  PACKING_STATUSES,
  type PackingListResponse,
  type PackingPack,
  packNumber,
  warehouseName,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { notFoundError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type SheetColumn, writeXlsx } from '../../lib/spreadsheet';
import type { AuthContext } from '../../plugins/auth';
import * as repo from './order.buyer.repository';

export const PackingMessages = {
  notFound: '包裹不存在或尚未备货完成',
} as const;

/** Most packs one packing-list export holds when the buyer names none (their latest ones). */
export const PACKING_EXPORT_MAX = 200;

/** A line the member bought, from an order (with its SKU) or an old order (named only). Minor units. */
export interface BoughtLine {
  skuId: number | null;
  name: string;
  skuName: string;
  times: number;
  lastQty: number;
  lastPrice: number;
  lastCurrency: 'AUD' | 'CNY';
  lastOrderedAt: Date;
}

const currencyOf = (text: string): 'AUD' | 'CNY' => (text === 'AUD' ? 'AUD' : 'CNY');

function toPackingPack(row: repo.PackingPackRow, items: Awaited<ReturnType<typeof repo.listItemsOfPacks>>) {
  const own = items.filter((i) => i.packId === row.id);
  return {
    id: row.id,
    orderId: row.orderId,
    orderNo: row.orderNo,
    packNo: packNumber(row.packIndex),
    packCount: Number(row.packCount),
    location: row.location,
    status: row.status,
    courierName: row.courierName,
    logisticCode: row.logisticCode,
    weight: row.weight,
    pieces: own.reduce((sum, i) => sum + i.qty, 0),
    receiverName: row.receiverName,
    isPickup: row.isPickup,
    shippedAt: row.shippedAt ? row.shippedAt.toISOString() : null,
    orderedAt: row.orderedAt.toISOString(),
    items: own.map((i) => ({
      skuId: i.skuId,
      name: i.name,
      skuName: i.skuName,
      property: i.property ?? {},
      qty: i.qty,
      weight: i.weight,
      isGift: i.isGift,
    })),
  } satisfies PackingPack;
}

/** The packing lists as one sheet: a row per item, with its pack's order, courier, tracking number and weight. */
function packingWorkbook(packs: readonly PackingPack[]): Promise<Buffer> {
  const columns: SheetColumn[] = [
    { header: '订单号', width: 22 },
    { header: '包裹', width: 8 },
    { header: '仓库', width: 10 },
    { header: '状态', width: 10 },
    { header: '快递公司', width: 14 },
    { header: '运单号', width: 20 },
    { header: '包裹重量（克）', width: 14 },
    { header: '商品', width: 40 },
    { header: '规格', width: 24 },
    { header: '数量', width: 8 },
    { header: '单件重量（克）', width: 14 },
    { header: '重量小计（克）', width: 14 },
  ];
  const rows = packs.flatMap((pack) =>
    pack.items.map((item) => [
      pack.orderNo,
      `${pack.packNo}/${pack.packCount}`,
      warehouseName(pack.location),
      orderStatusLabel(pack.status),
      pack.courierName,
      pack.logisticCode,
      pack.weight,
      item.isGift ? `【赠品】${item.name}` : item.name,
      Object.values(item.property).join(' ') || item.skuName,
      item.qty,
      item.weight,
      item.weight * item.qty,
    ]),
  );
  return writeXlsx('装箱单', columns, rows);
}

export type OrderBuyerService = ReturnType<typeof createOrderBuyerService>;

/** The order module's reads for the buyer's workspace: bought lines and packing lists (ADR 018). */
export function createOrderBuyerService({ db, clock }: { db: Database; clock: Clock }) {
  async function packs(
    auth: AuthContext,
    ids: readonly number[] | undefined,
    page?: { limit: number; offset: number },
  ) {
    const rows = await repo.listPackingPacks(db, auth.memberId, PACKING_STATUSES, {
      ...(ids ? { ids } : {}),
      ...(page ? { page } : {}),
    });
    const items = await repo.listItemsOfPacks(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toPackingPack(row, items));
  }

  return {
    /**
     * What the member bought: per SKU of their orders (cancelled ones aside) the last line and the number of
     * orders, and per SKU name of their old orders the same (an old order names its SKU only; the caller
     * matches the name to today's SKU). Two queries.
     */
    async boughtLines(auth: AuthContext): Promise<{ orders: BoughtLine[]; oldOrders: BoughtLine[] }> {
      const [lines, old] = await Promise.all([
        repo.listBoughtLines(db, auth.memberId),
        repo.listOldOrdersBought(db, auth.memberId),
      ]);
      const byName = new Map<string, BoughtLine>();
      // Newest old order first: the first line seen of a SKU is its last purchase.
      for (const order of old) {
        const seen = new Set<string>();
        for (const item of order.items) {
          const key = item.skuName || item.name;
          const line = byName.get(key);
          if (!line) {
            byName.set(key, {
              skuId: null,
              name: item.name,
              skuName: item.skuName,
              times: 1,
              lastQty: item.qty,
              lastPrice: item.price,
              lastCurrency: currencyOf(order.currency),
              lastOrderedAt: order.orderedAt,
            });
          } else if (!seen.has(key)) line.times += 1;
          seen.add(key);
        }
      }
      return {
        orders: lines.map((l) => ({
          skuId: l.skuId,
          name: l.name,
          skuName: l.skuName,
          times: l.times,
          lastQty: l.qty,
          lastPrice: l.unitPrice,
          lastCurrency: currencyOf(l.currency),
          lastOrderedAt: l.orderedAt,
        })),
        oldOrders: [...byName.values()],
      };
    },

    /** One page of the member's ready or shipped packs with their items, newest order first (or of one status). */
    async packingList(
      auth: AuthContext,
      query: { pageNo: number; pageSize: number; status?: number | undefined },
    ): Promise<PackingListResponse> {
      const statuses = query.status === undefined ? PACKING_STATUSES : [query.status];
      const [totalCount, rows] = await Promise.all([
        repo.countPackingPacks(db, auth.memberId, statuses),
        repo.listPackingPacks(db, auth.memberId, statuses, {
          page: { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize },
        }),
      ]);
      const items = await repo.listItemsOfPacks(
        db,
        rows.map((r) => r.id),
      );
      return {
        items: rows.map((row) => toPackingPack(row, items)),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount,
      };
    },

    /**
     * The packing lists of the named packs (else the member's latest PACKING_EXPORT_MAX ready or shipped ones)
     * as an xlsx. A named pack that is not the member's, or not ready yet, refuses the whole export: 404.
     */
    async exportPackingList(auth: AuthContext, ids: readonly number[] | undefined) {
      const wanted = ids ? [...new Set(ids)] : undefined;
      const found = await packs(auth, wanted, wanted ? undefined : { limit: PACKING_EXPORT_MAX, offset: 0 });
      if ((wanted && found.length !== wanted.length) || found.length === 0)
        throw notFoundError(PackingMessages.notFound);
      return { fileName: exportFileName('PackingList', clock()), content: await packingWorkbook(found) };
    },
  };
}
