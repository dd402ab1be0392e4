import {
  type AuditAction,
  MessageType,
  OrderStatus,
  orderStatusLabel,
  packLabel,
  packNumber,
  shippablePieces,
  warehouseName,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { notFoundError, paramsError } from '../../lib/app-error';
import type { AuditActor, AuditRecorder } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { type MemberNotice, type MemberNotifier, silentNotifier } from '../../lib/member-notice';
import { ImportRejectedError, type SheetTable } from '../../lib/spreadsheet';
import { findOrderByNo } from './order.console.repository';
import { checkOldOrderSheet, parseOrderedAt, sheetUsernames } from './order.old-import';
import { recordOfflinePayment } from './order.payment';
import * as repo from './order.repository';
import { ORDER_TRANSITIONS } from './order.service';
import { receiverPhone } from './order.tracking';

/**
 * The operator's side of orders (commands in cli.ts): status transitions as the warehouse works an order,
 * package photos, tracking events, and the import of the previous system's orders. Every change of an
 * order and its packs runs in one transaction under the order's row lock.
 */

export const OrderAdminMessages = {
  notFound: (orderNo: string) => `订单不存在：${orderNo}`,
  /** `pack` is the pack's index; the message says its number (包裹 1 for index 0). */
  noPack: (orderNo: string, pack: number) => `订单 ${orderNo} 没有${packLabel(pack)}`,
  choosePack: (orderNo: string) => `订单 ${orderNo} 有多个包裹，请用 --pack 指定要发货的包裹`,
  notAllowed: (pack: string, from: number, to: number) =>
    `${pack}当前状态为「${orderStatusLabel(from)}」，不能变更为「${orderStatusLabel(to)}」`,
  pickupOnly: '该订单不是自提订单，不能设为待自提',
  notForPickup: '自提订单无需快递发货，请设为待自提（order:pickup-ready）',
  unknownCourier: (code: string) => `未知的快递公司编码：${code}`,
  badLogisticCode: '物流单号只能包含字母、数字和 -，4-60 个字符',
  unknownParcel: (code: string) => `没有包裹使用物流单号：${code}`,
  badTime: '时间格式应为 ISO 8601 或 yyyy-MM-dd HH:mm（北京时间）',
  badDescription: '物流描述不能为空，最多500个字符',
  badNote: '备注最多200个字符',
  /** Another ship of the pack won (two staff, or a double submit with another number): the loser is told. */
  shippedAlready: (pack: string, logisticCode: string) =>
    `${pack} 已发货（物流单号 ${logisticCode}），状态已变化，请刷新后查看`,
  /** A pack holding pre-ordered pieces that have not arrived (issue #39) cannot leave whole. */
  waitingPreOrder: (pack: string, pieces: number) =>
    `${pack}有 ${pieces} 件预订商品尚未到货，不能整包发出：请部分发货已到货的商品，或等到货后再发`,
  waitingPickup: (pack: string, pieces: number) =>
    `${pack}有 ${pieces} 件预订商品尚未到货，到货后才能安排自提`,
  splitNeedsPack: '部分发货请指定包裹',
  notInPack: (pack: string) => `所选商品不在${pack}中，请刷新后重试`,
  tooMany: (name: string, most: number) =>
    most > 0 ? `「${name}」最多可发 ${most} 件（预订未到货的不能发）` : `「${name}」尚未到货，不能发货`,
} as const;

const LOGISTIC_CODE = /^[A-Za-z0-9-]{4,60}$/;
const IMPORT_CHUNK = 500;

export interface TransitionOptions {
  /** One pack by its index; all packs of the order when absent. */
  pack?: number | undefined;
  /** Shipping (Shipped 80): the courier's code and the parcel's logistic code. */
  courierCode?: string | undefined;
  logisticCode?: string | undefined;
  /** Shipping part of one pack (issue #39): these pieces leave as a parcel of their own; needs `pack`. */
  lines?: readonly { itemId: number; qty: number }[] | undefined;
}

export interface TransitionResult {
  orderNo: string;
  /** The order's status after the change (its first pack's, spec §4). */
  status: number;
  /** Pack indexes moved; empty when every pack asked for already had the status (a repeated command). */
  moved: number[];
}

export type OrderAdminService = ReturnType<typeof createOrderAdminService>;

/**
 * What order administration asks of other modules, wired in services.ts: the media store keeps package photos
 * (checked by their bytes), the member module resolves the usernames of an old-order sheet.
 */
export interface OrderAdminPorts {
  /** Checks a photo by its bytes, re-encodes it without its metadata and stores it under an unguessable name. */
  storeUpload(data: Buffer, folder: 'order'): Promise<string>;
  idsByUsernames(usernames: readonly string[]): Promise<Map<string, number>>;
  /** A courier by its code, whatever its case, read in the caller's transaction (the checkout module). */
  courierByCode(code: string, executor: Database): Promise<{ id: number; code: string; name: string } | null>;
  /** Tells the member what happened to their order (the messages module), in the transition's transaction. */
  notify?: MemberNotifier;
  /** Writes the staff audit row of each change, in its transaction (docs/decisions/019). */
  audit?: AuditRecorder;
  /** Courier tracking (modules/tracking, docs/decisions/061): follows each parcel shipped. */
  tracking?: ParcelTracking;
}

/** A parcel as it leaves: its logistic code, the shop's courier, the receiver's phone and when it left. */
export interface LeavingParcel {
  logisticCode: string;
  courierCode: string;
  phone: string;
  shippedAt: Date;
}

/**
 * What shipping tells courier tracking: the parcel, written in the ship's own transaction so that no shipped
 * parcel is forgotten (tracking's next round takes it up), and, once that committed, that there is a parcel to
 * follow now.
 */
export interface ParcelTracking {
  shipped(executor: Database, parcel: LeavingParcel): Promise<void>;
  committed(): void;
}

/** The audit action of a move to each status ('order.push' …). */
const TRANSITION_ACTIONS: Partial<Record<OrderStatus, AuditAction>> = {
  [OrderStatus.Paid]: 'order.markPaid',
  [OrderStatus.PushedToWarehouse]: 'order.push',
  [OrderStatus.WarehouseProcessing]: 'order.processing',
  [OrderStatus.AwaitingDispatch]: 'order.ready',
  [OrderStatus.Shipped]: 'order.ship',
  [OrderStatus.AwaitingPickup]: 'order.pickupReady',
  [OrderStatus.InTransit]: 'order.inTransit',
  [OrderStatus.Finished]: 'order.finish',
};

const noAudit: AuditRecorder = async () => {};

/**
 * The member's trade message for an order reaching `to` (spec §3 'Message types' 2), or null for statuses the
 * member does not need to hear of (the warehouse's own steps).
 */
export function orderNotice(
  order: { id: number; orderNo: string; memberId: number },
  to: OrderStatus,
  detail: {
    packs: number[];
    courierName?: string | undefined;
    logisticCode?: string | undefined;
    pickupAddress?: string | undefined;
  },
): MemberNotice | null {
  const packs = detail.packs.length > 0 ? `包裹 ${detail.packs.map(packNumber).join('、')} ` : '';
  const base = { memberId: order.memberId, type: MessageType.TradeLogistics, link: `/order/${order.id}` };
  switch (to) {
    case OrderStatus.Paid:
      return {
        ...base,
        title: `订单 ${order.orderNo} 已确认收款`,
        content: `订单 ${order.orderNo} 的线下付款已确认，我们将尽快安排发货。`,
        outside: { kind: 'paid', params: { orderNo: order.orderNo } },
      };
    case OrderStatus.Shipped:
      return {
        ...base,
        title: `订单 ${order.orderNo} 已发货`,
        content: `订单 ${order.orderNo} ${packs}已发货，承运快递：${detail.courierName ?? ''}，运单号：${detail.logisticCode ?? ''}。`,
        outside: {
          kind: 'shipped',
          params: {
            orderNo: order.orderNo,
            courier: detail.courierName ?? '',
            trackingNo: detail.logisticCode ?? '',
          },
        },
      };
    case OrderStatus.AwaitingPickup:
      return {
        ...base,
        title: `订单 ${order.orderNo} 可以自提了`,
        content: `订单 ${order.orderNo} ${packs}已备好，可到仓自提。`,
        outside: {
          kind: 'pickup',
          params: { orderNo: order.orderNo, address: detail.pickupAddress ?? '' },
        },
      };
    case OrderStatus.Finished:
      return {
        ...base,
        title: `订单 ${order.orderNo} 已完成`,
        content: `订单 ${order.orderNo} 已完成，感谢您的购买。`,
      };
    default:
      return null;
  }
}

export function createOrderAdminService({
  db,
  clock,
  ports,
}: {
  db: Database;
  clock: Clock;
  ports: OrderAdminPorts;
}) {
  const notify = ports.notify ?? silentNotifier;
  const audit = ports.audit ?? noAudit;

  /**
   * Ships part of a pack as a parcel of its own (issue #39 split shipments), under the order's lock taken by the
   * caller: the chosen pieces (each at most its line's pieces less those still waiting for stock) move to a new pack
   * of the order, shipped with this courier and tracking number and naming the pack it came from; a line shipped in
   * part is split in two at the same price, its reserved stock going with the shipped pieces first. The pack keeps
   * the rest at its status. Answers null when the pieces are the whole pack (then it ships whole, as it is). The
   * same parcel asked again (a double submit) changes nothing.
   */
  async function shipPart(
    tx: Database,
    by: AuditActor,
    input: {
      order: repo.OrderRow;
      packs: readonly repo.PackRow[];
      pack: repo.PackRow;
      items: readonly repo.ItemRow[];
      courier: { id: number; code: string; name: string };
      lines: readonly { itemId: number; qty: number }[];
      logisticCode: string;
      now: Date;
    },
  ): Promise<TransitionResult | null> {
    const { order, pack, courier, logisticCode, now } = input;
    const label = packLabel(pack.packIndex);
    const repeat = input.packs.find(
      (p) => p.splitFrom === pack.packIndex && p.logisticCode === logisticCode && p.courierId === courier.id,
    );
    if (repeat) return { orderNo: order.orderNo, status: order.status, moved: [] };
    if (pack.status !== OrderStatus.AwaitingDispatch)
      throw paramsError(OrderAdminMessages.notAllowed(`${label} `, pack.status, OrderStatus.Shipped));
    const own = input.items.filter((i) => i.packId === pack.id);
    const taking = input.lines.map((line) => {
      const item = own.find((i) => i.id === line.itemId);
      if (!item) throw paramsError(OrderAdminMessages.notInPack(label));
      const most = shippablePieces(item);
      if (line.qty > most) throw paramsError(OrderAdminMessages.tooMany(item.skuName || item.name, most));
      return { item, qty: line.qty };
    });
    const whole = own.every(
      (i) => i.waiting === 0 && taking.some((t) => t.item.id === i.id && t.qty === i.qty),
    );
    if (whole) return null;

    const index = Math.max(...input.packs.map((p) => p.packIndex)) + 1;
    const weight = taking.reduce((sum, t) => sum + t.item.weight * t.qty, 0);
    const parcelId = await repo.insertPack(tx, {
      orderId: order.id,
      packIndex: index,
      location: pack.location,
      status: OrderStatus.Shipped,
      courierId: courier.id,
      courierName: courier.name,
      logisticCode,
      shippingAmount: 0,
      weight,
      pickup: null,
      shippedAt: now,
      splitFrom: pack.packIndex,
    });
    for (const { item, qty } of taking) {
      if (qty === item.qty) await repo.moveItem(tx, item.id, parcelId);
      else
        await repo.splitItem(tx, item, { qty, reserved: Math.min(qty, item.reservedQty), packId: parcelId });
    }
    await repo.setPackWeight(tx, pack.id, pack.weight - weight);
    const from = warehouseName(pack.location);
    await repo.insertLogisticsEvent(tx, {
      logisticCode,
      eventTime: now,
      location: from,
      description: `${from}已发货（${label}部分商品），承运快递：${courier.name}，运单号：${logisticCode}`,
    });
    await ports.tracking?.shipped(tx, {
      logisticCode,
      courierCode: courier.code,
      phone: receiverPhone(order.receiver),
      shippedAt: now,
    });
    const notice = orderNotice(order, OrderStatus.Shipped, {
      packs: [index],
      courierName: courier.name,
      logisticCode,
    });
    if (notice) await notify(tx, notice);
    await audit(tx, {
      by,
      action: 'order.ship',
      objectType: 'order',
      objectId: order.orderNo,
      before: { status: order.status, packs: [{ pack: pack.packIndex, status: pack.status }] },
      after: {
        status: order.status,
        packs: [{ pack: index, status: OrderStatus.Shipped, splitFrom: pack.packIndex }],
        lines: taking.map((t) => ({ item: t.item.id, name: t.item.skuName || t.item.name, qty: t.qty })),
        courier: courier.name,
        logisticCode,
      },
    });
    return { orderNo: order.orderNo, status: order.status, moved: [index] };
  }

  return {
    /**
     * Moves an order's packs (one, or all) to `to` (spec §4 'Order status'), each only from a status the
     * transition table allows; a pack already there is left alone, so a repeated command changes nothing.
     * The order takes its first pack's status (spec §4), paidAt on payment and finishedAt on completion.
     * Shipping records the courier and logistic code on the pack and writes its first tracking event.
     * `within` is the caller's transaction when the change is one of many that stand or fall together (a bulk
     * ship, order.bulk.ts); the order's lock is taken in it, and it commits when the caller's does.
     */
    async transition(
      by: AuditActor,
      orderNo: string,
      to: OrderStatus,
      options: TransitionOptions = {},
      within?: Database,
    ): Promise<TransitionResult> {
      const from = ORDER_TRANSITIONS[to] ?? [];
      const shipping = to === OrderStatus.Shipped;
      if (shipping && !LOGISTIC_CODE.test(options.logisticCode ?? ''))
        throw paramsError(OrderAdminMessages.badLogisticCode);
      const change = async (tx: Database): Promise<TransitionResult> => {
        const order = await repo.lockOrderByNo(tx, orderNo);
        if (!order) throw notFoundError(OrderAdminMessages.notFound(orderNo));
        if (to === OrderStatus.AwaitingPickup && !order.isPickup)
          throw paramsError(OrderAdminMessages.pickupOnly);
        if (shipping && order.isPickup) throw paramsError(OrderAdminMessages.notForPickup);
        const courier = shipping ? await ports.courierByCode(options.courierCode ?? '', tx) : null;
        if (shipping && !courier)
          throw paramsError(OrderAdminMessages.unknownCourier(options.courierCode ?? ''));

        const packs = await repo.listPacks(tx, [order.id]);
        const now = clock();
        if (packs.length === 0) {
          // An order without packs moves as a whole.
          if (order.status === to) return { orderNo, status: to, moved: [] };
          if (!from.includes(order.status as OrderStatus))
            throw paramsError(OrderAdminMessages.notAllowed('订单', order.status, to));
          await repo.updateOrder(tx, order.id, {
            status: to,
            ...(to === OrderStatus.Paid ? { paidAt: now } : {}),
            ...(to === OrderStatus.Finished ? { finishedAt: now } : {}),
          });
          if (to === OrderStatus.Paid) await recordOfflinePayment(tx, order.id);
          const notice = orderNotice(order, to, { packs: [] });
          if (notice) await notify(tx, notice);
          await audit(tx, {
            by,
            action: TRANSITION_ACTIONS[to] ?? 'order.transition',
            objectType: 'order',
            objectId: orderNo,
            before: { status: order.status },
            after: { status: to },
          });
          return { orderNo, status: to, moved: [] };
        }

        let targets = packs;
        if (options.pack !== undefined) {
          targets = packs.filter((b) => b.packIndex === options.pack);
          if (targets.length === 0) throw paramsError(OrderAdminMessages.noPack(orderNo, options.pack));
        } else if (shipping && (packs.length > 1 || options.lines)) {
          throw paramsError(
            options.lines ? OrderAdminMessages.splitNeedsPack : OrderAdminMessages.choosePack(orderNo),
          );
        }
        // Pre-ordered pieces not yet in stock hold their pack back (issue #39): it ships in part, or waits.
        const items =
          shipping || to === OrderStatus.AwaitingPickup ? await repo.listItems(tx, [order.id]) : [];
        if (shipping && courier && options.lines) {
          const split = await shipPart(tx, by, {
            order,
            packs,
            pack: targets[0] as repo.PackRow,
            items,
            courier,
            lines: options.lines,
            logisticCode: options.logisticCode ?? '',
            now,
          });
          if (split) return split;
        }
        const moving: repo.PackRow[] = [];
        for (const pack of targets) {
          // A repeated ship with the same courier and number changes nothing; another number is refused, so a
          // parallel ship that lost the order's lock is not told it shipped (issue #35 item 7).
          if (
            shipping &&
            courier &&
            pack.status === to &&
            (pack.logisticCode !== options.logisticCode || pack.courierId !== courier.id)
          )
            throw paramsError(
              OrderAdminMessages.shippedAlready(packLabel(pack.packIndex), pack.logisticCode),
            );
          if (pack.status === to) continue;
          if (!from.includes(pack.status as OrderStatus))
            throw paramsError(
              OrderAdminMessages.notAllowed(`${packLabel(pack.packIndex)} `, pack.status, to),
            );
          const waiting = items.reduce((sum, i) => sum + (i.packId === pack.id ? i.waiting : 0), 0);
          if (waiting > 0)
            throw paramsError(
              (shipping ? OrderAdminMessages.waitingPreOrder : OrderAdminMessages.waitingPickup)(
                `${packLabel(pack.packIndex)} `,
                waiting,
              ),
            );
          moving.push(pack);
        }
        if (moving.length === 0) return { orderNo, status: order.status, moved: [] };

        await repo.updatePacks(
          tx,
          moving.map((b) => b.id),
          shipping && courier
            ? {
                status: to,
                courierId: courier.id,
                courierName: courier.name,
                logisticCode: options.logisticCode ?? '',
                shippedAt: now,
              }
            : { status: to },
        );
        if (shipping && courier) {
          for (const pack of moving) {
            const from = warehouseName(pack.location);
            await repo.insertLogisticsEvent(tx, {
              logisticCode: options.logisticCode ?? '',
              eventTime: now,
              location: from,
              description: `${from}已发货，承运快递：${courier.name}，运单号：${options.logisticCode}`,
            });
          }
          await ports.tracking?.shipped(tx, {
            logisticCode: options.logisticCode ?? '',
            courierCode: courier.code,
            phone: receiverPhone(order.receiver),
            shippedAt: now,
          });
        }
        const movedIds = new Set(moving.map((b) => b.id));
        const first = packs[0] as repo.PackRow;
        const status = movedIds.has(first.id) ? to : first.status;
        await repo.updateOrder(tx, order.id, {
          status,
          ...(to === OrderStatus.Paid && !order.paidAt ? { paidAt: now } : {}),
          ...(status === OrderStatus.Finished && !order.finishedAt ? { finishedAt: now } : {}),
        });
        // The operator took the money outside the shop: the order records it as an offline payment.
        if (to === OrderStatus.Paid) await recordOfflinePayment(tx, order.id);
        const notice = orderNotice(order, to, {
          packs: packs.length > 1 ? moving.map((b) => b.packIndex) : [],
          courierName: courier?.name,
          logisticCode: options.logisticCode,
          pickupAddress: moving.find((b) => b.pickup)?.pickup?.address,
        });
        if (notice) await notify(tx, notice);
        await audit(tx, {
          by,
          action: TRANSITION_ACTIONS[to] ?? 'order.transition',
          objectType: 'order',
          objectId: orderNo,
          before: {
            status: order.status,
            packs: moving.map((b) => ({ pack: b.packIndex, status: b.status })),
          },
          after: {
            status,
            packs: moving.map((b) => ({ pack: b.packIndex, status: to })),
            ...(shipping && courier ? { courier: courier.name, logisticCode: options.logisticCode } : {}),
          },
        });
        return { orderNo, status, moved: moving.map((b) => b.packIndex) };
      };
      if (within) return change(within);
      const result = await db.transaction(change);
      // Committed: the parcel is followed from now on (a repeated ship moved nothing and tells nothing). Within a
      // caller's transaction the parcel waits for tracking's next round instead.
      if (shipping && result.moved.length > 0) ports.tracking?.committed();
      return result;
    },

    /**
     * Attaches a package photo to an order, or to one of its packs (spec §7 getAttach/): stored through the
     * media module (checked by its bytes), then listed with the order.
     */
    async attach(
      by: AuditActor,
      orderNo: string,
      input: { file: Buffer; pack?: number | undefined; note?: string | undefined },
    ) {
      const note = (input.note ?? '').trim();
      if (note.length > 200) throw paramsError(OrderAdminMessages.badNote);
      // The order and the pack are checked before the picture is stored, so a wrong one leaves no unused file.
      const known = await findOrderByNo(db, orderNo);
      if (!known) throw notFoundError(OrderAdminMessages.notFound(orderNo));
      if (
        input.pack !== undefined &&
        !(await repo.listPacks(db, [known.id])).some((b) => b.packIndex === input.pack)
      )
        throw paramsError(OrderAdminMessages.noPack(orderNo, input.pack));
      const path = await ports.storeUpload(input.file, 'order');
      return db.transaction(async (tx) => {
        const order = await repo.lockOrderByNo(tx, orderNo);
        if (!order) throw notFoundError(OrderAdminMessages.notFound(orderNo));
        let packId: number | null = null;
        if (input.pack !== undefined) {
          const pack = (await repo.listPacks(tx, [order.id])).find((b) => b.packIndex === input.pack);
          if (!pack) throw paramsError(OrderAdminMessages.noPack(orderNo, input.pack));
          packId = pack.id;
        }
        const row = await repo.insertAttachment(tx, { orderId: order.id, packId, path, note });
        await audit(tx, {
          by,
          action: 'order.attach',
          objectType: 'order',
          objectId: orderNo,
          after: { attachment: row.id, path: row.path, pack: input.pack ?? null, note },
        });
        return {
          id: row.id,
          path: row.path,
          packId: row.packId,
          packIndex: input.pack ?? null,
          note: row.note,
          createTime: row.createdAt.toISOString(),
        };
      });
    },

    /**
     * Adds a tracking event to a parcel (spec §7 courierinfo/getByLogisticCode/): the code must be one a
     * pack was shipped with; the time defaults to now ('yyyy-MM-dd HH:mm' is Beijing time).
     */
    async addLogisticsEvent(
      by: AuditActor,
      input: {
        logisticCode: string;
        description: string;
        location?: string | undefined;
        time?: string | undefined;
      },
    ) {
      const description = input.description.trim();
      if (description === '' || description.length > 500)
        throw paramsError(OrderAdminMessages.badDescription);
      const location = (input.location ?? '').trim().slice(0, 100);
      const eventTime = input.time === undefined ? clock() : parseOrderedAt(input.time.trim());
      if (!eventTime) throw paramsError(OrderAdminMessages.badTime);
      if (!(await repo.parcelExists(db, input.logisticCode)))
        throw notFoundError(OrderAdminMessages.unknownParcel(input.logisticCode));
      const event = { logisticCode: input.logisticCode, eventTime, location, description };
      await db.transaction(async (tx) => {
        await repo.insertLogisticsEvent(tx, event);
        await audit(tx, {
          by,
          action: 'logistics.add',
          objectType: 'parcel',
          objectId: input.logisticCode,
          after: { time: eventTime.toISOString(), location, description },
        });
      });
      return { logisticCode: input.logisticCode, time: eventTime.toISOString(), location, description };
    },

    /**
     * Imports the previous system's orders (spec §4 'Old-order status'), all or nothing: every row is checked
     * first (member, order number, status, currency, amounts, time, items) and any problem refuses the whole
     * sheet with each row's reason; then one transaction writes them, skipping order numbers already imported.
     */
    async importOldOrders(table: SheetTable): Promise<{ imported: number; skipped: number }> {
      const memberIds = await ports.idsByUsernames(sheetUsernames(table));
      const checked = checkOldOrderSheet(table, memberIds);
      if (!checked.ok) throw new ImportRejectedError(checked.errors);
      const rows = checked.lines.map((l) => ({
        memberId: l.memberId,
        orderNo: l.orderNo,
        status: l.status,
        currency: l.currency,
        totalAmount: l.total,
        receiverName: l.receiverName,
        items: l.items,
        orderedAt: l.orderedAt,
      }));
      const imported = await db.transaction(async (tx) => {
        let count = 0;
        for (let i = 0; i < rows.length; i += IMPORT_CHUNK)
          count += (await repo.insertOldOrders(tx, rows.slice(i, i + IMPORT_CHUNK))).length;
        return count;
      });
      return { imported, skipped: rows.length - imported };
    },
  };
}
