import {
  type AdminOrderShipManyRequest,
  type AdminOrderShipManyResponse,
  type AdminTrackingSheetResponse,
  type AdminWaitingPacksResponse,
  countryLabel,
  OrderStatus,
  orderStatusLabel,
  packLabel,
  ResultCode,
  shippablePieces,
  warehouseName,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { AppError, paramsError } from '../../lib/app-error';
import type { AuditActor, AuditRecorder } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { PdfFile } from '../../lib/pdf-reply';
import { shopTime } from '../../lib/shop-day';
import type { SheetTable } from '../../lib/spreadsheet';
import type { OrderAdminService } from './order.admin';
import * as bulkRepo from './order.bulk.repository';
import { type PackingPage, type PickingSection, packingListPdf, pickingListPdf } from './order.print-pdf';
import * as repo from './order.repository';
import { readTrackingSheet, type TrackingLine } from './order.tracking-sheet';

/**
 * The warehouse's work on many orders at once (the console's order list): the packing and picking lists of the picked
 * orders' packs waiting to ship, and shipping many orders together, picked in the list or named in a tracking sheet.
 * A bulk ship checks every order under its lock and ships every pack through the one ship of order.admin.ts (the
 * same audit, tracking event and member notice as a single ship), in one transaction: all or nothing.
 */

export const OrderBulkMessages = {
  notFound: '订单不存在',
  cancelled: '订单已取消',
  pickup: '自提订单，无需快递发货',
  noPacks: (status: number) => `订单没有包裹（订单状态「${orderStatusLabel(status)}」）`,
  noPack: (pack: number) => `订单没有${packLabel(pack)}`,
  packShipped: (pack: number, logisticCode: string) =>
    logisticCode === '' ? `${packLabel(pack)}已发货` : `${packLabel(pack)}已发货（运单号 ${logisticCode}）`,
  packNotWaiting: (pack: number, status: number) =>
    `${packLabel(pack)}当前状态为「${orderStatusLabel(status)}」，不是待发货`,
  noneWaiting: (status: number) => `没有待发货的包裹（订单状态「${orderStatusLabel(status)}」）`,
  choosePack: (count: number) => `订单有 ${count} 个待发货包裹，请在「包裹」列填写包裹序号`,
  waitingPreOrder: (pack: number, pieces: number) =>
    `${packLabel(pack)}有 ${pieces} 件预订商品尚未到货，不能整包发出，请在订单详情中部分发货`,
  unknownCourier: (text: string) => `未找到快递公司「${text}」，请填写已启用的快递公司名称或编码`,
  samePack: (row: number) => `与第 ${row} 行是同一个包裹`,
  sheetRow: (row: number, message: string) => `第 ${row} 行：${message}`,
  orderRow: (orderNo: string, message: string) => `订单 ${orderNo}：${message}`,
  nothingToPrint: '所选订单没有待发货的包裹，没有可打印的内容',
  /** A bulk ship refused: the first problem named, every one in data.errors; nothing shipped. */
  refused: (errors: readonly string[], what: string) =>
    errors.length === 1
      ? `${errors[0]}。${what}未发货，请核对后重试`
      : `共 ${errors.length} 处问题，${what}未发货：${errors[0]} 等`,
} as const;

type Courier = { id: number; code: string; name: string };

/** What a bulk step asks of other modules (wired in services.ts). */
export interface OrderBulkPorts {
  /** The active couriers (the checkout module): a sheet names one by its name or its code. */
  activeCouriers(): Promise<Courier[]>;
  /** The codes of these SKUs (the catalogue), for the printed lists. */
  skuCodes(skuIds: readonly number[]): Promise<ReadonlyMap<number, string>>;
  /** Writes the staff audit row of each print, in its transaction. */
  audit?: AuditRecorder;
}

export type OrderBulkService = ReturnType<typeof createOrderBulkService>;

/** The orders a step names, with their packs and lines, read on one executor (the caller's transaction). */
interface OrdersState {
  orders: Map<string, repo.OrderRow>;
  packs: Map<number, repo.PackRow[]>;
  items: repo.ItemRow[];
}

async function loadState(db: Database, found: readonly repo.OrderRow[]): Promise<OrdersState> {
  const ids = found.map((o) => o.id);
  const [packs, items] = await Promise.all([repo.listPacks(db, ids), repo.listItems(db, ids)]);
  const byOrder = new Map<number, repo.PackRow[]>();
  for (const pack of packs) byOrder.set(pack.orderId, [...(byOrder.get(pack.orderId) ?? []), pack]);
  for (const list of byOrder.values()) list.sort((a, b) => a.packIndex - b.packIndex);
  return { orders: new Map(found.map((o) => [o.orderNo, o])), packs: byOrder, items };
}

const waitingToShip = (pack: repo.PackRow) => pack.status === OrderStatus.AwaitingDispatch;

/** Why a pack that is not waiting to ship is left out. */
function packNotWaiting(pack: repo.PackRow): string {
  return pack.status >= OrderStatus.Shipped && pack.status !== OrderStatus.AwaitingPickup
    ? OrderBulkMessages.packShipped(pack.packIndex, pack.logisticCode)
    : OrderBulkMessages.packNotWaiting(pack.packIndex, pack.status);
}

/** Why a whole order has nothing to ship, or null when it may (some of its packs may still be left out). */
function orderNotShippable(order: repo.OrderRow | undefined, packs: readonly repo.PackRow[]): string | null {
  if (!order) return OrderBulkMessages.notFound;
  if (order.status === OrderStatus.Cancelled) return OrderBulkMessages.cancelled;
  if (order.isPickup) return OrderBulkMessages.pickup;
  if (packs.length === 0) return OrderBulkMessages.noPacks(order.status);
  return null;
}

/** The pre-ordered pieces of a pack still waiting for stock. */
function waitingPieces(items: readonly repo.ItemRow[], pack: repo.PackRow): number {
  return items.reduce((sum, i) => sum + (i.packId === pack.id ? i.waiting : 0), 0);
}

/** A courier as a sheet or the dialog names it: its code in any case, or its name. */
function matchCourier(couriers: readonly Courier[], text: string): Courier | null {
  const wanted = text.trim().toLowerCase();
  return (
    couriers.find((c) => c.code.toLowerCase() === wanted) ??
    couriers.find((c) => c.name.trim().toLowerCase() === wanted) ??
    null
  );
}

/** One parcel a bulk ship is asked for: a sheet row, or an order picked in the list (every pack waiting). */
interface ShipAsk {
  row: number;
  orderNo: string;
  /** The pack's index; undefined: the order's only pack waiting, or all of them when `everyWaiting`. */
  pack: number | undefined;
  everyWaiting: boolean;
  courier: string;
  logisticCode: string;
  /** A problem of the row as written. */
  error: string | null;
}

interface ShipPlan {
  ask: ShipAsk;
  packs: repo.PackRow[];
  courier: Courier | null;
  error: string | null;
}

/** Decides each ask against the orders as they are: the packs it ships, or why it cannot. */
function planShipments(
  asks: readonly ShipAsk[],
  state: OrdersState,
  couriers: readonly Courier[],
): ShipPlan[] {
  const takenBy = new Map<number, number>();
  return asks.map((ask) => {
    const courier = matchCourier(couriers, ask.courier);
    const fail = (error: string): ShipPlan => ({ ask, packs: [], courier, error });
    if (ask.error) return fail(ask.error);
    const order = state.orders.get(ask.orderNo);
    const packs = order ? (state.packs.get(order.id) ?? []) : [];
    const refused = orderNotShippable(order, packs);
    if (refused) return fail(refused);
    let chosen: repo.PackRow[];
    if (ask.pack !== undefined) {
      const pack = packs.find((p) => p.packIndex === ask.pack);
      if (!pack) return fail(OrderBulkMessages.noPack(ask.pack));
      if (!waitingToShip(pack)) return fail(packNotWaiting(pack));
      chosen = [pack];
    } else {
      chosen = packs.filter(waitingToShip);
      if (chosen.length === 0) {
        const only = packs.length === 1 ? packs[0] : undefined;
        return fail(only ? packNotWaiting(only) : OrderBulkMessages.noneWaiting(order?.status ?? 0));
      }
      if (chosen.length > 1 && !ask.everyWaiting) return fail(OrderBulkMessages.choosePack(chosen.length));
    }
    for (const pack of chosen) {
      const waiting = waitingPieces(state.items, pack);
      if (waiting > 0) return fail(OrderBulkMessages.waitingPreOrder(pack.packIndex, waiting));
      const other = takenBy.get(pack.id);
      if (other !== undefined) return fail(OrderBulkMessages.samePack(other));
    }
    if (!courier) return fail(OrderBulkMessages.unknownCourier(ask.courier));
    for (const pack of chosen) takenBy.set(pack.id, ask.row);
    return { ask, packs: chosen, courier, error: null };
  });
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The receiver's address on one line, as the parcel's label reads it. */
function addressLine(receiver: Record<string, unknown> | null): string {
  if (!receiver) return '';
  const country = text(receiver.country);
  return [
    country ? countryLabel(country) : '',
    text(receiver.province),
    text(receiver.city),
    text(receiver.district),
    text(receiver.detail),
    text(receiver.postCode),
    text(receiver.company) ? `（${text(receiver.company)}）` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** A line's specification as the SKU's attributes read ('红 / 500g'), else its SKU name. */
function specOf(item: repo.ItemRow): string {
  const values = Object.values(item.property ?? {}).filter((v) => typeof v === 'string' && v !== '');
  if (values.length > 0) return values.join(' / ');
  return item.skuName && item.skuName !== item.name ? item.skuName : '';
}

/** A sheet row as the preview shows it. */
function rowOf(plan: ShipPlan): AdminTrackingSheetResponse['rows'][number] {
  return {
    row: plan.ask.row,
    orderNo: plan.ask.orderNo,
    packIndex: plan.packs[0]?.packIndex ?? plan.ask.pack ?? null,
    courierCode: plan.courier?.code ?? '',
    courierName: plan.courier?.name ?? '',
    logisticCode: plan.ask.logisticCode,
    error: plan.error,
  };
}

/** The file name of a printed list: ASCII, stamped with the shop's time. */
function printFileName(prefix: string, printedAt: string): string {
  return `${prefix}_${printedAt.replace(/[-:]/g, '').replace(' ', '_').slice(0, 13)}.pdf`;
}

export function createOrderBulkService({
  db,
  clock,
  orderAdmin,
  shopName,
  fontPath,
  ports,
}: {
  db: Database;
  clock: Clock;
  orderAdmin: OrderAdminService;
  shopName: string;
  fontPath?: string | undefined;
  ports: OrderBulkPorts;
}) {
  const audit: AuditRecorder = ports.audit ?? (async () => {});

  /** The picked orders' packs waiting to ship, and the orders and packs left out with why, in the order picked. */
  async function waitingOf(orderNos: readonly string[]) {
    const state = await loadState(db, await bulkRepo.findOrdersByNos(db, orderNos));
    const packs: { order: repo.OrderRow; pack: repo.PackRow }[] = [];
    const skipped: AdminWaitingPacksResponse['skipped'] = [];
    for (const orderNo of orderNos) {
      const order = state.orders.get(orderNo);
      const own = order ? (state.packs.get(order.id) ?? []) : [];
      const refused = orderNotShippable(order, own);
      if (!order || refused) {
        skipped.push({ orderNo, packIndex: null, reason: refused ?? OrderBulkMessages.notFound });
        continue;
      }
      for (const pack of own) {
        if (waitingToShip(pack)) packs.push({ order, pack });
        else skipped.push({ orderNo, packIndex: pack.packIndex, reason: packNotWaiting(pack) });
      }
    }
    return { state, packs, skipped };
  }

  /** The lines of one pack, as printed. */
  function linesOf(state: OrdersState, pack: repo.PackRow, codes: ReadonlyMap<number, string>) {
    return state.items
      .filter((i) => i.packId === pack.id)
      .map((i) => ({
        skuId: i.skuId,
        skuCode: codes.get(i.skuId) ?? '',
        name: i.name,
        spec: specOf(i),
        qty: i.qty,
        waiting: i.waiting,
        isGift: i.isGift,
      }));
  }

  /** One audit row per order printed, naming its packs, in one transaction. */
  async function auditPrint(
    by: AuditActor,
    action: 'order.printPacking' | 'order.printPicking',
    packs: readonly { order: repo.OrderRow; pack: repo.PackRow }[],
    skipped: AdminWaitingPacksResponse['skipped'],
  ) {
    const byOrder = new Map<string, number[]>();
    for (const { order, pack } of packs)
      byOrder.set(order.orderNo, [...(byOrder.get(order.orderNo) ?? []), pack.packIndex]);
    await db.transaction(async (tx) => {
      for (const [orderNo, printed] of byOrder)
        await audit(tx, {
          by,
          action,
          objectType: 'order',
          objectId: orderNo,
          after: {
            packs: printed,
            skipped: skipped.filter((s) => s.orderNo === orderNo).map((s) => s.packIndex),
          },
        });
    });
  }

  /** Ships the planned parcels through the one ship of order.admin.ts, in the caller's transaction. */
  async function shipPlanned(
    tx: Database,
    by: AuditActor,
    plans: readonly ShipPlan[],
  ): Promise<AdminOrderShipManyResponse> {
    const results = new Map<string, { status: number; moved: number[] }>();
    let count = 0;
    for (const plan of plans)
      for (const pack of plan.packs) {
        const done = await orderAdmin.transition(
          by,
          plan.ask.orderNo,
          OrderStatus.Shipped,
          { pack: pack.packIndex, courierCode: plan.courier?.code, logisticCode: plan.ask.logisticCode },
          tx,
        );
        const seen = results.get(plan.ask.orderNo) ?? { status: done.status, moved: [] };
        results.set(plan.ask.orderNo, { status: done.status, moved: [...seen.moved, ...done.moved] });
        count += done.moved.length;
      }
    return {
      orders: [...results].map(([orderNo, r]) => ({ orderNo, status: r.status, moved: r.moved })),
      packs: count,
    };
  }

  /** Each ask decided against the orders as they are now (no locks: a preview; applying decides again). */
  async function preview(asks: readonly ShipAsk[]): Promise<ShipPlan[]> {
    const couriers = await ports.activeCouriers();
    const found = await bulkRepo.findOrdersByNos(db, [...new Set(asks.map((a) => a.orderNo))]);
    return planShipments(asks, await loadState(db, found), couriers);
  }

  /**
   * Ships the asks in one transaction, all or nothing: the orders locked (in id order), every ask decided again
   * against them as they are now, then every pack shipped; any problem refuses the whole lot, each problem named.
   */
  async function shipAll(
    by: AuditActor,
    asks: readonly ShipAsk[],
    label: (ask: ShipAsk, message: string) => string,
    what: string,
  ): Promise<{ plans: ShipPlan[]; done: AdminOrderShipManyResponse }> {
    // Read before the transaction: inside it every query goes through `tx`.
    const couriers = await ports.activeCouriers();
    return db.transaction(async (tx) => {
      const locked = await bulkRepo.lockOrdersByNos(tx, [...new Set(asks.map((a) => a.orderNo))]);
      const plans = planShipments(asks, await loadState(tx, locked), couriers);
      const errors = plans.flatMap((p) => (p.error ? [label(p.ask, p.error)] : []));
      if (errors.length > 0)
        throw new AppError(ResultCode.ParamsError, OrderBulkMessages.refused(errors, what), { errors });
      return { plans, done: await shipPlanned(tx, by, plans) };
    });
  }

  const sheetLabel = (ask: ShipAsk, message: string) => OrderBulkMessages.sheetRow(ask.row, message);

  function asksOfSheet(lines: readonly TrackingLine[]): ShipAsk[] {
    return lines.map((l) => ({
      row: l.row,
      orderNo: l.orderNo,
      pack: l.pack,
      everyWaiting: false,
      courier: l.courier,
      logisticCode: l.logisticCode,
      error: l.error,
    }));
  }

  return {
    /** The packs a packing or picking list of the picked orders prints (and a bulk ship sends), and what is left out. */
    async waitingPacks(orderNos: readonly string[]): Promise<AdminWaitingPacksResponse> {
      const { state, packs, skipped } = await waitingOf(orderNos);
      return {
        packs: packs.map(({ order, pack }) => ({
          orderNo: order.orderNo,
          packIndex: pack.packIndex,
          location: pack.location,
          warehouseName: warehouseName(pack.location),
          receiverName: text(order.receiver?.name),
          courierId: pack.courierId,
          pieces: state.items.reduce((sum, i) => sum + (i.packId === pack.id ? i.qty : 0), 0),
        })),
        skipped,
      };
    },

    /** Packing lists of the picked orders' packs waiting to ship, one page a pack; the print is audited. */
    async packingList(by: AuditActor, orderNos: readonly string[]): Promise<PdfFile> {
      const { state, packs, skipped } = await waitingOf(orderNos);
      if (packs.length === 0) throw paramsError(OrderBulkMessages.nothingToPrint);
      const codes = await ports.skuCodes([...new Set(state.items.map((i) => i.skuId))]);
      const at = clock();
      const printedAt = shopTime(at).slice(0, 16);
      const pages: PackingPage[] = packs.map(({ order, pack }) => ({
        orderNo: order.orderNo,
        packIndex: pack.packIndex,
        packCount: state.packs.get(order.id)?.length ?? 1,
        warehouseName: warehouseName(pack.location),
        receiverName: text(order.receiver?.name),
        receiverPhone: text(order.receiver?.phone),
        address: addressLine(order.receiver),
        memberRemark: order.memberRemark,
        lines: linesOf(state, pack, codes),
      }));
      const content = await packingListPdf({ shopName, printedAt, at, pages }, fontPath);
      await auditPrint(by, 'order.printPacking', packs, skipped);
      return { fileName: printFileName('PackingList', printedAt), content };
    },

    /**
     * A picking list of the same packs: per warehouse, each SKU once with the pieces to pick summed (those still
     * waiting for stock left out), sorted by SKU code; the print is audited.
     */
    async pickingList(by: AuditActor, orderNos: readonly string[]): Promise<PdfFile> {
      const { state, packs, skipped } = await waitingOf(orderNos);
      if (packs.length === 0) throw paramsError(OrderBulkMessages.nothingToPrint);
      const codes = await ports.skuCodes([...new Set(state.items.map((i) => i.skuId))]);
      const sections = new Map<
        number,
        { packs: number; lines: Map<number, PickingSection['lines'][number]> }
      >();
      for (const { pack } of packs) {
        const section = sections.get(pack.location) ?? { packs: 0, lines: new Map() };
        section.packs += 1;
        for (const line of linesOf(state, pack, codes)) {
          const pieces = shippablePieces(line);
          if (pieces === 0) continue;
          const seen = section.lines.get(line.skuId);
          if (seen) {
            seen.qty += pieces;
            seen.packs += 1;
          } else
            section.lines.set(line.skuId, {
              skuCode: line.skuCode,
              name: line.name,
              spec: line.spec,
              qty: pieces,
              packs: 1,
            });
        }
        sections.set(pack.location, section);
      }
      const at = clock();
      const printedAt = shopTime(at).slice(0, 16);
      const content = await pickingListPdf(
        {
          shopName,
          printedAt,
          at,
          sections: [...sections]
            .sort(([a], [b]) => a - b)
            .map(([location, s]) => ({
              warehouseName: warehouseName(location),
              packs: s.packs,
              lines: [...s.lines.values()].sort(
                (a, b) =>
                  (a.skuCode < b.skuCode ? -1 : a.skuCode > b.skuCode ? 1 : 0) ||
                  a.name.localeCompare(b.name),
              ),
            })),
          packs: packs.map(({ order, pack }) => ({ orderNo: order.orderNo, packIndex: pack.packIndex })),
        },
        fontPath,
      );
      await auditPrint(by, 'order.printPicking', packs, skipped);
      return { fileName: printFileName('PickingList', printedAt), content };
    },

    /** Every pack waiting to ship of each order, with the order's courier and tracking number: all or none. */
    async shipMany(by: AuditActor, input: AdminOrderShipManyRequest): Promise<AdminOrderShipManyResponse> {
      const asks = input.orders.map((o, i) => ({
        row: i + 1,
        orderNo: o.orderNo,
        pack: undefined,
        everyWaiting: true,
        courier: o.courierCode,
        logisticCode: o.logisticCode,
        error: null,
      }));
      const label = (ask: ShipAsk, message: string) => OrderBulkMessages.orderRow(ask.orderNo, message);
      return (await shipAll(by, asks, label, '所选订单均')).done;
    },

    /**
     * A tracking sheet as read (lib/spreadsheet.ts, within TRACKING_SHEET_MAX_ROWS): a preview says for each row the
     * order's pack and the courier matched, or why it cannot ship; applying decides every row again with the
     * orders locked and ships them all, or none when any row cannot ship now (shipped or cancelled since the
     * preview, say), naming the row.
     */
    async trackingSheet(
      by: AuditActor,
      table: SheetTable,
      options: { dryRun: boolean; fileName: string },
    ): Promise<AdminTrackingSheetResponse> {
      const base = { dryRun: options.dryRun, fileName: options.fileName };
      const read = readTrackingSheet(table);
      if (!read.ok) {
        if (!options.dryRun) throw new AppError(ResultCode.ParamsError, read.error, { errors: [read.error] });
        return { ...base, rows: [], errors: [read.error], shipped: 0 };
      }
      const asks = asksOfSheet(read.lines);
      if (options.dryRun) {
        const rows = (await preview(asks)).map(rowOf);
        const errors = rows.flatMap((r) => (r.error ? [OrderBulkMessages.sheetRow(r.row, r.error)] : []));
        return { ...base, rows, errors, shipped: 0 };
      }
      const { plans, done } = await shipAll(by, asks, sheetLabel, '整张表');
      return { ...base, rows: plans.map(rowOf), errors: [], shipped: done.packs };
    },
  };
}
