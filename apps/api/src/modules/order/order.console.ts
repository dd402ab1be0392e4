import {
  type AdminCourierListResponse,
  type AdminLogisticsAddRequest,
  type AdminOrderAttachFields,
  type AdminOrderAttachment,
  type AdminOrderBatchRequest,
  type AdminOrderBatchResponse,
  type AdminOrderDetail,
  type AdminOrderListRequest,
  type AdminOrderListResponse,
  type AdminOrderRow,
  type AdminOrderShipRequest,
  type AdminOrderTransitionRequest,
  type AdminOrderTransitionResponse,
  FULFIL_ACTION_TARGET,
  ON_ACCOUNT_CODE,
  OrderStatus,
  orderStatusLabel,
  payChannelLabel,
  REFUND_STATE_LABELS,
  refundStateOf,
  warehouseName,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { AppError, notFoundError, paramsError } from '../../lib/app-error';
import type { AuditActor } from '../../lib/audit';
import { shopDayRange } from '../../lib/shop-day';
import type { OrderAdminService } from './order.admin';
import * as consoleRepo from './order.console.repository';
import { OFFLINE_PAY_CHANNEL } from './order.payment';
import * as repo from './order.repository';
import { waitingSkuIds } from './order.service';

/**
 * The staff console's orders (issue 'Staff console'): reads of every member's orders, and the warehouse's and
 * finance's steps through the very functions the operator commands call (order.admin.ts), so the member sees
 * the same messages, logistics and photos whichever way the step was taken.
 */

/** Most SKUs a code typed in the order search may stand for. */
const SEARCH_SKUS_MAX = 500;

export const OrderConsoleMessages = {
  notFound: '订单不存在',
  done: '操作成功',
  unchanged: '订单已是该状态，未改变',
  tooManySkus: `匹配的商品编码超过${SEARCH_SKUS_MAX}个，请输入更完整的编码`,
} as const;

/**
 * A receiver search's phone digits: the text's digits when it reads as (part of) a phone number, with at least 3
 * of them ('0400 123', '+61-400', '138'); else none, and only the name is searched.
 */
export function phoneDigitsOf(text: string): string {
  if (!/^[+\d\s()-]+$/.test(text)) return '';
  const digits = text.replace(/\D/g, '');
  return digits.length >= 3 ? digits : '';
}

/** What the console's orders ask of the member, payment and checkout modules (wired in services.ts). */
export interface OrderConsolePorts {
  idsByUsernames(usernames: readonly string[]): Promise<Map<string, number>>;
  usernamesByIds(ids: readonly number[]): Promise<Map<number, string>>;
  /** The order's payment attempts, newest first (the payment module). */
  orderPayments(orderId: number): Promise<
    {
      tradeNo: string;
      channel: string;
      provider: string;
      settlement: string | null;
      currency: string;
      amount: number;
      status: string;
      paidAt: Date | null;
    }[]
  >;
  /** The expected arrival days of pre-ordered SKUs (the catalogue), asked only for lines that wait. */
  expectedDates?(skuIds: readonly number[]): Promise<ReadonlyMap<number, string>>;
  /** The active couriers, each with the warehouses it has a fee rule from (the checkout module). */
  activeCouriers(): Promise<{ id: number; code: string; name: string; locations: number[] }[]>;
  /** The SKUs whose code or product code starts with the text, at most `limit` (the catalogue). */
  skuIdsByCode?(prefix: string, limit: number): Promise<number[]>;
  /** Whether an order paid through this provider is refunded through it (the payment module). */
  refundsThrough?(provider: string): boolean;
  /** The refunds asked of the order's payment channel, newest first (payment_refunds). */
  orderRefunds?(orderId: number): Promise<
    {
      refundNo: string;
      amount: number;
      status: string;
      reason: string;
      channelMessage: string;
      operator: string;
      createdAt: Date;
      confirmedAt: Date | null;
    }[]
  >;
}

/**
 * Where a refund of the order goes now (the console's order detail and after-sales): nowhere for an order paid
 * offline, the company's invoice for one paid on account, back through the channel whose provider refunds, else
 * the member's deposit.
 */
export function refundWayOf(
  order: { payChannel: string | null; paidAmount: number | null },
  paidBy: { provider: string } | undefined,
  refundsThrough: ((provider: string) => boolean) | undefined,
): 'offline' | 'account' | 'channel' | 'deposit' {
  if (order.payChannel === null || order.payChannel === OFFLINE_PAY_CHANNEL || order.paidAmount === null)
    return 'offline';
  if (order.payChannel === ON_ACCOUNT_CODE) return 'account';
  return paidBy && refundsThrough?.(paidBy.provider) ? 'channel' : 'deposit';
}

type RefundStatus = AdminOrderDetail['refunds'][number]['status'];

export type OrderConsoleService = ReturnType<typeof createOrderConsoleService>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const receiverName = (r: Record<string, unknown> | null) =>
  r && typeof r.name === 'string' ? (r.name as string) : '';

function toRow(
  order: repo.OrderRow,
  username: string,
  locations: readonly number[],
  packCount: number,
): AdminOrderRow {
  return {
    id: order.id,
    orderNo: order.orderNo,
    memberId: order.memberId,
    username,
    status: order.status,
    statusName: orderStatusLabel(order.status),
    currency: order.currency as AdminOrderRow['currency'],
    totalAmount: order.totalAmount,
    payChannel: order.payChannel,
    payChannelName: order.payChannel === null ? null : payChannelLabel(order.payChannel),
    isPickup: order.isPickup,
    warehouses: locations.map((l) => warehouseName(l)).join('、'),
    receiverName: receiverName(order.receiver),
    packCount,
    createTime: order.createdAt.toISOString(),
    paidTime: iso(order.paidAt),
  };
}

export function createOrderConsoleService({
  db,
  orderAdmin,
  ports,
}: {
  db: Database;
  orderAdmin: OrderAdminService;
  ports: OrderConsolePorts;
}) {
  return {
    /** Every member's orders, filtered and paged in SQL, newest first. */
    async list(input: AdminOrderListRequest): Promise<AdminOrderListResponse> {
      const pageNo = input.pageNo ?? 1;
      const pageSize = input.pageSize ?? 20;
      const { from, until } = shopDayRange(input);
      let memberId: number | undefined;
      if (input.username !== undefined) {
        const ids = await ports.idsByUsernames([input.username]);
        memberId = ids.get(input.username.toLowerCase()) ?? -1;
      }
      let goods: { skuIds: number[]; nameLike: string } | undefined;
      if (input.goods !== undefined) {
        const skuIds = ports.skuIdsByCode ? await ports.skuIdsByCode(input.goods, SEARCH_SKUS_MAX + 1) : [];
        if (skuIds.length > SEARCH_SKUS_MAX) throw paramsError(OrderConsoleMessages.tooManySkus);
        goods = { skuIds, nameLike: input.goods };
      }
      const { rows, total } = await consoleRepo.listConsoleOrders(
        db,
        {
          status: input.status,
          warehouse: input.warehouse,
          memberId,
          orderNoLike: input.orderNo,
          payChannel: input.payChannel,
          from,
          until,
          receiver:
            input.receiver === undefined
              ? undefined
              : { nameLike: input.receiver, phoneDigits: phoneDigitsOf(input.receiver) },
          goods,
          trackingNoLike: input.trackingNo,
        },
        { offset: (pageNo - 1) * pageSize, limit: pageSize },
      );
      const names = await ports.usernamesByIds(rows.map((r) => r.order.memberId));
      return {
        items: rows.map((r) => toRow(r.order, names.get(r.order.memberId) ?? '', r.locations, r.packCount)),
        totalCount: total,
      };
    },

    /** One order with everything the warehouse and service need to see (spec §3 'Order'). */
    async detail(orderNo: string): Promise<AdminOrderDetail> {
      const order = await consoleRepo.findOrderByNo(db, orderNo);
      if (!order) throw notFoundError(OrderConsoleMessages.notFound);
      const [packs, items, attachments, payments, names, refunds] = await Promise.all([
        repo.listPacks(db, [order.id]),
        repo.listItems(db, [order.id]),
        repo.listAttachments(db, order.id),
        ports.orderPayments(order.id),
        ports.usernamesByIds([order.memberId]),
        ports.orderRefunds ? ports.orderRefunds(order.id) : Promise.resolve([]),
      ]);
      const paidBy = payments.find((p) => p.status === 'paid' && p.settlement === 'order');
      const refundState = refundStateOf(order);
      const codes = [...new Set(packs.map((p) => p.logisticCode).filter((c) => c !== ''))];
      const waiting = waitingSkuIds(items);
      const [events, expected] = await Promise.all([
        consoleRepo.listEventsOfCodes(db, codes),
        waiting.length > 0 && ports.expectedDates ? ports.expectedDates(waiting) : new Map<number, string>(),
      ]);
      const packIndex = new Map(packs.map((p) => [p.id, p.packIndex]));
      const locations = [...new Set(packs.map((p) => p.location))];
      return {
        ...toRow(order, names.get(order.memberId) ?? '', locations, packs.length),
        goodsAmount: order.goodsAmount,
        shippingAmount: order.shippingAmount,
        taxAmount: order.taxAmount,
        gstAmount: order.gstAmount,
        gstIncluded: order.gstIncluded,
        refundedGst: order.refundedGst,
        promotionsAmount: order.promotionsAmount,
        paidCurrency: order.paidCurrency,
        paidAmount: order.paidAmount,
        refundedAmount: order.refundedAmount,
        refundingAmount: order.refundingAmount,
        refundState,
        refundStateName: refundState ? REFUND_STATE_LABELS[refundState] : null,
        refundTo: refundWayOf(order, paidBy, ports.refundsThrough),
        refunds: refunds.map((r) => ({
          refundNo: r.refundNo,
          amount: r.amount,
          status: r.status as RefundStatus,
          reason: r.reason,
          channelMessage: r.channelMessage,
          operator: r.operator,
          createTime: r.createdAt.toISOString(),
          confirmTime: iso(r.confirmedAt),
        })),
        memberRemark: order.memberRemark,
        receiver: order.receiver,
        sender: order.sender,
        packs: packs.map((p) => ({
          packIndex: p.packIndex,
          courierId: p.courierId,
          location: p.location,
          warehouseName: warehouseName(p.location),
          status: p.status,
          statusName: orderStatusLabel(p.status),
          courierName: p.courierName,
          logisticCode: p.logisticCode,
          shippedTime: iso(p.shippedAt),
          splitFrom: p.splitFrom,
        })),
        items: items.map((i) => ({
          id: i.id,
          packIndex: packIndex.get(i.packId) ?? 0,
          skuId: i.skuId,
          name: i.name,
          skuName: i.skuName,
          image: i.image,
          qty: i.qty,
          unitPrice: i.unitPrice,
          isGift: i.isGift,
          waiting: i.waiting,
          expectedDate: i.waiting > 0 ? (expected.get(i.skuId) ?? null) : null,
        })),
        payments: payments.map((p) => ({
          tradeNo: p.tradeNo,
          channel: p.channel,
          channelName: payChannelLabel(p.channel),
          currency: p.currency,
          amount: p.amount,
          status: p.status,
          paidTime: iso(p.paidAt),
        })),
        attachments: attachments.map((a) => ({
          id: a.id,
          packIndex: a.packId === null ? null : (packIndex.get(a.packId) ?? null),
          path: a.path,
          note: a.note,
          createTime: a.createdAt.toISOString(),
        })),
        logistics: events.map((e) => ({
          logisticCode: e.logisticCode,
          time: e.eventTime.toISOString(),
          location: e.location,
          description: e.description,
        })),
        cancelTime: iso(order.cancelledAt),
        finishTime: iso(order.finishedAt),
      };
    },

    /** A warehouse step on one order or one pack (order:push, order:processing … on the command line). */
    transition(by: AuditActor, input: AdminOrderTransitionRequest): Promise<AdminOrderTransitionResponse> {
      return orderAdmin.transition(by, input.orderNo, FULFIL_ACTION_TARGET[input.action], {
        pack: input.pack,
      });
    },

    /** A pack leaves with its courier and tracking number (order:ship). */
    ship(by: AuditActor, input: AdminOrderShipRequest): Promise<AdminOrderTransitionResponse> {
      return orderAdmin.transition(by, input.orderNo, OrderStatus.Shipped, {
        pack: input.pack,
        courierCode: input.courierCode,
        logisticCode: input.logisticCode,
        lines: input.lines,
      });
    },

    /** The money came outside the shop (order:mark-paid); a repeat finds it paid and changes nothing. */
    markPaid(by: AuditActor, orderNo: string): Promise<AdminOrderTransitionResponse> {
      return orderAdmin.transition(by, orderNo, OrderStatus.Paid);
    },

    /**
     * The same step on many orders, each in its own transaction: one order's refusal (a wrong status) does not
     * hold back the others, and the answer says what happened to each.
     */
    async batch(by: AuditActor, input: AdminOrderBatchRequest): Promise<AdminOrderBatchResponse> {
      const to = FULFIL_ACTION_TARGET[input.action];
      const results: AdminOrderBatchResponse['results'] = [];
      for (const orderNo of input.orderNos) {
        try {
          const r = await orderAdmin.transition(by, orderNo, to);
          results.push({
            orderNo,
            success: true,
            status: r.status,
            message: r.moved.length > 0 ? OrderConsoleMessages.done : OrderConsoleMessages.unchanged,
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ orderNo, success: false, status: null, message: error.message });
        }
      }
      return { results };
    },

    /** The couriers a pack may leave with (the ship form's choices). */
    async couriers(): Promise<AdminCourierListResponse> {
      return { items: await ports.activeCouriers() };
    },

    /** A photo of the packed goods, of the order or one of its packs (order:attach). */
    async attach(
      by: AuditActor,
      fields: AdminOrderAttachFields,
      file: Buffer,
    ): Promise<AdminOrderAttachment> {
      const row = await orderAdmin.attach(by, fields.orderNo, {
        file,
        pack: fields.pack,
        note: fields.note,
      });
      return {
        id: row.id,
        packIndex: row.packIndex,
        path: row.path,
        note: row.note,
        createTime: row.createTime,
      };
    },

    /** A tracking event of a shipped parcel (logistics:add). */
    addLogistics(by: AuditActor, input: AdminLogisticsAddRequest) {
      return orderAdmin.addLogisticsEvent(by, input);
    },
  };
}
