import {
  effectiveOrderStatus,
  type OrderDetail,
  OrderStatus,
  type OrderSummary,
  orderStatusLabel,
  payChannelLabel,
  refundStateOf,
  sumOtherAmount,
  toMajor,
  warehouseName,
} from '@shop/domain';
import type { Database } from '../../db/client';
import { notFoundError, paramsError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth';
import { type OrderBrief, orderBriefs } from './order.briefs';
import { orderNumbers } from './order.payment';
import * as repo from './order.repository';
import { type OrderTaxSource, orderTaxSource } from './order.tax-source';

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
} as const;

/** Items shown per order in the list; the detail shows all (spec §3 'Order'). */
export const LIST_ITEMS_PER_ORDER = 5;

type Status = OrderStatus;
const S = OrderStatus;

/** Statuses in which the shopper may still cancel: before payment (spec §4 'Order actions'). */
export const CANCELLABLE: readonly Status[] = [S.NotConfirmed, S.NotPaid];
/** Shipped statuses: the shopper may confirm receipt (spec §4 'Order status' 80, 85, 90). */
export const SHIPPED: readonly Status[] = [S.Shipped, S.AwaitingPickup, S.InTransit];
/** An order in one of these takes no more changes from the shopper. */
export const CLOSED: readonly Status[] = [S.Cancelled, S.Finished];

/**
 * The allowed operator transitions (spec §4 'Order status'): target status → the statuses it may come from.
 * Paid → pushed to the warehouse → processing → awaiting dispatch → shipped or awaiting self-pickup →
 * (shipped) awaiting receipt → completed. Cancelling is the shopper's before payment (cancel/).
 */
export const ORDER_TRANSITIONS: Readonly<Partial<Record<Status, readonly Status[]>>> = {
  [S.Paid]: [S.NotPaid],
  [S.PushedToWarehouse]: [S.Paid],
  [S.WarehouseProcessing]: [S.PushedToWarehouse],
  [S.AwaitingDispatch]: [S.WarehouseProcessing],
  [S.Shipped]: [S.AwaitingDispatch],
  [S.AwaitingPickup]: [S.AwaitingDispatch],
  [S.InTransit]: [S.Shipped],
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

const notFound = () => notFoundError(OrderMessages.notFound);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The expected arrival days of the SKUs an order's lines wait for (issue #39), by SKU id. */
export type ExpectedDates = ReadonlyMap<number, string>;

/** The SKUs whose expected days an order's waiting lines show: none for almost every order, so no query. */
export const waitingSkuIds = (items: readonly repo.ItemRow[]): number[] =>
  items.flatMap((i) => (i.waiting > 0 ? [i.skuId] : []));

function toItemDto(row: repo.ItemRow, expected: ExpectedDates): OrderSummary['items'][number] {
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
    waiting: row.waiting,
    expectedDate: row.waiting > 0 ? (expected.get(row.skuId) ?? null) : null,
  };
}

/**
 * An order for the wire (spec §3 'Order'): amounts in major units, allOtherPrice = otherPrice + gst, each
 * pack with its items, and the status replaced by the first pack's when they differ (spec §4).
 */
export function toOrderSummary(
  order: repo.OrderRow,
  packs: readonly repo.PackRow[],
  items: readonly repo.ItemRow[],
  count: repo.GoodsCount,
  expected: ExpectedDates = new Map(),
): OrderSummary {
  const itemDto = (row: repo.ItemRow) => toItemDto(row, expected);
  const orderBeans = packs.map((b) => ({
    id: b.id,
    index: b.packIndex,
    status: b.status,
    location: b.location,
    courierName: b.courierName,
    logisticCode: b.logisticCode,
    shippingFee: toMajor(b.shippingAmount),
    pickup: b.pickup
      ? { warehouseId: b.location, warehouseName: warehouseName(b.location), ...b.pickup }
      : null,
    splitFrom: b.splitFrom,
    items: items.filter((i) => i.packId === b.id).map(itemDto),
  }));
  // spec §3 'Order' gst: the tax added on top, so the GST only when the prices excluded it (ADR 038).
  const addedTax = order.taxAmount + (order.gstIncluded ? 0 : order.gstAmount);
  return {
    id: order.id,
    orderNo: order.orderNo,
    status: effectiveOrderStatus({ status: order.status, orderBeans }),
    currency: order.currency as OrderSummary['currency'],
    isPickup: order.isPickup,
    goodsPrice: toMajor(order.goodsAmount),
    promotionsSum: toMajor(order.promotionsAmount),
    otherPrice: toMajor(order.shippingAmount),
    gst: toMajor(addedTax),
    allOtherPrice: toMajor(sumOtherAmount(order.shippingAmount, addedTax)),
    gstPrice: toMajor(order.gstAmount),
    gstIncluded: order.gstIncluded,
    totalPrice: toMajor(order.totalAmount),
    itemCount: count.lines,
    pieceCount: count.pieces,
    items: items.map(itemDto),
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
  return { id: row.id, beanId: row.packId, path: row.path, note: row.note };
}

function toStateChange(order: repo.OrderRow, status: number, changed: boolean): OrderStateChange {
  return { id: order.id, orderNo: order.orderNo, status, changed };
}

export interface OrderServiceDeps {
  db: Database;
  clock: Clock;
  /**
   * The member's company (the company module, issue #38): its members see its orders, read afresh at each call.
   * Absent: every member sees only their own.
   */
  companyOf?: (memberId: number) => Promise<{ companyId: number } | null>;
  /** Members' names (or usernames) by id: who placed a company's order. */
  memberNames?: (ids: readonly number[]) => Promise<Map<number, string>>;
  /** The expected arrival days of pre-ordered SKUs (the catalogue), asked only for lines that wait. */
  expectedDates?: (skuIds: readonly number[]) => Promise<ExpectedDates>;
}

/** What a cancelled order gives back: the stock it had reserved and the sales it had counted. */
export interface OrderRelease {
  stock: { skuId: number; qty: number }[];
  sales: { goodsId: number; qty: number }[];
}

export type OrderService = ReturnType<typeof createOrderService>;

export interface Page {
  pageNo: number;
  pageSize: number;
}

/** The member's order calls (spec §7 'Orders and tickets', courierinfo/getByLogisticCode/). */
export function createOrderService({
  db,
  clock,
  companyOf = async () => null,
  memberNames = async () => new Map(),
  expectedDates = async () => new Map(),
}: OrderServiceDeps) {
  const expectedFor = async (items: readonly repo.ItemRow[]): Promise<ExpectedDates> => {
    const ids = waitingSkuIds(items);
    return ids.length === 0 ? new Map() : expectedDates(ids);
  };

  /** Whose orders the member sees: their own, and their company's while they belong to it. */
  async function viewerOf(auth: AuthContext): Promise<repo.OrderViewer> {
    return { memberId: auth.memberId, companyId: (await companyOf(auth.memberId))?.companyId ?? null };
  }

  /** For a company member: whether each order is theirs, and who placed it. */
  async function placers(viewer: repo.OrderViewer, rows: readonly repo.OrderRow[]) {
    if (viewer.companyId === null) return () => ({});
    const names = await memberNames(rows.map((r) => r.memberId));
    return (order: repo.OrderRow) => ({
      mine: order.memberId === viewer.memberId,
      placedBy: names.get(order.memberId) ?? '',
    });
  }

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
      const viewer = await viewerOf(auth);
      const [totalCount, rows] = await Promise.all([
        repo.countOrders(db, viewer, query.status),
        repo.listOrdersPage(db, viewer, query.status, {
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        }),
      ]);
      const ids = rows.map((r) => r.id);
      const [packs, { items, counts }, placer] = await Promise.all([
        repo.listPacks(db, ids),
        repo.listFirstItems(db, ids, LIST_ITEMS_PER_ORDER),
        placers(viewer, rows),
      ]);
      const expected = await expectedFor(items);
      return {
        items: rows.map((order) => ({
          ...toOrderSummary(
            order,
            packs.filter((b) => b.orderId === order.id),
            items.filter((i) => i.orderId === order.id),
            counts.get(order.id) ?? { lines: 0, pieces: 0 },
            expected,
          ),
          ...placer(order),
        })),
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
      const viewer = await viewerOf(auth);
      const order = await repo.findSeenOrder(db, viewer, id);
      if (!order) throw notFound();
      const [packs, items, attachments, placer] = await Promise.all([
        repo.listPacks(db, [id]),
        repo.listItems(db, [id]),
        repo.listAttachments(db, id),
        placers(viewer, [order]),
      ]);
      const expected = await expectedFor(items);
      return {
        ...placer(order),
        ...toOrderSummary(
          order,
          packs,
          items,
          { lines: items.length, pieces: items.reduce((sum, item) => sum + item.qty, 0) },
          expected,
        ),
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
        refundState: refundStateOf(order),
        refundingPrice: toMajor(order.refundingAmount),
        cancelledAt: iso(order.cancelledAt),
        finishedAt: iso(order.finishedAt),
      };
    },

    /**
     * The order's side of a member's cancel before payment (spec §7 cancel/, §4 'Order actions'), on the
     * caller's transaction (workflows/cancel-order.ts returns the stock): the order and its packs become
     * Cancelled, with the allowed statuses in the UPDATE's WHERE, so a second or concurrent cancel, or a payment
     * that came first, changes nothing: a repeat answers changed false with nothing to release, a paid order is
     * refused. `released` is what the order had reserved and counted as sales.
     */
    async cancelUnpaid(
      tx: Database,
      auth: AuthContext,
      id: number,
    ): Promise<{ change: OrderStateChange; released: OrderRelease | null }> {
      const cancelled = await repo.moveMemberOrder(tx, {
        memberId: auth.memberId,
        id,
        from: CANCELLABLE,
        to: S.Cancelled,
        set: { cancelledAt: clock() },
      });
      if (cancelled) {
        await repo.movePacks(tx, id, CANCELLABLE, S.Cancelled);
        return {
          change: toStateChange(cancelled, S.Cancelled, true),
          released: { stock: await repo.reservedStock(tx, id), sales: await repo.soldGoods(tx, id) },
        };
      }
      const order = await ownOrder(auth, id, tx);
      if (order.status === S.Cancelled)
        return { change: toStateChange(order, S.Cancelled, false), released: null };
      throw paramsError(OrderMessages.paidCannotCancel, {
        status: order.status,
      });
    },

    /**
     * An order waiting for its company's approval (NotConfirmed -1, issue #38) becomes NotPaid 0 with its packs,
     * in the caller's transaction; null when it no longer waits (cancelled by its buyer meanwhile).
     */
    async confirmAwaiting(tx: Database, id: number): Promise<OrderStateChange | null> {
      const moved = await repo.moveOrder(tx, { id, from: [S.NotConfirmed], to: S.NotPaid });
      if (!moved) return null;
      await repo.movePacks(tx, id, [S.NotConfirmed], S.NotPaid);
      return toStateChange(moved, S.NotPaid, true);
    },

    /**
     * An order waiting for its company's approval is cancelled (rejected, or its hold lapsed), in the caller's
     * transaction, with what it took to give back; null when it no longer waits.
     */
    async cancelAwaiting(
      tx: Database,
      id: number,
    ): Promise<{ change: OrderStateChange; released: OrderRelease } | null> {
      const moved = await repo.moveOrder(tx, {
        id,
        from: [S.NotConfirmed],
        to: S.Cancelled,
        set: { cancelledAt: clock() },
      });
      if (!moved) return null;
      await repo.movePacks(tx, id, [S.NotConfirmed], S.Cancelled);
      return {
        change: toStateChange(moved, S.Cancelled, true),
        released: { stock: await repo.reservedStock(tx, id), sales: await repo.soldGoods(tx, id) },
      };
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
          where: repo.allPacksIn([...SHIPPED, S.Finished]),
        });
        if (finished) {
          await repo.movePacks(tx, id, SHIPPED, S.Finished);
          return toStateChange(finished, S.Finished, true);
        }
        const order = await ownOrder(auth, id, tx);
        if (order.status === S.Finished) return toStateChange(order, S.Finished, false);
        const message = SHIPPED.includes(order.status as Status)
          ? OrderMessages.notAllShipped
          : order.status === S.Cancelled
            ? OrderMessages.cancelled
            : `${OrderMessages.notShipped}（当前状态：${orderStatusLabel(order.status)}）`;
        throw paramsError(message, { status: order.status });
      });
    },

    /** Sets the member's remark (spec §7 updateMemberRemark/), until the order is finished or cancelled. */
    async updateRemark(auth: AuthContext, id: number, remark: string) {
      const order = await repo.updateRemark(db, { memberId: auth.memberId, id, remark, closed: CLOSED });
      if (order) return { id: order.id, memberRemark: order.memberRemark };
      await ownOrder(auth, id);
      throw paramsError(OrderMessages.remarkClosed);
    },

    /** The package photos and files of the member's order (spec §7 getAttach/). One query. */
    async attachments(auth: AuthContext, id: number): Promise<OrderDetail['attachments']> {
      const rows = await repo.findMemberAttachments(db, await viewerOf(auth), id);
      if (!rows) throw notFound();
      return rows.map(toAttachmentDto);
    },

    /**
     * Tracking of one of the member's parcels (spec §7 courierinfo/getByLogisticCode/): its courier and
     * events, newest first. A code not on one of the member's orders is not found.
     */
    async logistics(auth: AuthContext, logisticCode: string) {
      const parcel = await repo.findMemberParcel(db, auth.memberId, logisticCode);
      if (!parcel) throw notFoundError(OrderMessages.logisticsNotFound);
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

    /** The member's order as a ticket refers to it: its number and how many packs it has; null when not theirs. */
    async memberOrderRef(
      memberId: number,
      orderId: number,
    ): Promise<{ orderNo: string; packCount: number } | null> {
      const order = await repo.findMemberOrder(db, memberId, orderId);
      if (!order) return null;
      return { orderNo: order.orderNo, packCount: (await repo.listPacks(db, [order.id])).length };
    },

    /** Order numbers by order id (the deposit log names the order of each movement); unknown ids are left out. */
    orderNumbers(ids: readonly number[]): Promise<Map<number, string>> {
      return orderNumbers(db, ids);
    },

    /**
     * Which of these SKUs orders hold (the goods editor keeps those rows, only making them not for sale). Run in
     * the caller's transaction after it has locked the SKU rows, so an order placed meanwhile waits for it.
     */
    orderedSkuIds(skuIds: readonly number[], executor: Database = db): Promise<Set<number>> {
      return repo.orderedSkuIds(executor, skuIds);
    },

    /** The member's latest orders, or the orders of the ids, as the staff console lists them beside a ticket. */
    briefs(filter: { memberId: number; limit: number } | { ids: readonly number[] }): Promise<OrderBrief[]> {
      return orderBriefs(db, filter);
    },

    /** The goods of the member's order to buy again (spec §7 cart repurchase/): its items, gifts aside. */
    async itemsToBuyAgain(
      auth: AuthContext,
      orderId: number,
    ): Promise<{ skuId: number; qty: number; name: string }[]> {
      await ownOrder(auth, orderId);
      const items = (await repo.listItems(db, [orderId])).filter((i) => !i.isGift);
      return items.map((i) => ({ skuId: i.skuId, qty: i.qty, name: i.skuName || i.name }));
    },

    /** An order as its tax documents need it (modules/invoice), on the caller's transaction when given. */
    taxSource(
      filter: { id: number; memberId?: number | undefined } | { orderNo: string },
      executor: Database = db,
    ): Promise<OrderTaxSource | null> {
      return orderTaxSource(executor, filter);
    },
  };
}
