import {
  type AdminCourier,
  type AdminWaitingPacksResponse,
  packLabel,
  TRACKING_SHEET_COLUMNS,
} from '@shop/domain';

/** One order of the bulk ship dialog: its packs waiting to ship, which leave together with one tracking number. */
export interface ShipManyRow {
  orderNo: string;
  receiverName: string;
  packs: { packIndex: number; warehouseName: string; pieces: number }[];
  /** The courier the member chose at checkout for its first pack, while the shop offers it; else undefined. */
  courierCode: string | undefined;
}

/** The dialog's rows: the waiting packs grouped by order, in the order they were picked. */
export function shipManyRows(
  waiting: AdminWaitingPacksResponse,
  couriers: readonly AdminCourier[],
): ShipManyRow[] {
  const rows = new Map<string, ShipManyRow>();
  for (const pack of waiting.packs) {
    const row = rows.get(pack.orderNo) ?? {
      orderNo: pack.orderNo,
      receiverName: pack.receiverName,
      packs: [],
      courierCode: couriers.find((c) => c.id === pack.courierId)?.code,
    };
    row.packs.push({ packIndex: pack.packIndex, warehouseName: pack.warehouseName, pieces: pack.pieces });
    rows.set(pack.orderNo, row);
  }
  return [...rows.values()];
}

/** '包裹 1（澳大利亚仓，3 件）、包裹 2（中国仓，1 件）'. */
export function packsText(packs: ShipManyRow['packs']): string {
  return packs.map((p) => `${packLabel(p.packIndex)}（${p.warehouseName}，${p.pieces} 件）`).join('、');
}

/** An order or pack left out, as the dialogs list it: 'SO… 包裹 2：…' or 'SO…：…'. */
export function skippedText(skipped: AdminWaitingPacksResponse['skipped'][number]): string {
  const what =
    skipped.packIndex === null ? skipped.orderNo : `${skipped.orderNo} ${packLabel(skipped.packIndex)}`;
  return `${what}：${skipped.reason}`;
}

/** How many orders and packs a print or a ship takes, and how many are left out, in one line. */
export function waitingSummary(waiting: AdminWaitingPacksResponse): string {
  const orders = new Set(waiting.packs.map((p) => p.orderNo)).size;
  const left = waiting.skipped.length;
  return `${orders} 个订单的 ${waiting.packs.length} 个待发货包裹${left > 0 ? `；${left} 项不包含（原因见下）` : ''}`;
}

/** A blank tracking sheet (CSV with a BOM, so Excel reads its Chinese headers right). */
export function trackingSheetTemplate(): string {
  const { orderNo, courier, logisticCode, pack } = TRACKING_SHEET_COLUMNS;
  return `\uFEFF${[orderNo, courier, logisticCode, pack].join(',')}\r\n`;
}
