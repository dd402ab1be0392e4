import {
  effectiveOrderStatus,
  type OrderDetail,
  OrderStatus,
  type OrderSummary,
  orderStatusLabel,
  payChannelLabel,
  ResultCode,
  sumOtherAmount,
  toMajor,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { CartService, RepurchaseResult } from '../cart/cart.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { AuthContext } from '../member/member.service';
import * as repo from './order.repository';

export const OrderMessages = {
  notFound: '订单不存在',
  cancelled: '订单已取消',
  paidCannotCancel: '订单已付款，无法取消',
  finished: '订单已完成',
  notShipped: '订单尚未发货，无法确认收货',
  notAllShipped: '订单还有包裹未发货，暂不能确认收货',
  remarkUpdated: '备注已更新',
  remarkClosed: '订单已完成或已取消，不能修改备注',
  logisticsNotFound: '未找到物流信息',
  repurchaseNone: '订单中的商品暂时都无法购买',
} as const;

/** Items shown per order in the list; the detail shows all (spec §3 'Order'). */
export const LIST_ITEMS_PER_ORDER = 5;

type Status = OrderStatus;
const S = OrderStatus;

/** Statuses in which the shopper may still cancel: before payment (spec §4 'Order actions'). */
export const CANCELLABLE: readonly Status[] = [S.NotConfirmed, S.NotPaid];
/** Shipped statuses: the shopper may confirm receipt (spec §4 'Order status' 80, 85, 90). */
export const SHIPPED: readonly Status[] = [S.DELIVERED, S.WAITINF_PICKUP, S.ON_SENDING];
/** An order in one of these takes no more changes from the shopper. */
export const CLOSED: readonly Status[] = [S.Cancelled, S.Finished];

/**
 * The allowed operator transitions (spec §4 'Order status'): target status → the statuses it may come from.
 * Paid → pushed to the warehouse → processing → awaiting dispatch → shipped or awaiting self-pickup →
 * (shipped) awaiting receipt → completed. Cancelling is the shopper's before payment (cancel/).
 */
export const ORDER_TRANSITIONS: Readonly<Partial<Record<Status, readonly Status[]>>> = {
  [S.Paid]: [S.NotPaid],
  [S.PUSH_TO_WAREHOUSE]: [S.Paid],
  [S.WAREHOUSE_READY]: [S.PUSH_TO_WAREHOUSE],
  [S.ReadyHandle]: [S.WAREHOUSE_READY],
  [S.DELIVERED]: [S.ReadyHandle],
  [S.WAITINF_PICKUP]: [S.ReadyHandle],
  [S.ON_SENDING]: [S.DELIVERED],
  [S.Finished]: SHIPPED,
};

/** The result of a shopper's status change; `changed` is false when a repeated request found it done. */
export interface OrderStateChange {
  id: number;
  orderNo: string;
  status: number;
  changed: boolean;
}

type AddressSnapshot = NonNullable<OrderDetail['receiver']>;

const notFound = () => new AppError(ResultCode.NotFound, OrderMessages.notFound);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toItemDto(row: repo.ItemRow): OrderSummary['items'][number] {
  return {
    id: row.id,
    skuId: row.skuId,
    goodsId: row.goodsId,
    name: row.name,
    skuName: row.skuName,
    property: row.property ?? {},
    image: row.image,
    qty: row.qty,
    price: toMajor(row.unitPrice),
    isGift: row.isGift,
  };
}

/**
 * An order for the wire (spec §3 'Order'): amounts in major units, allOtherPrice = otherPrice + gst, each
 * pack with its items, and the status replaced by the first pack's when they differ (spec §4).
 */
export function toOrderSummary(
  order: repo.OrderRow,
  beans: readonly repo.BeanRow[],
  items: readonly repo.ItemRow[],
  itemCount: number,
): OrderSummary {
  const orderBeans = beans.map((b) => ({
    id: b.id,
    index: b.packIndex,
    status: b.status,
    location: b.location,
    courierName: b.courierName,
    logisticCode: b.logisticCode,
    shippingFee: toMajor(b.shippingAmount),
    items: items.filter((i) => i.beanId === b.id).map(toItemDto),
  }));
  return {
    id: order.id,
    orderNo: order.orderNo,
    status: effectiveOrderStatus({ status: order.status, orderBeans }),
    currency: order.currency as OrderSummary['currency'],
    isPickup: order.isPickup,
    goodsPrice: toMajor(order.goodsAmount),
    promotionsSum: toMajor(order.promotionsAmount),
    otherPrice: toMajor(order.shippingAmount),
    gst: toMajor(order.taxAmount),
    allOtherPrice: toMajor(sumOtherAmount(order.shippingAmount, order.taxAmount)),
    totalPrice: toMajor(order.totalAmount),
    itemCount,
    items: items.map(toItemDto),
    orderBeans,
    createdAt: order.createdAt.toISOString(),
  };
}

/** An address snapshot as stored with the order, every field a string (absent ones empty). */
function toAddressSnapshot(value: Record<string, unknown> | null): AddressSnapshot | null {
  if (!value) return null;
  const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : '');
  return {
    name: text('name'),
    phone: text('phone'),
    country: text('country'),
    province: text('province'),
    city: text('city'),
    district: text('district'),
    detail: text('detail'),
    postCode: text('postCode'),
    company: text('company'),
    idCardNo: text('idCardNo'),
  };
}

function toAttachmentDto(row: repo.AttachmentRow): OrderDetail['attachments'][number] {
  return { id: row.id, beanId: row.beanId, path: row.path, note: row.note };
}

function toStateChange(order: repo.OrderRow, status: number, changed: boolean): OrderStateChange {
  return { id: order.id, orderNo: order.orderNo, status, changed };
}

export interface OrderServiceDeps {
  db: Database;
  clock: Clock;
  /** Stock belongs to the catalogue: a cancellation gives the reservation back through it. */
  catalogue: Pick<CatalogueService, 'returnStock' | 'removeSales'>;
  /** The cart module owns cart lines: repurchase puts goods back through it. */
  cart: Pick<CartService, 'repurchaseItems'>;
}

export type OrderService = ReturnType<typeof createOrderService>;

export interface Page {
  pageNo: number;
  pageSize: number;
}

/** The member's order calls (spec §7 'Orders and tickets', courierinfo/getByLogisticCode/, cart repurchase/). */
export function createOrderService({ db, clock, catalogue, cart }: OrderServiceDeps) {
  async function ownOrder(auth: AuthContext, id: number, executor: Database = db): Promise<repo.OrderRow> {
    const order = await repo.findMemberOrder(executor, auth.memberId, id);
    if (!order) throw notFound();
    return order;
  }

  return {
    /**
     * One page of the member's orders, newest first (spec §7 orderList/, §3 'Order'), optionally only those
     * showing one status (the first pack's, spec §4), each with its first items and its packs. Four queries.
     */
    async list(auth: AuthContext, query: Page & { status?: number | undefined }) {
      const [totalCount, rows] = await Promise.all([
        repo.countOrders(db, auth.memberId, query.status),
        repo.listOrdersPage(db, auth.memberId, query.status, {
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        }),
      ]);
      const ids = rows.map((r) => r.id);
      const [beans, { items, counts }] = await Promise.all([
        repo.listBeans(db, ids),
        repo.listFirstItems(db, ids, LIST_ITEMS_PER_ORDER),
      ]);
      return {
        items: rows.map((order) =>
          toOrderSummary(
            order,
            beans.filter((b) => b.orderId === order.id),
            items.filter((i) => i.orderId === order.id),
            counts.get(order.id) ?? 0,
          ),
        ),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount,
      };
    },

    /**
     * One of the member's orders in full (spec §7 detail/, §3 'Order' detail extras): every item, the gifts
     * as promotionsGift, the address snapshots, the remark and the attachments.
     */
    async detail(auth: AuthContext, id: number): Promise<OrderDetail> {
      const order = await ownOrder(auth, id);
      const [beans, items, attachments] = await Promise.all([
        repo.listBeans(db, [id]),
        repo.listItems(db, [id]),
        repo.listAttachments(db, id),
      ]);
      return {
        ...toOrderSummary(order, beans, items, items.length),
        promotionsGift: items
          .filter((i) => i.isGift)
          .map((i) => ({ name: i.skuName || i.name, property: i.property ?? {}, qty: i.qty })),
        receiver: toAddressSnapshot(order.receiver),
        sender: toAddressSnapshot(order.sender),
        memberRemark: order.memberRemark,
        attachments: attachments.map(toAttachmentDto),
        paidAt: iso(order.paidAt),
        payChannel: order.payChannel,
        payChannelName: order.payChannel === null ? null : payChannelLabel(order.payChannel),
        paidCurrency: order.paidCurrency as OrderDetail['paidCurrency'],
        paidPrice: order.paidAmount === null ? null : toMajor(order.paidAmount),
        refundedPrice: toMajor(order.refundedAmount),
        cancelledAt: iso(order.cancelledAt),
        finishedAt: iso(order.finishedAt),
      };
    },

    /**
     * Cancels the member's order before payment (spec §7 cancel/, §4 'Order actions'; DESIGN.md 'Stock and
     * orders'): the order and its packs become Cancelled, each item's reserved stock goes back and the goods'
     * sales counts drop by what the order added, in one transaction. The allowed statuses are in the UPDATE's
     * WHERE, so a second or concurrent cancel, or a payment that came first, changes nothing: a repeat answers
     * changed false, a paid order is refused.
     */
    async cancel(auth: AuthContext, id: number): Promise<OrderStateChange> {
      return db.transaction(async (tx) => {
        const cancelled = await repo.moveMemberOrder(tx, {
          memberId: auth.memberId,
          id,
          from: CANCELLABLE,
          to: S.Cancelled,
          set: { cancelledAt: clock() },
        });
        if (cancelled) {
          await repo.moveBeans(tx, id, CANCELLABLE, S.Cancelled);
          await catalogue.returnStock(await repo.reservedStock(tx, id), tx);
          await catalogue.removeSales(await repo.soldGoods(tx, id), tx);
          return toStateChange(cancelled, S.Cancelled, true);
        }
        const order = await ownOrder(auth, id, tx);
        if (order.status === S.Cancelled) return toStateChange(order, S.Cancelled, false);
        throw new AppError(ResultCode.ParamsError, OrderMessages.paidCannotCancel, {
          status: order.status,
        });
      });
    },

    /**
     * Confirms receipt (spec §7 finishOrder/, §4 'Order actions'): only once every pack is shipped (80, 85
     * or 90; finished ones aside), the order and its packs become Finished with finishedAt, in one
     * transaction with the condition in the UPDATE's WHERE. A repeat answers changed false.
     */
    async finish(auth: AuthContext, id: number): Promise<OrderStateChange> {
      return db.transaction(async (tx) => {
        const finished = await repo.moveMemberOrder(tx, {
          memberId: auth.memberId,
          id,
          from: SHIPPED,
          to: S.Finished,
          set: { finishedAt: clock() },
          where: repo.allBeansIn([...SHIPPED, S.Finished]),
        });
        if (finished) {
          await repo.moveBeans(tx, id, SHIPPED, S.Finished);
          return toStateChange(finished, S.Finished, true);
        }
        const order = await ownOrder(auth, id, tx);
        if (order.status === S.Finished) return toStateChange(order, S.Finished, false);
        const message = SHIPPED.includes(order.status as Status)
          ? OrderMessages.notAllShipped
          : order.status === S.Cancelled
            ? OrderMessages.cancelled
            : `${OrderMessages.notShipped}（当前状态：${orderStatusLabel(order.status)}）`;
        throw new AppError(ResultCode.ParamsError, message, { status: order.status });
      });
    },

    /** Sets the member's remark (spec §7 updateMemberRemark/), until the order is finished or cancelled. */
    async updateRemark(auth: AuthContext, id: number, remark: string) {
      const order = await repo.updateRemark(db, { memberId: auth.memberId, id, remark, closed: CLOSED });
      if (order) return { id: order.id, memberRemark: order.memberRemark };
      await ownOrder(auth, id);
      throw new AppError(ResultCode.ParamsError, OrderMessages.remarkClosed);
    },

    /** The package photos and files of the member's order (spec §7 getAttach/). One query. */
    async attachments(auth: AuthContext, id: number): Promise<OrderDetail['attachments']> {
      const rows = await repo.findMemberAttachments(db, auth.memberId, id);
      if (!rows) throw notFound();
      return rows.map(toAttachmentDto);
    },

    /**
     * Tracking of one of the member's parcels (spec §7 courierinfo/getByLogisticCode/): its courier and
     * events, newest first. A code not on one of the member's orders is not found.
     */
    async logistics(auth: AuthContext, logisticCode: string) {
      const parcel = await repo.findMemberParcel(db, auth.memberId, logisticCode);
      if (!parcel) throw new AppError(ResultCode.NotFound, OrderMessages.logisticsNotFound);
      const events = await repo.listLogisticsEvents(db, logisticCode);
      return {
        logisticCode,
        courierName: parcel.courierName,
        events: events.map((e) => ({
          time: e.time.toISOString(),
          location: e.location,
          description: e.description,
        })),
      };
    },

    /** One page of the member's orders imported from the previous system, newest first (spec §7 oldOrderList/). */
    async oldList(auth: AuthContext, query: Page) {
      const [totalCount, rows] = await Promise.all([
        repo.countOldOrders(db, auth.memberId),
        repo.listOldOrdersPage(db, auth.memberId, {
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        }),
      ]);
      return {
        items: rows.map((r) => ({
          id: r.id,
          orderNo: r.orderNo,
          status: r.status,
          currency: r.currency,
          totalPrice: toMajor(r.totalAmount),
          receiverName: r.receiverName,
          items: r.items.map((i) => ({ ...i, price: toMajor(i.price) })),
          orderedAt: r.orderedAt.toISOString(),
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount,
      };
    },

    /**
     * Buy again (spec §7 cart repurchase/, §8 'buy again'): the goods of the member's order, gifts aside,
     * go back into the cart through the cart module; what cannot be bought now is named in the message.
     */
    async repurchase(
      auth: AuthContext,
      orderId: number,
    ): Promise<{ result: RepurchaseResult; message: string }> {
      await ownOrder(auth, orderId);
      const items = (await repo.listItems(db, [orderId])).filter((i) => !i.isGift);
      const result = await cart.repurchaseItems(
        auth,
        items.map((i) => ({ skuId: i.skuId, qty: i.qty, name: i.skuName || i.name })),
      );
      const missing = result.unavailable.map((u) => `${u.name}（${u.reason}）`).join('、');
      if (result.ids.length === 0)
        throw new AppError(
          ResultCode.ParamsError,
          missing ? `${OrderMessages.repurchaseNone}：${missing}` : OrderMessages.repurchaseNone,
          result,
        );
      const message = missing ? `已加入购物车；以下商品暂时无法购买：${missing}` : '已加入购物车';
      return { result, message };
    },
  };
}
