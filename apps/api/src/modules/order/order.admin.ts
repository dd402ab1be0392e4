import { OrderStatus, orderStatusLabel, ResultCode, warehouseName } from '@shop/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { ImportRejectedError } from '../catalogue/catalogue.admin';
import type { SheetTable } from '../catalogue/catalogue.import-sheet';
import type { MediaService } from '../media/media.service';
import type { MemberService } from '../member/member.service';
import { checkOldOrderSheet, parseOrderedAt, sheetUsernames } from './order.old-import';
import * as repo from './order.repository';
import { ORDER_TRANSITIONS } from './order.service';

/**
 * The operator's side of orders (commands in cli.ts): status transitions as the warehouse works an order,
 * package photos, tracking events, and the import of the previous system's orders. Every change of an
 * order and its packs runs in one transaction under the order's row lock.
 */

export const OrderAdminMessages = {
  notFound: (orderNo: string) => `订单不存在：${orderNo}`,
  noPack: (orderNo: string, pack: number) => `订单 ${orderNo} 没有包裹 ${pack}`,
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
} as const;

const LOGISTIC_CODE = /^[A-Za-z0-9-]{4,60}$/;
const IMPORT_CHUNK = 500;

export interface TransitionOptions {
  /** One pack by its index; all packs of the order when absent. */
  pack?: number | undefined;
  /** Shipping (DELIVERED): the courier's code and the parcel's logistic code. */
  courierCode?: string | undefined;
  logisticCode?: string | undefined;
}

export interface TransitionResult {
  orderNo: string;
  /** The order's status after the change (its first pack's, spec §4). */
  status: number;
  /** Pack indexes moved; empty when every pack asked for already had the status (a repeated command). */
  moved: number[];
}

export type OrderAdminService = ReturnType<typeof createOrderAdminService>;

const paramsError = (message: string) => new AppError(ResultCode.ParamsError, message);

export function createOrderAdminService({
  db,
  clock,
  media,
  members,
}: {
  db: Database;
  clock: Clock;
  media: Pick<MediaService, 'storeImage'>;
  members: Pick<MemberService, 'idsByUsernames'>;
}) {
  return {
    /**
     * Moves an order's packs (one, or all) to `to` (spec §4 'Order status'), each only from a status the
     * transition table allows; a pack already there is left alone, so a repeated command changes nothing.
     * The order takes its first pack's status (spec §4), paidAt on payment and finishedAt on completion.
     * Shipping records the courier and logistic code on the pack and writes its first tracking event.
     */
    async transition(
      orderNo: string,
      to: OrderStatus,
      options: TransitionOptions = {},
    ): Promise<TransitionResult> {
      const from = ORDER_TRANSITIONS[to] ?? [];
      const shipping = to === OrderStatus.DELIVERED;
      if (shipping && !LOGISTIC_CODE.test(options.logisticCode ?? ''))
        throw paramsError(OrderAdminMessages.badLogisticCode);
      return db.transaction(async (tx) => {
        const order = await repo.lockOrderByNo(tx, orderNo);
        if (!order) throw new AppError(ResultCode.NotFound, OrderAdminMessages.notFound(orderNo));
        if (to === OrderStatus.WAITINF_PICKUP && !order.isPickup)
          throw paramsError(OrderAdminMessages.pickupOnly);
        if (shipping && order.isPickup) throw paramsError(OrderAdminMessages.notForPickup);
        const courier = shipping ? await repo.findCourierByCode(tx, options.courierCode ?? '') : null;
        if (shipping && !courier)
          throw paramsError(OrderAdminMessages.unknownCourier(options.courierCode ?? ''));

        const beans = await repo.listBeans(tx, [order.id]);
        const now = clock();
        if (beans.length === 0) {
          // An order without packs moves as a whole.
          if (order.status === to) return { orderNo, status: to, moved: [] };
          if (!from.includes(order.status as OrderStatus))
            throw paramsError(OrderAdminMessages.notAllowed('订单', order.status, to));
          await repo.updateOrder(tx, order.id, {
            status: to,
            ...(to === OrderStatus.Paid ? { paidAt: now } : {}),
            ...(to === OrderStatus.Finished ? { finishedAt: now } : {}),
          });
          return { orderNo, status: to, moved: [] };
        }

        let targets = beans;
        if (options.pack !== undefined) {
          targets = beans.filter((b) => b.packIndex === options.pack);
          if (targets.length === 0) throw paramsError(OrderAdminMessages.noPack(orderNo, options.pack));
        } else if (shipping && beans.length > 1) {
          throw paramsError(OrderAdminMessages.choosePack(orderNo));
        }
        const moving: repo.BeanRow[] = [];
        for (const bean of targets) {
          if (bean.status === to) continue;
          if (!from.includes(bean.status as OrderStatus))
            throw paramsError(OrderAdminMessages.notAllowed(`包裹 ${bean.packIndex} `, bean.status, to));
          moving.push(bean);
        }
        if (moving.length === 0) return { orderNo, status: order.status, moved: [] };

        await repo.updateBeans(
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
          for (const bean of moving) {
            const from = warehouseName(bean.location);
            await repo.insertLogisticsEvent(tx, {
              logisticCode: options.logisticCode ?? '',
              eventTime: now,
              location: from,
              description: `${from}已发货，承运快递：${courier.name}，运单号：${options.logisticCode}`,
            });
          }
        }
        const movedIds = new Set(moving.map((b) => b.id));
        const first = beans[0] as repo.BeanRow;
        const status = movedIds.has(first.id) ? to : first.status;
        await repo.updateOrder(tx, order.id, {
          status,
          ...(to === OrderStatus.Paid && !order.paidAt ? { paidAt: now } : {}),
          ...(status === OrderStatus.Finished && !order.finishedAt ? { finishedAt: now } : {}),
        });
        return { orderNo, status, moved: moving.map((b) => b.packIndex) };
      });
    },

    /**
     * Attaches a package photo to an order, or to one of its packs (spec §7 getAttach/): stored through the
     * media module (checked by its bytes), then listed with the order.
     */
    async attach(
      orderNo: string,
      input: { file: Buffer; contentType: string; pack?: number | undefined; note?: string | undefined },
    ) {
      const note = (input.note ?? '').trim();
      if (note.length > 200) throw paramsError(OrderAdminMessages.badNote);
      const path = await media.storeImage(input.file, input.contentType, 'order');
      return db.transaction(async (tx) => {
        const order = await repo.lockOrderByNo(tx, orderNo);
        if (!order) throw new AppError(ResultCode.NotFound, OrderAdminMessages.notFound(orderNo));
        let beanId: number | null = null;
        if (input.pack !== undefined) {
          const bean = (await repo.listBeans(tx, [order.id])).find((b) => b.packIndex === input.pack);
          if (!bean) throw paramsError(OrderAdminMessages.noPack(orderNo, input.pack));
          beanId = bean.id;
        }
        const row = await repo.insertAttachment(tx, { orderId: order.id, beanId, path, note });
        return { id: row.id, path: row.path, beanId: row.beanId };
      });
    },

    /**
     * Adds a tracking event to a parcel (spec §7 courierinfo/getByLogisticCode/): the code must be one a
     * pack was shipped with; the time defaults to now ('yyyy-MM-dd HH:mm' is Beijing time).
     */
    async addLogisticsEvent(input: {
      logisticCode: string;
      description: string;
      location?: string | undefined;
      time?: string | undefined;
    }) {
      const description = input.description.trim();
      if (description === '' || description.length > 500)
        throw paramsError(OrderAdminMessages.badDescription);
      const location = (input.location ?? '').trim().slice(0, 100);
      const eventTime = input.time === undefined ? clock() : parseOrderedAt(input.time.trim());
      if (!eventTime) throw paramsError(OrderAdminMessages.badTime);
      if (!(await repo.parcelExists(db, input.logisticCode)))
        throw new AppError(ResultCode.NotFound, OrderAdminMessages.unknownParcel(input.logisticCode));
      await repo.insertLogisticsEvent(db, {
        logisticCode: input.logisticCode,
        eventTime,
        location,
        description,
      });
      return { logisticCode: input.logisticCode, time: eventTime.toISOString(), location, description };
    },

    /**
     * Imports the previous system's orders (spec §4 'Old-order status'), all or nothing: every row is checked
     * first (member, order number, status, currency, amounts, time, items) and any problem refuses the whole
     * sheet with each row's reason; then one transaction writes them, skipping order numbers already imported.
     */
    async importOldOrders(table: SheetTable): Promise<{ imported: number; skipped: number }> {
      const memberIds = await members.idsByUsernames(sheetUsernames(table));
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
