import {
  type AdminAfterSaleDetail,
  AFTER_SALE_TYPE_LABELS,
  type AfterSaleClaimable,
  type AfterSaleDetail,
  AfterSaleMessages,
  type AfterSaleRefundSplit,
  type AfterSaleState,
  type AfterSaleType,
  type adminAfterSaleReceiveRequestSchema,
  type adminAfterSaleRefundRequestSchema,
  type adminAfterSaleShipExchangeRequestSchema,
  type afterSaleCreateRequestSchema,
  afterSaleStepsOf,
  type Currency,
  OrderStatus,
  type RefundSplit,
  refundableAmount,
  refundSplit,
  toMajor,
  toMinor,
} from '@shop/domain';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { notFoundError, paramsError } from '../lib/app-error';
import type { AuditActor, AuditRecorder } from '../lib/audit';
import type { Clock } from '../lib/clock';
import type { MemberNotifier } from '../lib/member-notice';
import type { StaffNotifier } from '../lib/staff-notice';
import {
  type AfterSaleService,
  afterSaleNoPrefix,
  afterSaleNotice,
  claimedByItem,
  findAfterSale,
  insertAfterSale,
  insertEvent,
  linesOf,
  move,
  refundedOfOrder,
  setReceived,
  settingsOf,
} from '../modules/aftersale';
import type { InventoryService } from '../modules/inventory';
import {
  type AfterSaleOrder,
  DELIVERED_STATUSES,
  findOrderForPayment,
  orderForAfterSale,
  type PayableOrder,
} from '../modules/order';
import { takeLooseImages } from '../modules/tickets';

type CreateInput = z.output<typeof afterSaleCreateRequestSchema>;
type ReceiveInput = z.output<typeof adminAfterSaleReceiveRequestSchema>;
type RefundInput = z.output<typeof adminAfterSaleRefundRequestSchema>;
type ShipExchangeInput = z.output<typeof adminAfterSaleShipExchangeRequestSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The steps a stored request allows next (the domain's one table of moves). */
const stepsOf = (row: { state: string; type: string }) =>
  afterSaleStepsOf({ state: row.state as AfterSaleState, type: row.type as AfterSaleType });

/** What the order's refund (refund-order.ts) leaves for the caller to finish after its transaction. */
interface RefundDone {
  amount: number;
  way: 'deposit' | 'account' | 'channel';
  reserved: { refundNo: string } | null;
}

export interface AfterSaleFlowDeps {
  db: Database;
  clock: Clock;
  afterSales: Pick<AfterSaleService, 'detailOf' | 'staffRow'>;
  inventory: Pick<InventoryService, 'receiveReturned' | 'takeForExchange' | 'stockChanged' | 'arrived'>;
  /** The order's refund (refund-order.ts), on an order the caller locked, then finished after the commit. */
  refunds: {
    refundLocked(
      tx: Database,
      actor: AuditActor,
      order: PayableOrder,
      input: { amount: number; reason: string },
    ): Promise<RefundDone>;
    completeRefund(actor: AuditActor, done: RefundDone): Promise<unknown>;
  };
  /** How the order's money goes back now: deposit, channel, account, or offline (the console's order detail rule). */
  refundWay: (orderId: number) => Promise<'deposit' | 'channel' | 'account' | 'offline'>;
  courierByCode: (code: string, executor: Database) => Promise<{ code: string; name: string } | null>;
  memberName: (memberId: number) => Promise<string>;
  notify: MemberNotifier;
  notifyStaff: StaffNotifier;
  audit: AuditRecorder;
}

export type AfterSaleFlow = ReturnType<typeof createAfterSaleFlow>;

/** Why an order cannot be claimed now, or null: shipped, awaiting receipt or finished within the window. */
function closedReason(order: AfterSaleOrder, windowDays: number, now: Date): string | null {
  if (!DELIVERED_STATUSES.includes(order.status)) return AfterSaleMessages.orderNotDelivered;
  if (order.status === OrderStatus.Finished && order.finishedAt) {
    if (now.getTime() > order.finishedAt.getTime() + windowDays * DAY_MS)
      return AfterSaleMessages.windowClosed(windowDays);
  }
  return null;
}

const lineName = (l: { name: string; skuName: string }) => (l.skuName ? `${l.name} ${l.skuName}` : l.name);

function majorSplit(split: RefundSplit): AfterSaleRefundSplit {
  return {
    goods: toMajor(split.goods),
    promotions: toMajor(split.promotions),
    tax: toMajor(split.tax),
    freight: toMajor(split.freight),
    total: toMajor(split.total),
    amount: toMajor(split.amount),
  };
}

/**
 * After-sales across the order, the stock and the money (issue #39, docs/decisions/057): a member's claim, checked
 * under the order's lock against what was delivered and claimed already; goods received back to stock or written
 * off; a refund by the one split rule through the order's refund (the way it was paid), under the order's lock
 * then the request's; an exchange sent out of stock. Every step is one transaction with its event, notice and audit.
 */
export function createAfterSaleFlow(deps: AfterSaleFlowDeps) {
  const { db, clock, afterSales, inventory, refunds, notify, notifyStaff, audit } = deps;

  /** The refund split of a request's lines, counting from what the order's other requests refunded. */
  async function splitOf(
    executor: Database,
    order: AfterSaleOrder,
    row: { id: number; state: string },
    lines: readonly { itemId: number; qty: number }[],
    withFreight: boolean,
  ): Promise<{ split: RefundSplit; freightBefore: boolean }> {
    const refunded = await refundedOfOrder(executor, order.id, row.id);
    const split = refundSplit(
      { ...order, paidAmount: order.paidAmount ?? 0 },
      lines.map((l) => ({ itemId: l.itemId, qty: l.qty })),
      { before: refunded.lines, freightBefore: refunded.freight, withFreight },
    );
    return { split, freightBefore: refunded.freight };
  }

  return {
    /** What of the member's order may be claimed now. */
    async claimable(memberId: number, orderId: number): Promise<AfterSaleClaimable> {
      const order = await orderForAfterSale(db, orderId, { memberId });
      if (!order) throw notFoundError(AfterSaleMessages.orderNotFound);
      const [{ windowDays }, claimed] = await Promise.all([settingsOf(db), claimedByItem(db, order.id)]);
      const reason = closedReason(order, windowDays, clock());
      return {
        orderId: order.id,
        orderNo: order.orderNo,
        currency: order.currency,
        open: reason === null,
        reason,
        windowEndsAt:
          order.status === OrderStatus.Finished && order.finishedAt
            ? new Date(order.finishedAt.getTime() + windowDays * DAY_MS).toISOString()
            : null,
        windowDays,
        lines: order.items.map((i) => {
          const taken = claimed.get(i.id) ?? 0;
          return {
            itemId: i.id,
            skuId: i.skuId,
            name: i.name,
            skuName: i.skuName,
            image: i.image,
            qty: i.qty,
            delivered: i.delivered,
            claimed: taken,
            claimable: i.isGift ? 0 : Math.max(0, i.delivered - taken),
            unitPrice: toMajor(i.unitPrice),
            isGift: i.isGift,
          };
        }),
      };
    },

    /**
     * A member's claim: under the order's lock (so parallel claims queue), each line checked against its pieces
     * delivered less those claimed by standing requests; the photos taken from the member's uploads; the request,
     * its lines and first event written; staff and the member told.
     */
    async create(memberId: number, input: CreateInput): Promise<AfterSaleDetail> {
      const now = clock();
      const member = await deps.memberName(memberId);
      const made = await db.transaction(async (tx) => {
        const order = await orderForAfterSale(tx, input.orderId, { memberId, lock: true });
        if (!order) throw notFoundError(AfterSaleMessages.orderNotFound);
        const { windowDays } = await settingsOf(tx);
        const closed = closedReason(order, windowDays, now);
        if (closed) throw paramsError(closed);
        const claimed = await claimedByItem(tx, order.id);
        const lines = input.lines.map((line) => {
          const item = order.items.find((i) => i.id === line.itemId);
          if (!item) throw paramsError(AfterSaleMessages.unknownLine(line.itemId));
          if (item.isGift) throw paramsError(AfterSaleMessages.gift);
          if (item.delivered === 0) throw paramsError(AfterSaleMessages.notDelivered(lineName(item)));
          const left = item.delivered - (claimed.get(item.id) ?? 0);
          if (line.qty > left)
            throw paramsError(AfterSaleMessages.nothingLeft(lineName(item), Math.max(0, left)));
          return {
            itemId: item.id,
            skuId: item.skuId,
            name: item.name,
            skuName: item.skuName,
            image: item.image,
            unitPrice: item.unitPrice,
            qty: line.qty,
          };
        });
        const images = await takeLooseImages(tx, memberId, input.images);
        if (images.length !== input.images.length) throw paramsError(AfterSaleMessages.image);
        const byId = new Map(images.map((i) => [i.id, i]));
        const row = await insertAfterSale(
          tx,
          {
            noPrefix: afterSaleNoPrefix(now),
            orderId: order.id,
            memberId,
            orderNo: order.orderNo,
            currency: order.currency,
            type: input.type,
            reason: input.reason,
            text: input.text,
            images: input.images.flatMap((id) => {
              const image = byId.get(id);
              return image ? [{ url: image.path, width: image.width, height: image.height }] : [];
            }),
          },
          lines,
        );
        await insertEvent(tx, {
          afterSaleId: row.id,
          state: 'pending',
          by: 'member',
          note: input.text.slice(0, 300),
        });
        await notify(tx, afterSaleNotice(row));
        await notifyStaff(tx, {
          permission: 'aftersale.handle',
          kind: 'staffAfterSale',
          params: {
            afterSaleNo: row.afterSaleNo,
            member,
            what: `申请了${AFTER_SALE_TYPE_LABELS[input.type]}（订单 ${order.orderNo}）`,
          },
        });
        return row;
      });
      return afterSales.detailOf(made);
    },

    /** The console's detail: the request with the order's money and the refund the rule gives, with and without freight. */
    async adminDetail(id: number): Promise<AdminAfterSaleDetail> {
      const row = await afterSales.staffRow(id);
      const [detail, order, lines, settings, way, username] = await Promise.all([
        afterSales.detailOf(row),
        orderForAfterSale(db, row.orderId),
        linesOf(db, [row.id]),
        settingsOf(db),
        deps.refundWay(row.orderId),
        deps.memberName(row.memberId),
      ]);
      if (!order) throw notFoundError(AfterSaleMessages.orderNotFound);
      let split: AfterSaleRefundSplit | null = null;
      let splitWithFreight: AfterSaleRefundSplit | null = null;
      let freightRefunded = false;
      if (row.type !== 'exchange' && order.paidAmount !== null) {
        try {
          const plain = await splitOf(db, order, row, lines, false);
          split = majorSplit(plain.split);
          freightRefunded = plain.freightBefore;
          splitWithFreight = majorSplit((await splitOf(db, order, row, lines, true)).split);
        } catch {
          // Lines the order's earlier refunds already gave back: nothing is left for the rule to give.
        }
      }
      return {
        ...detail,
        memberId: row.memberId,
        username,
        orderStatus: order.status,
        paidCurrency: order.paidCurrency,
        paidAmount: order.paidAmount === null ? null : toMajor(order.paidAmount),
        refundable: toMajor(refundableAmount(order)),
        refundWay: way,
        split,
        splitWithFreight,
        freightRefunded,
        defaultReturnAddress: settings.returnAddress,
      };
    },

    /** The goods came back: per line, pieces to stock and written off, together the pieces claimed. */
    async receive(by: AuditActor, input: ReceiveInput): Promise<AdminAfterSaleDetail> {
      const restockedSkus = await db.transaction(async (tx) => {
        const row = await findAfterSale(tx, input.id, { lock: true });
        if (!row) throw notFoundError(AfterSaleMessages.notFound);
        if (!stepsOf(row).includes('receive')) throw paramsError(AfterSaleMessages.notReceivable);
        if (row.version !== input.version) throw paramsError(AfterSaleMessages.changed);
        const lines = await linesOf(tx, [row.id]);
        const got = new Map(input.lines.map((l) => [l.itemId, l]));
        if (got.size !== input.lines.length || got.size !== lines.length)
          throw paramsError(AfterSaleMessages.receiveLines);
        const received = lines.map((line) => {
          const back = got.get(line.itemId);
          if (!back || back.restock + back.writeOff !== line.qty)
            throw paramsError(AfterSaleMessages.receiveLines);
          return { line, restock: back.restock, writeOff: back.writeOff };
        });
        const moved = await move(tx, row.id, [row.state as AfterSaleState], 'received', {}, input.version);
        if (!moved) throw paramsError(AfterSaleMessages.changed);
        await setReceived(
          tx,
          received.map((r) => ({ id: r.line.id, restocked: r.restock, writtenOff: r.writeOff })),
        );
        await inventory.receiveReturned(tx, {
          lines: received.map((r) => ({ skuId: r.line.skuId, restock: r.restock, writeOff: r.writeOff })),
          by,
          reason: `售后 ${row.afterSaleNo} 退货${input.note ? `：${input.note}` : ''}`.slice(0, 200),
        });
        const restocked = received.reduce((n, r) => n + r.restock, 0);
        const writtenOff = received.reduce((n, r) => n + r.writeOff, 0);
        const note = `入库 ${restocked} 件${writtenOff > 0 ? `，报损 ${writtenOff} 件` : ''}${input.note ? `（${input.note}）` : ''}`;
        await insertEvent(tx, { afterSaleId: row.id, state: 'received', by: 'staff', actor: by.actor, note });
        await notify(tx, afterSaleNotice(moved, '商城已收到您寄回的商品'));
        await audit(tx, {
          by,
          action: 'aftersale.receive',
          objectType: 'aftersale',
          objectId: row.afterSaleNo,
          before: { state: row.state, version: row.version },
          after: {
            state: 'received',
            lines: received.map((r) => ({ itemId: r.line.itemId, restock: r.restock, writeOff: r.writeOff })),
          },
        });
        return received.filter((r) => r.restock > 0).map((r) => r.line.skuId);
      });
      await inventory.stockChanged();
      // Goods back in stock serve the pre-orders waiting for them (issue #39).
      await inventory.arrived([...new Set(restockedSkus)], by);
      return this.adminDetail(input.id);
    },

    /**
     * Refunds a request by the split rule (with the freight when asked, or less when staff give less) through the
     * order's refund, under the order's lock then the request's: a second refund of the request, or one beyond
     * what the order may still refund, is refused and nothing is written. A deposit refund ends the request; a
     * channel refund leaves it 退款中 until the channel answers (refund-order.ts refundEnded).
     */
    async refund(by: AuditActor, input: RefundInput): Promise<AdminAfterSaleDetail> {
      const head = await afterSales.staffRow(input.id);
      const done = await db.transaction(async (tx) => {
        const payable = await findOrderForPayment(tx, head.orderId, { lock: true });
        const row = await findAfterSale(tx, input.id, { lock: true });
        if (!payable || !row) throw notFoundError(AfterSaleMessages.notFound);
        if (!stepsOf(row).includes('refund')) throw paramsError(AfterSaleMessages.notRefundable);
        const from = row.state as AfterSaleState;
        if (row.version !== input.version) throw paramsError(AfterSaleMessages.changed);
        const order = await orderForAfterSale(tx, row.orderId);
        if (!order || order.paidAmount === null || order.paidCurrency === null)
          throw paramsError(AfterSaleMessages.notPaid);
        const lines = await linesOf(tx, [row.id]);
        let split: RefundSplit;
        let freightBefore: boolean;
        try {
          ({ split, freightBefore } = await splitOf(tx, order, row, lines, input.withFreight));
        } catch (error) {
          throw paramsError((error as Error).message);
        }
        const amount = input.amount === undefined ? split.amount : toMinor(input.amount);
        if (amount > split.amount)
          throw paramsError(
            AfterSaleMessages.refundTooMuch(`${toMajor(split.amount)} ${order.paidCurrency}`),
          );
        const refund = await refunds.refundLocked(tx, by, payable, {
          amount,
          reason: `售后 ${row.afterSaleNo}${input.note ? `：${input.note}` : ''}`.slice(0, 200),
        });
        const channel = refund.way === 'channel';
        const moved = await move(
          tx,
          row.id,
          [from],
          channel ? 'refunding' : 'refunded',
          {
            refundAmount: amount,
            refundCurrency: order.paidCurrency as Currency,
            refundTo: refund.way,
            refundNo: refund.reserved?.refundNo ?? null,
            withFreight: input.withFreight && !freightBefore,
            refundFrom: channel ? from : null,
          },
          input.version,
        );
        if (!moved) throw paramsError(AfterSaleMessages.changed);
        const money = `${toMajor(amount)} ${order.paidCurrency}`;
        const where =
          refund.way === 'channel'
            ? '原路退回，等待支付渠道确认'
            : refund.way === 'account'
              ? '冲减公司账单'
              : '已退回账户余额';
        await insertEvent(tx, {
          afterSaleId: row.id,
          state: moved.state,
          by: 'staff',
          actor: by.actor,
          note: `退款 ${money}，${where}${input.note ? `（${input.note}）` : ''}`,
        });
        await notify(tx, afterSaleNotice(moved, `退款 ${money}，${where}`));
        await audit(tx, {
          by,
          action: 'aftersale.refund',
          objectType: 'aftersale',
          objectId: row.afterSaleNo,
          before: { state: row.state, version: row.version },
          after: {
            state: moved.state,
            amount,
            currency: order.paidCurrency,
            ruleAmount: split.amount,
            withFreight: input.withFreight && !freightBefore,
            refundTo: refund.way,
            refundNo: refund.reserved?.refundNo ?? null,
          },
        });
        return refund;
      });
      // A channel refund is asked now; its answer (or the sweep's) ends the request through refundEnded.
      await refunds.completeRefund(by, done);
      return this.adminDetail(input.id);
    },

    /** Sends an exchange's pieces, out of stock, with the courier and tracking number. */
    async shipExchange(by: AuditActor, input: ShipExchangeInput): Promise<AdminAfterSaleDetail> {
      await db.transaction(async (tx) => {
        const row = await findAfterSale(tx, input.id, { lock: true });
        if (!row) throw notFoundError(AfterSaleMessages.notFound);
        if (!stepsOf(row).includes('shipExchange')) throw paramsError(AfterSaleMessages.notExchange);
        if (row.version !== input.version) throw paramsError(AfterSaleMessages.changed);
        const courier = await deps.courierByCode(input.courierCode, tx);
        if (!courier) throw paramsError(AfterSaleMessages.unknownCourier(input.courierCode));
        const lines = await linesOf(tx, [row.id]);
        await inventory.takeForExchange(tx, {
          lines: lines.map((l) => ({ skuId: l.skuId, qty: l.qty, name: lineName(l) })),
          by,
          reason: `售后 ${row.afterSaleNo} 换货发出`,
          short: AfterSaleMessages.noStock,
        });
        const moved = await move(
          tx,
          row.id,
          [row.state as AfterSaleState],
          'exchanged',
          { exchangeCourier: courier.name, exchangeLogisticCode: input.logisticCode },
          input.version,
        );
        if (!moved) throw paramsError(AfterSaleMessages.changed);
        const note = `${courier.name} ${input.logisticCode}`;
        await insertEvent(tx, {
          afterSaleId: row.id,
          state: 'exchanged',
          by: 'staff',
          actor: by.actor,
          note,
        });
        await notify(tx, afterSaleNotice(moved, `换货已发出，${note}`));
        await audit(tx, {
          by,
          action: 'aftersale.shipExchange',
          objectType: 'aftersale',
          objectId: row.afterSaleNo,
          before: { state: row.state, version: row.version },
          after: { state: 'exchanged', courier: courier.name, logisticCode: input.logisticCode },
        });
      });
      await inventory.stockChanged();
      return this.adminDetail(input.id);
    },
  };
}
