import {
  type Currency,
  DepositLogType,
  formatPrice,
  MessageType,
  ON_ACCOUNT_CODE,
  OrderStatus,
  orderStatusLabel,
  Permission,
  type RefundLine,
  type RefundState,
  refundableAmount,
  refundOfLines,
  refundStateOf,
} from '@shop/domain';
import type { Database } from '../db/client';
import { notFoundError, paramsError } from '../lib/app-error';
import { type AuditActor, type AuditRecorder, SYSTEM_ACTOR } from '../lib/audit';
import type { Clock } from '../lib/clock';
import type { MemberNotifier } from '../lib/member-notice';
import { type StaffNotifier, silentStaffNotifier } from '../lib/staff-notice';
import type { CatalogueService } from '../modules/catalogue';
import type { DepositService } from '../modules/deposit';
import type { InventoryService } from '../modules/inventory';
import {
  addRefund,
  cancelPaidOrder,
  endRefunding,
  findOrderForPayment,
  lockOrderForPaymentByNo,
  OFFLINE_PAY_CHANNEL,
  PAID_NOT_SHIPPED,
  type PayableOrder,
  packStatuses,
  refundLinesOf,
  releaseOf,
  reserveRefunding,
} from '../modules/order';
import type { PaymentRefundRow, PaymentRefundService, RefundChannel } from '../modules/payment';
import {
  type ChannelRefundState,
  isRefusal,
  type NotifyAcknowledgement,
  type NotifyHeaders,
  plainAcknowledgement,
} from '../modules/payment';

export const RefundMessages = {
  notFound: (orderNo: string) => `订单不存在：${orderNo}`,
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
  refundedChanged: (orderNo: string) =>
    `订单 ${orderNo} 的已退款金额已变化（可能是重复提交），本次未退款，请刷新后核对`,
  channelRefused: (message: string) => `支付渠道拒绝退款：${message}，订单未做任何更改`,
  cancelRefused: (orderNo: string, message: string) =>
    `订单 ${orderNo} 已取消，但支付渠道拒绝退款：${message}；请处理后在订单中重新发起退款`,
  channelPending: '退款已提交支付渠道，等待渠道确认（退款中）',
  channelUnanswered: '支付渠道暂未答复，退款已登记为退款中，系统将用同一退款单号自动重试',
} as const;

/** The actor of what a channel confirms by itself (its notify, the sweep's query). */

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
  /** Where the money went: the deposit, back through the payment channel, or nowhere (nothing refunded). */
  refundTo: 'deposit' | 'channel' | null;
  /** The refund number asked of the channel. */
  refundNo: string | null;
  /** The order's refund state afterwards. */
  refundState: RefundState | null;
  /** The channel's reason when it refused the refund of a cancel (the cancel itself stands). */
  refusal: string | null;
  /** True when the channel did not answer: the refund stays processing and the sweep asks again. */
  unanswered: boolean;
}

/** An order paid outside the shop, or marked paid before the shop recorded amounts: no channel to return to. */
function paidOffline(order: PayableOrder): boolean {
  return order.payChannel === OFFLINE_PAY_CHANNEL || order.paidAmount === null || order.paidCurrency === null;
}

export interface RefundOrderDeps {
  db: Database;
  /** Refunds asked of the payment channel that took the order's payment (payment_refunds). */
  refunds?: PaymentRefundService;
  clock: Clock;
  /** Stock and sales counts belong to the inventory: a cancel gives the reservation back through it. */
  inventory: Pick<InventoryService, 'returnStock' | 'removeSales' | 'arrived'>;
  /** The goods exports show stock: the catalogue's version moves on once stock came back. */
  catalogue: Pick<CatalogueService, 'catalogueChanged'>;
  /** Money given back goes to the member's deposit. */
  deposits: Pick<DepositService, 'credit'>;
  /** Tells the member their order was cancelled or refunded (the messages module), in the same transaction. */
  notify: MemberNotifier;
  /** Writes the staff audit row of each cancel and refund, in its transaction (docs/decisions/019). */
  audit?: AuditRecorder;
  /** Finance hears of a refund the channel refused: the money waits to be returned another way (#31). */
  notifyStaff?: StaffNotifier;
  /**
   * An order paid on account (issue #38): the refund first reduces what its invoice still owes (the credit
   * module's credit note); only what the company had paid beyond that goes to the deposit.
   */
  creditNote?: (
    tx: Database,
    input: { orderId: number; amount: number; at: Date; by: AuditActor; reason: string },
  ) => Promise<{ credited: number; rest: number; invoiceNo: string } | null>;
  /**
   * A channel refund ended (confirmed, or refused, closed, abnormal), in the transaction that applies it: an
   * after-sales request waiting on it moves to refunded, or back to where it was (issue #39).
   */
  refundEnded?: (
    tx: Database,
    ended: { refundNo: string; success: boolean; message: string; at: Date },
  ) => Promise<void>;
}

export type RefundOrderFlow = ReturnType<typeof createRefundOrderFlow>;

/**
 * Giving a paid order's money back (operator commands order:cancel-paid and order:refund): each runs in one
 * transaction across the order, the catalogue's stock and the member's deposit, under the order's row lock.
 */
export function createRefundOrderFlow({
  db,
  clock,
  inventory,
  catalogue,
  deposits,
  notify,
  audit,
  refunds,
  notifyStaff = silentStaffNotifier,
  creditNote,
  refundEnded,
}: RefundOrderDeps) {
  const record = audit ?? (async () => {});

  /**
   * How much of a refund goes to the deposit: all of it, except for an order paid on account, whose invoice is
   * reduced first. `invoiced` is what its invoice no longer charges.
   */
  async function depositShare(
    tx: Database,
    order: PayableOrder,
    amount: number,
    by: AuditActor,
    reason: string,
  ): Promise<{ toDeposit: number; invoiced: number; invoiceNo: string | null }> {
    if (order.payChannel !== ON_ACCOUNT_CODE || !creditNote || amount === 0)
      return { toDeposit: amount, invoiced: 0, invoiceNo: null };
    const note = await creditNote(tx, { orderId: order.id, amount, at: clock(), by, reason });
    return note
      ? { toDeposit: note.rest, invoiced: note.credited, invoiceNo: note.invoiceNo }
      : { toDeposit: amount, invoiced: 0, invoiceNo: null };
  }

  /** The member's message of where a refund went: the deposit, and an on-account invoice reduced. */
  function whereItWent(
    share: { toDeposit: number; invoiced: number; invoiceNo: string | null },
    currency: Currency,
  ) {
    const parts = [
      share.invoiced > 0 ? `公司账单 ${share.invoiceNo} 已冲减 ${formatPrice(share.invoiced, currency)}` : '',
      share.toDeposit > 0 ? `${formatPrice(share.toDeposit, currency)} 已退回账户余额` : '',
    ].filter(Boolean);
    return parts.join('，');
  }

  /** The channel an order's money goes back through, or null for the deposit. */
  const channelFor = (tx: Database, order: PayableOrder): Promise<RefundChannel | null> =>
    refunds && !paidOffline(order) ? refunds.channelFor(tx, order.id) : Promise.resolve(null);

  /** Reserves a channel refund of the locked order: refunding grows, a processing row is written. */
  async function reserve(
    tx: Database,
    order: PayableOrder,
    channel: RefundChannel,
    input: { amount: number; reason: string; operator: string },
  ): Promise<PaymentRefundRow | null> {
    if (!refunds || !(await reserveRefunding(tx, order.id, input.amount))) return null;
    return refunds.reserve(tx, { channel, orderId: order.id, ...input });
  }

  type Outcome = 'applied' | 'duplicate' | 'rejected';

  /**
   * Applies where the channel says a reserved refund stands, under the order's then the refund's row lock (the
   * order that reserve takes them in): success adds it to the refunded amount and tells the member; closed,
   * abnormal or refused give the reservation back; processing only records the channel's number. A refund that
   * left 'processing' already is a duplicate and nothing changes.
   */
  async function apply(
    refundNo: string,
    state:
      | Pick<ChannelRefundState, 'status' | 'channelRefundNo' | 'amount' | 'message'>
      | {
          status: 'refused';
          message: string;
          channelRefundNo: null;
          amount: number;
        },
    by: AuditActor,
    executor?: Database,
  ): Promise<Outcome> {
    if (!refunds) return 'rejected';
    const run = async (tx: Database): Promise<Outcome> => {
      const found = await refunds.find(refundNo, tx);
      if (!found || found.orderId === null) return 'rejected';
      const order = await findOrderForPayment(tx, found.orderId, { lock: true });
      const row = await refunds.lock(tx, refundNo);
      if (!order || !row) return 'rejected';
      if (row.status !== 'processing') return 'duplicate';
      if (state.amount !== row.amount) return 'rejected';
      if (state.status === 'processing') {
        if (state.channelRefundNo && row.channelRefundNo === null)
          await refunds.setChannelRefundNo(tx, row.id, state.channelRefundNo);
        return 'applied';
      }
      const success = state.status === 'success';
      const after = await endRefunding(tx, order.id, row.amount, success);
      if (!after) throw new Error(`order ${order.orderNo} holds less in refund than ${row.refundNo}`);
      await refunds.end(tx, row.id, {
        status: state.status,
        channelRefundNo: state.channelRefundNo,
        message: state.message,
      });
      await refundEnded?.(tx, { refundNo: row.refundNo, success, message: state.message, at: clock() });
      const currency = row.currency as Currency;
      await record(tx, {
        by,
        action: success ? 'order.refundConfirmed' : 'order.refundFailed',
        objectType: 'order',
        objectId: order.orderNo,
        before: { refundedAmount: order.refundedAmount, refundingAmount: order.refundingAmount },
        after: {
          ...after,
          refundNo: row.refundNo,
          amount: row.amount,
          currency,
          status: state.status,
          ...(success ? {} : { channelMessage: state.message }),
        },
      });
      if (!success)
        await notifyStaff(tx, {
          permission: Permission.orderRefund,
          kind: 'staffRefund',
          params: { orderNo: order.orderNo, amount: formatPrice(row.amount, currency) },
        });
      if (success)
        await notify(tx, {
          memberId: order.memberId,
          type: MessageType.TradeLogistics,
          title: `订单 ${order.orderNo} 退款 ${formatPrice(row.amount, currency)} 已到账`,
          content: `订单 ${order.orderNo} 的退款 ${formatPrice(row.amount, currency)} 已原路退回您的付款账户${row.reason ? `（${row.reason}）` : ''}。`,
          link: `/order/${order.id}`,
          outside: {
            kind: 'refunded',
            params: { orderNo: order.orderNo, amount: formatPrice(row.amount, currency) },
          },
        });
      return 'applied';
    };
    return executor ? run(executor) : db.transaction(run);
  }

  /**
   * Asks the channel for a reserved refund, after the reservation committed (never under the order's lock), and
   * applies its answer. A refusal ends the refund with the channel's reason; a channel that did not answer leaves
   * it processing for the sweep, which asks again with the same refund number.
   */
  async function askChannel(
    row: PaymentRefundRow,
    by: AuditActor,
  ): Promise<{ refusal: string | null; unanswered: boolean }> {
    if (!refunds) return { refusal: null, unanswered: false };
    let state: ChannelRefundState;
    try {
      state = await refunds.ask(row);
    } catch (error) {
      if (!isRefusal(error)) return { refusal: null, unanswered: true };
      const message = error.channelMessage ?? '';
      await apply(
        row.refundNo,
        { status: 'refused', message, channelRefundNo: null, amount: row.amount },
        by,
      );
      return { refusal: message, unanswered: false };
    }
    await apply(row.refundNo, state, SYSTEM_ACTOR);
    return { refusal: null, unanswered: false };
  }

  /** The order's refund state now (after the channel's answer was applied). */
  async function stateAfter(orderId: number) {
    const order = await findOrderForPayment(db, orderId);
    return {
      refundState: order ? refundStateOf(order) : null,
      refundedTotal: order?.refundedAmount ?? 0,
    };
  }

  /** What a refund asks: an amount, or lines whose share of what was paid goes back; who and why. */
  interface RefundInput {
    /** Minor units; or `lines`, whose share of what was paid is refunded. */
    amount?: number | undefined;
    lines?: readonly RefundLine[] | undefined;
    by?: string | undefined;
    reason?: string | undefined;
    /** What the console showed as refunded and refunding (minor units). */
    refundedBefore?: number | undefined;
  }

  /**
   * The refund of an order the caller locked, in the caller's transaction: checked against what may still be
   * refunded, then given to the deposit (an on-account invoice first) or reserved with the payment channel. The
   * channel is asked by completeRefund, after the transaction commits.
   */
  async function refundLocked(tx: Database, actor: AuditActor, order: PayableOrder, input: RefundInput) {
    if (input.amount !== undefined && (!Number.isSafeInteger(input.amount) || input.amount <= 0))
      throw paramsError(RefundMessages.badAmount);
    if (input.amount === undefined && !input.lines) throw paramsError(RefundMessages.badAmount);
    const reason = (input.reason ?? '').trim();
    if (reason.length > 200) throw paramsError(RefundMessages.badNote);
    const operator = input.by ?? actor.actor;
    const orderNo = order.orderNo;
    if (order.status < OrderStatus.Paid && order.status !== OrderStatus.Cancelled)
      throw paramsError(RefundMessages.refundNotPaid(orderNo));
    if (paidOffline(order) || !order.paidCurrency || order.paidAmount === null)
      throw paramsError(
        order.status === OrderStatus.Cancelled
          ? RefundMessages.refundCancelled(orderNo)
          : RefundMessages.offlineRefund(orderNo),
      );
    const channel = await channelFor(tx, order);
    // A cancelled order is refunded only through its channel, when a refused cancel's refund left money there.
    if (order.status === OrderStatus.Cancelled && (!channel || refundableAmount(order) === 0))
      throw paramsError(RefundMessages.refundCancelled(orderNo));
    if (
      input.refundedBefore !== undefined &&
      input.refundedBefore !== order.refundedAmount + order.refundingAmount
    )
      throw paramsError(RefundMessages.refundedChanged(orderNo));
    let amount: number;
    if (input.amount !== undefined) amount = input.amount;
    else {
      try {
        amount = refundOfLines(
          {
            totalAmount: order.totalAmount,
            paidAmount: order.paidAmount,
            ...(await refundLinesOf(tx, order.id)),
          },
          input.lines ?? [],
        );
      } catch (error) {
        throw paramsError((error as Error).message);
      }
      if (amount <= 0) throw paramsError(RefundMessages.badAmount);
    }
    const refundable = refundableAmount(order);
    if (amount > refundable) throw paramsError(RefundMessages.refundTooMuch(refundable, order.paidCurrency));
    const lines = input.lines ? { lines: input.lines } : {};
    if (channel) {
      const reserved = await reserve(tx, order, channel, {
        amount,
        reason: reason || '订单退款',
        operator,
      });
      if (!reserved) throw paramsError(RefundMessages.refundTooMuch(refundable, order.paidCurrency));
      await record(tx, {
        by: actor,
        action: 'order.refund',
        objectType: 'order',
        objectId: orderNo,
        before: { refundedAmount: order.refundedAmount, refundingAmount: order.refundingAmount },
        after: {
          refundTo: 'channel',
          refundNo: reserved.refundNo,
          provider: reserved.provider,
          refunding: amount,
          currency: order.paidCurrency,
          reason,
          ...lines,
        },
      });
      return {
        order,
        amount,
        reserved,
        movement: null,
        refundedTotal: order.refundedAmount,
        way: 'channel' as const,
      };
    }
    const refundedTotal = await addRefund(tx, order.id, amount);
    if (refundedTotal === null)
      throw paramsError(RefundMessages.refundTooMuch(refundable, order.paidCurrency));
    const share = await depositShare(tx, order, amount, actor, reason);
    const movement =
      share.toDeposit > 0
        ? await deposits.credit(tx, {
            memberId: order.memberId,
            currency: order.paidCurrency,
            amount: share.toDeposit,
            type: DepositLogType.OrderRefund,
            orderId: order.id,
            note: `订单 ${orderNo} 退款${reason ? `：${reason}` : ''}`,
            operator,
          })
        : null;
    await record(tx, {
      by: actor,
      action: 'order.refund',
      objectType: 'order',
      objectId: orderNo,
      before: { refundedAmount: order.refundedAmount },
      after: {
        refundedAmount: refundedTotal,
        refunded: amount,
        currency: order.paidCurrency,
        reason,
        ...(share.invoiced > 0 ? { invoiced: share.invoiced, invoiceNo: share.invoiceNo } : {}),
        ...lines,
      },
    });
    await notify(tx, {
      memberId: order.memberId,
      type: MessageType.TradeLogistics,
      title: `订单 ${orderNo} 退款 ${formatPrice(amount, order.paidCurrency)}`,
      content:
        share.invoiced > 0
          ? `订单 ${orderNo} 退款 ${formatPrice(amount, order.paidCurrency)}：${whereItWent(share, order.paidCurrency)}${reason ? `（${reason}）` : ''}。`
          : `订单 ${orderNo} 的退款 ${formatPrice(amount, order.paidCurrency)} 已退回账户余额${reason ? `（${reason}）` : ''}。`,
      link: `/order/${order.id}`,
      outside: {
        kind: 'refunded',
        params: { orderNo, amount: formatPrice(amount, order.paidCurrency) },
      },
    });
    return {
      order,
      amount,
      reserved: null,
      movement,
      refundedTotal,
      way: share.invoiced > 0 ? ('account' as const) : ('deposit' as const),
    };
  }

  /** A committed refund's result: a channel refund is asked now and its answer applied. */
  async function completeRefund(
    actor: AuditActor,
    done: Awaited<ReturnType<typeof refundLocked>>,
  ): Promise<MoneyBackResult> {
    const orderNo = done.order.orderNo;
    const { order, amount, reserved } = done;
    const base = {
      orderNo,
      status: order.status,
      refunded: amount,
      currency: order.paidCurrency,
      paidAmount: order.paidAmount,
      stockLines: 0,
      refusal: null,
      unanswered: false,
    };
    if (!reserved)
      return {
        ...base,
        balanceAfter: done.movement?.balanceAfter ?? null,
        refundedTotal: done.refundedTotal,
        refundTo: 'deposit',
        refundNo: null,
        refundState: refundStateOf({ ...order, refundedAmount: done.refundedTotal }),
      };
    const asked = await askChannel(reserved, actor);
    // Refused: the reservation is given back and nothing else changed; staff read the channel's reason.
    if (asked.refusal !== null) throw paramsError(RefundMessages.channelRefused(asked.refusal));
    return {
      ...base,
      ...asked,
      balanceAfter: null,
      refundTo: 'channel',
      refundNo: reserved.refundNo,
      ...(await stateAfter(order.id)),
    };
  }

  return {
    /**
     * Cancels a paid order that has not shipped (operator order:cancel-paid; spec §3 'Deposit log' type 4):
     * in one transaction under the order's lock, the order and its packs become Cancelled, the reserved
     * stock goes back, the sales count drops by what the order added, and what was paid less what was refunded already returns to the member's deposit in
     * the currency it was paid in. Offline payments have no deposit to return to: refused unless `noRefund`
     * (the operator refunds outside the shop). A cancelled order is refused, so nothing happens twice.
     */
    async cancelPaid(
      actor: AuditActor,
      orderNo: string,
      options: { by?: string | undefined; reason?: string | undefined; noRefund?: boolean | undefined } = {},
    ): Promise<MoneyBackResult> {
      const reason = (options.reason ?? '').trim();
      if (reason.length > 200) throw paramsError(RefundMessages.badNote);
      const result = await db.transaction(async (tx) => {
        const order = await lockOrderForPaymentByNo(tx, orderNo);
        if (!order) throw notFoundError(RefundMessages.notFound(orderNo));
        if (order.status === OrderStatus.Cancelled)
          throw paramsError(RefundMessages.alreadyCancelled(orderNo));
        if (!PAID_NOT_SHIPPED.includes(order.status as OrderStatus))
          throw paramsError(RefundMessages.notPaidNotShipped(orderNo, order.status));
        if (
          (await packStatuses(tx, order.id)).some(
            (status) => !PAID_NOT_SHIPPED.includes(status as OrderStatus),
          )
        )
          throw paramsError(RefundMessages.packShipped(orderNo));
        const offline = paidOffline(order);
        if (offline && !options.noRefund) throw paramsError(RefundMessages.offlineCancel(orderNo));

        const channel = offline || options.noRefund ? null : await channelFor(tx, order);
        const left = offline || options.noRefund ? 0 : refundableAmount(order);
        // Through a channel the refunded amount grows only when the channel confirms (退款中 until then).
        const refund = channel ? 0 : left;
        const refundedTotal = order.refundedAmount + refund;
        if (!(await cancelPaidOrder(tx, { orderId: order.id, refundedAmount: refundedTotal, at: clock() })))
          throw paramsError(RefundMessages.notPaidNotShipped(orderNo, order.status));
        const released = await releaseOf(tx, order.id);
        await inventory.returnStock(released.stock, tx);
        await inventory.removeSales(released.sales, tx);
        let balanceAfter: number | null = null;
        // An order paid on account and cancelled without a refund still owes nothing: its invoice is reduced by
        // what it still owes, and what the company had paid is left to be returned outside the shop.
        const share =
          order.payChannel === ON_ACCOUNT_CODE && options.noRefund
            ? { ...(await depositShare(tx, order, refundableAmount(order), actor, reason)), toDeposit: 0 }
            : await depositShare(tx, order, refund, actor, reason);
        if (share.toDeposit > 0 && order.paidCurrency) {
          const movement = await deposits.credit(tx, {
            memberId: order.memberId,
            currency: order.paidCurrency,
            amount: share.toDeposit,
            type: DepositLogType.OrderCancel,
            orderId: order.id,
            note: `订单 ${orderNo} 取消${reason ? `：${reason}` : ''}`,
            operator: options.by ?? actor.actor,
          });
          balanceAfter = movement.balanceAfter;
        }
        const reserved =
          channel && left > 0
            ? await reserve(tx, order, channel, {
                amount: left,
                reason: reason || '订单取消',
                operator: options.by ?? actor.actor,
              })
            : null;
        if (channel && left > 0 && !reserved) throw paramsError(RefundMessages.refundedChanged(orderNo));
        await record(tx, {
          by: actor,
          action: 'order.cancelPaid',
          objectType: 'order',
          objectId: orderNo,
          before: { status: order.status, refundedAmount: order.refundedAmount },
          after: {
            status: OrderStatus.Cancelled,
            refundedAmount: refundedTotal,
            refunded: refund,
            currency: order.paidCurrency,
            reason,
            ...(share.invoiced > 0 ? { invoiced: share.invoiced, invoiceNo: share.invoiceNo } : {}),
            ...(reserved
              ? {
                  refundTo: 'channel',
                  refundNo: reserved.refundNo,
                  refunding: reserved.amount,
                  provider: reserved.provider,
                }
              : {}),
          },
        });
        const paidBack =
          order.paidCurrency && reserved
            ? `，已付款项 ${formatPrice(reserved.amount, order.paidCurrency)} 将原路退回您的付款账户，到账后另行通知。`
            : refund > 0 && order.paidCurrency
              ? share.invoiced > 0
                ? `，${whereItWent(share, order.paidCurrency)}。`
                : `，已付款项 ${formatPrice(refund, order.paidCurrency)} 已退回账户余额。`
              : '。';
        await notify(tx, {
          memberId: order.memberId,
          type: MessageType.TradeLogistics,
          title: `订单 ${orderNo} 已取消`,
          content: `订单 ${orderNo} 已由商城取消${reason ? `（${reason}）` : ''}${paidBack}`,
          link: `/order/${order.id}`,
          outside: { kind: 'cancelled', params: { orderNo } },
        });
        return {
          orderId: order.id,
          reserved,
          returned: released.stock.map((l) => l.skuId),
          result: {
            orderNo,
            status: OrderStatus.Cancelled,
            refunded: reserved ? reserved.amount : refund,
            currency: order.paidCurrency,
            balanceAfter,
            refundedTotal,
            paidAmount: order.paidAmount,
            stockLines: released.stock.length,
            refundTo: reserved ? ('channel' as const) : refund > 0 ? ('deposit' as const) : null,
            refundNo: reserved?.refundNo ?? null,
            refundState: refundStateOf({
              paidAmount: order.paidAmount,
              refundedAmount: refundedTotal,
              refundingAmount: order.refundingAmount + (reserved?.amount ?? 0),
            }),
            refusal: null,
            unanswered: false,
          } satisfies MoneyBackResult,
        };
      });
      // The stock given back is committed: the goods exports must show it (see catalogueChanged), and it serves
      // the pre-orders waiting for it (issue #39).
      await catalogue.catalogueChanged();
      await inventory.arrived([...new Set(result.returned)], actor);
      if (!result.reserved) return result.result;
      const asked = await askChannel(result.reserved, actor);
      return { ...result.result, ...asked, ...(await stateAfter(result.orderId)) };
    },

    /**
     * Refunds part or all of a paid order to the member's deposit (operator order:refund; spec §3 'Deposit
     * log' type 5), in the currency it was paid in: any status from Paid on, not cancelled, and never more
     * in all than was paid ('退款金额超过可退金额'). The order's row lock serializes refunds and cancels.
     * `refundedBefore` (the console sends the total it showed) makes a repeated submission refund once: under
     * the lock, a total that moved since means the first submission already went through.
     */
    async refund(actor: AuditActor, orderNo: string, input: RefundInput): Promise<MoneyBackResult> {
      const done = await db.transaction(async (tx) => {
        const order = await lockOrderForPaymentByNo(tx, orderNo);
        if (!order) throw notFoundError(RefundMessages.notFound(orderNo));
        return refundLocked(tx, actor, order, input);
      });
      return completeRefund(actor, done);
    },

    refundLocked,
    completeRefund,

    /**
     * A refund's state a channel reported in its pay notify (Stripe's refund events), verified by the caller: applied
     * like a refund notify in the caller's transaction, for a refund this provider holds. Whether it changed.
     */
    async applyNotifiedState(
      tx: Database,
      providerName: string,
      state: ChannelRefundState,
    ): Promise<boolean> {
      const row = refunds ? await refunds.find(state.refundNo, tx) : null;
      if (!row || row.provider !== providerName) return false;
      return (await apply(state.refundNo, state, SYSTEM_ACTOR, tx)) === 'applied';
    },

    /**
     * A channel's refund notify (REFUND.SUCCESS …): verified over its raw body, matched to the refund by its
     * number, trade and amount, applied under the order's lock and recorded in payment_notifies in the same
     * transaction. A repeat finds the refund ended and changes nothing.
     */
    async handleRefundNotify(
      providerName: string,
      rawBody: Buffer,
      headers: NotifyHeaders,
      clientAddress = '',
    ): Promise<{ accepted: boolean; outcome: string; refundNo: string }> {
      if (!refunds) return { accepted: false, outcome: 'rejected', refundNo: '' };
      const verified = await refunds.verifyNotify(providerName, rawBody, headers, clientAddress);
      if (!verified.ok) return { accepted: false, outcome: 'rejected', refundNo: '' };
      const { payload } = verified;
      const row = await refunds.find(payload.refundNo);
      const tradeNo = row ? await refunds.tradeNoOf(row) : null;
      return db.transaction(async (tx) => {
        let outcome: Outcome = 'rejected';
        let reason = '退款单不存在或与通知不符';
        if (row && row.provider === providerName && tradeNo === payload.tradeNo) {
          outcome = await apply(
            payload.refundNo,
            { ...payload, message: `REFUND.${payload.status.toUpperCase()}` },
            SYSTEM_ACTOR,
            tx,
          );
          reason =
            outcome === 'duplicate'
              ? `退款已是 ${row.status}`
              : outcome === 'rejected'
                ? '退款金额与通知不符'
                : '';
        }
        const recorded = outcome === 'applied' ? `refund-${payload.status}` : outcome;
        await refunds.recordNotify(tx, providerName, rawBody, { outcome: recorded, reason }, payload);
        return { accepted: outcome !== 'rejected', outcome: recorded, refundNo: payload.refundNo };
      });
    },

    /** The answer the channel expects to its refund notify (its own shape, or the plain SUCCESS/FAIL text). */
    acknowledgement(
      providerName: string,
      outcome: 'accepted' | 'rejected' | 'error',
      reason = '',
    ): NotifyAcknowledgement {
      const provider = refunds?.provider(providerName);
      return provider?.acknowledge ? provider.acknowledge(outcome, reason) : plainAcknowledgement(outcome);
    },

    /**
     * The background sweep (app.ts, every minute): each refund still processing a minute after it was reserved is
     * asked again with the same refund number when the channel never acknowledged it (a crash or a lost answer
     * between reserve and call; channels treat the number idempotently), else queried; the answer is applied as a
     * notify would be. One refund's failure does not stop the others. Returns how many it ended.
     */
    async sweep(onError: (error: unknown, refundNo: string) => void = () => {}): Promise<number> {
      if (!refunds) return 0;
      let ended = 0;
      for (const row of await refunds.listOpen()) {
        try {
          let state: Parameters<typeof apply>[1];
          try {
            state = row.channelRefundNo === null ? await refunds.ask(row) : await refunds.query(row);
          } catch (error) {
            if (!isRefusal(error) || row.channelRefundNo !== null) throw error;
            state = {
              status: 'refused',
              message: error.channelMessage ?? '',
              channelRefundNo: null,
              amount: row.amount,
            };
          }
          const tradeNo = (await refunds.tradeNoOf(row)) ?? '';
          const outcome = await db.transaction(async (tx) => {
            const applied = await apply(row.refundNo, state, SYSTEM_ACTOR, tx);
            await refunds.recordNotify(
              tx,
              row.provider,
              Buffer.from(JSON.stringify({ query: state })),
              { outcome: applied === 'applied' ? `refund-${state.status}` : applied, reason: '主动查询' },
              { tradeNo, channelRefundNo: state.channelRefundNo },
            );
            return applied;
          });
          if (outcome === 'applied' && state.status !== 'processing') ended += 1;
        } catch (error) {
          onError(error, row.refundNo);
        }
      }
      return ended;
    },
  };
}
