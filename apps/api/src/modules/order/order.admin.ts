import {
  type Currency,
  DepositLogType,
  formatPrice,
  OrderStatus,
  orderStatusLabel,
  ResultCode,
  warehouseName,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { ImportRejectedError } from '../catalogue/catalogue.admin';
import type { SheetTable } from '../catalogue/catalogue.import-sheet';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { MediaService } from '../media/media.service';
import type { DepositService } from '../member/deposit.service';
import type { MemberService } from '../member/member.service';
import { checkOldOrderSheet, parseOrderedAt, sheetUsernames } from './order.old-import';
import {
  addRefund,
  cancelPaidOrder,
  lockOrderForPaymentByNo,
  OFFLINE_PAY_CHANNEL,
  PAID_NOT_SHIPPED,
  type PayableOrder,
  recordOfflinePayment,
} from './order.payment';
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
  alreadyCancelled: (orderNo: string) => `订单 ${orderNo} 已取消，未重复退库存或退款`,
  notPaidNotShipped: (orderNo: string, status: number) =>
    `订单 ${orderNo} 当前状态为「${orderStatusLabel(status)}」，只能取消已付款且未发货的订单`,
  packShipped: (orderNo: string) => `订单 ${orderNo} 已有包裹发货，不能取消`,
  offlineCancel: (orderNo: string) =>
    `订单 ${orderNo} 为线下付款，系统无法退回余额；请线下退款后加 --no-refund 取消订单`,
  offlineRefund: (orderNo: string) => `订单 ${orderNo} 为线下付款，请线下退款`,
  refundCancelled: (orderNo: string) => `订单 ${orderNo} 已取消，不能退款`,
  refundNotPaid: (orderNo: string) => `订单 ${orderNo} 尚未付款，不能退款`,
  refundTooMuch: (refundable: number, currency: Currency) =>
    `退款金额超过可退金额 ${formatPrice(refundable, currency)}`,
  badAmount: '退款金额须为大于0、最多两位小数的数字',
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

/** What an operator's cancel or refund of a paid order did. */
export interface MoneyBackResult {
  orderNo: string;
  status: number;
  /** Given back to the deposit now, minor units of `currency`; 0 when nothing was. */
  refunded: number;
  currency: Currency | null;
  /** The member's balance in `currency` afterwards; null when the deposit did not move. */
  balanceAfter: number | null;
  /** All given back on the order so far (minor units) and what was paid. */
  refundedTotal: number;
  paidAmount: number | null;
  /** Stock lines returned (cancel). */
  stockLines: number;
}

/** An order paid outside the shop, or marked paid before the shop recorded amounts: no channel to return to. */
function paidOffline(order: PayableOrder): boolean {
  return order.payChannel === OFFLINE_PAY_CHANNEL || order.paidAmount === null || order.paidCurrency === null;
}

export type OrderAdminService = ReturnType<typeof createOrderAdminService>;

const paramsError = (message: string) => new AppError(ResultCode.ParamsError, message);

export function createOrderAdminService({
  db,
  clock,
  media,
  members,
  catalogue,
  deposits,
}: {
  db: Database;
  clock: Clock;
  media: Pick<MediaService, 'storeImage'>;
  members: Pick<MemberService, 'idsByUsernames'>;
  /** Stock belongs to the catalogue: cancelling a paid order gives the reservation back through it. */
  catalogue: Pick<CatalogueService, 'returnStock' | 'removeSales'>;
  /** Money given back goes to the member's deposit through the deposit service. */
  deposits: Pick<DepositService, 'credit'>;
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
          if (to === OrderStatus.Paid) await recordOfflinePayment(tx, order.id);
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
        // The operator took the money outside the shop: the order records it as an offline payment.
        if (to === OrderStatus.Paid) await recordOfflinePayment(tx, order.id);
        return { orderNo, status, moved: moving.map((b) => b.packIndex) };
      });
    },

    /**
     * Cancels a paid order that has not shipped (operator order:cancel-paid; spec §3 'Deposit log' type 4):
     * in one transaction under the order's lock, the order and its packs become Cancelled, the reserved
     * stock goes back, the sales count drops by what the order added, and what was paid less what was refunded already returns to the member's deposit in
     * the currency it was paid in. Offline payments have no deposit to return to: refused unless `noRefund`
     * (the operator refunds outside the shop). A cancelled order is refused, so nothing happens twice.
     */
    async cancelPaid(
      orderNo: string,
      options: { by?: string | undefined; reason?: string | undefined; noRefund?: boolean | undefined } = {},
    ): Promise<MoneyBackResult> {
      const reason = (options.reason ?? '').trim();
      if (reason.length > 200) throw paramsError(OrderAdminMessages.badNote);
      return db.transaction(async (tx) => {
        const order = await lockOrderForPaymentByNo(tx, orderNo);
        if (!order) throw new AppError(ResultCode.NotFound, OrderAdminMessages.notFound(orderNo));
        if (order.status === OrderStatus.Cancelled)
          throw paramsError(OrderAdminMessages.alreadyCancelled(orderNo));
        if (!PAID_NOT_SHIPPED.includes(order.status as OrderStatus))
          throw paramsError(OrderAdminMessages.notPaidNotShipped(orderNo, order.status));
        const beans = await repo.listBeans(tx, [order.id]);
        if (beans.some((b) => !PAID_NOT_SHIPPED.includes(b.status as OrderStatus)))
          throw paramsError(OrderAdminMessages.packShipped(orderNo));
        const offline = paidOffline(order);
        if (offline && !options.noRefund) throw paramsError(OrderAdminMessages.offlineCancel(orderNo));

        const refund = offline || options.noRefund ? 0 : (order.paidAmount ?? 0) - order.refundedAmount;
        const refundedTotal = order.refundedAmount + refund;
        if (!(await cancelPaidOrder(tx, { orderId: order.id, refundedAmount: refundedTotal, at: clock() })))
          throw paramsError(OrderAdminMessages.notPaidNotShipped(orderNo, order.status));
        const stock = await repo.reservedStock(tx, order.id);
        await catalogue.returnStock(stock, tx);
        await catalogue.removeSales(await repo.soldGoods(tx, order.id), tx);
        let balanceAfter: number | null = null;
        if (refund > 0 && order.paidCurrency) {
          const movement = await deposits.credit(tx, {
            memberId: order.memberId,
            currency: order.paidCurrency,
            amount: refund,
            type: DepositLogType.OrderCancel,
            orderId: order.id,
            note: `订单 ${orderNo} 取消${reason ? `：${reason}` : ''}`,
            operator: options.by,
          });
          balanceAfter = movement.balanceAfter;
        }
        return {
          orderNo,
          status: OrderStatus.Cancelled,
          refunded: refund,
          currency: order.paidCurrency,
          balanceAfter,
          refundedTotal,
          paidAmount: order.paidAmount,
          stockLines: stock.length,
        };
      });
    },

    /**
     * Refunds part or all of a paid order to the member's deposit (operator order:refund; spec §3 'Deposit
     * log' type 5), in the currency it was paid in: any status from Paid on, not cancelled, and never more
     * in all than was paid ('退款金额超过可退金额'). The order's row lock serializes refunds and cancels.
     */
    async refund(
      orderNo: string,
      input: { amount: number; by?: string | undefined; reason?: string | undefined },
    ): Promise<MoneyBackResult> {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
        throw paramsError(OrderAdminMessages.badAmount);
      const reason = (input.reason ?? '').trim();
      if (reason.length > 200) throw paramsError(OrderAdminMessages.badNote);
      return db.transaction(async (tx) => {
        const order = await lockOrderForPaymentByNo(tx, orderNo);
        if (!order) throw new AppError(ResultCode.NotFound, OrderAdminMessages.notFound(orderNo));
        if (order.status === OrderStatus.Cancelled)
          throw paramsError(OrderAdminMessages.refundCancelled(orderNo));
        if (order.status < OrderStatus.Paid) throw paramsError(OrderAdminMessages.refundNotPaid(orderNo));
        if (paidOffline(order) || !order.paidCurrency || order.paidAmount === null)
          throw paramsError(OrderAdminMessages.offlineRefund(orderNo));
        const refundable = order.paidAmount - order.refundedAmount;
        if (input.amount > refundable)
          throw paramsError(OrderAdminMessages.refundTooMuch(refundable, order.paidCurrency));
        const refundedTotal = await addRefund(tx, order.id, input.amount);
        if (refundedTotal === null)
          throw paramsError(OrderAdminMessages.refundTooMuch(refundable, order.paidCurrency));
        const movement = await deposits.credit(tx, {
          memberId: order.memberId,
          currency: order.paidCurrency,
          amount: input.amount,
          type: DepositLogType.OrderRefund,
          orderId: order.id,
          note: `订单 ${orderNo} 退款${reason ? `：${reason}` : ''}`,
          operator: input.by,
        });
        return {
          orderNo,
          status: order.status,
          refunded: input.amount,
          currency: order.paidCurrency,
          balanceAfter: movement.balanceAfter,
          refundedTotal,
          paidAmount: order.paidAmount,
          stockLines: 0,
        };
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
