import {
  type Currency,
  DepositLogType,
  formatPrice,
  OrderStatus,
  orderStatusLabel,
  ResultCode,
} from '@shop/domain';
import type { Database } from '../db/client';
import { AppError, notFoundError } from '../lib/app-error';
import type { AuditActor, AuditRecorder } from '../lib/audit';
import type { Clock } from '../lib/clock';
import type { MemberNotifier } from '../lib/member-notice';
import type { CatalogueService } from '../modules/catalogue/catalogue.service';
import type { DepositService } from '../modules/deposit/deposit.service';
import {
  addRefund,
  cancelPaidOrder,
  lockOrderForPaymentByNo,
  OFFLINE_PAY_CHANNEL,
  PAID_NOT_SHIPPED,
  type PayableOrder,
  packStatuses,
  releaseOf,
} from '../modules/order/order.payment';

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
} as const;

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

export interface RefundOrderDeps {
  db: Database;
  clock: Clock;
  /** Stock and sales counts belong to the catalogue: a cancel gives the reservation back through it. */
  catalogue: Pick<CatalogueService, 'returnStock' | 'removeSales' | 'catalogueChanged'>;
  /** Money given back goes to the member's deposit. */
  deposits: Pick<DepositService, 'credit'>;
  /** Tells the member their order was cancelled or refunded (the messages module), in the same transaction. */
  notify: MemberNotifier;
  /** Writes the staff audit row of each cancel and refund, in its transaction (docs/decisions/019). */
  audit?: AuditRecorder;
}

export type RefundOrderFlow = ReturnType<typeof createRefundOrderFlow>;

const paramsError = (message: string) => new AppError(ResultCode.ParamsError, message);

/**
 * Giving a paid order's money back (operator commands order:cancel-paid and order:refund): each runs in one
 * transaction across the order, the catalogue's stock and the member's deposit, under the order's row lock.
 */
export function createRefundOrderFlow({ db, clock, catalogue, deposits, notify, audit }: RefundOrderDeps) {
  const record = audit ?? (async () => {});
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

        const refund = offline || options.noRefund ? 0 : (order.paidAmount ?? 0) - order.refundedAmount;
        const refundedTotal = order.refundedAmount + refund;
        if (!(await cancelPaidOrder(tx, { orderId: order.id, refundedAmount: refundedTotal, at: clock() })))
          throw paramsError(RefundMessages.notPaidNotShipped(orderNo, order.status));
        const released = await releaseOf(tx, order.id);
        await catalogue.returnStock(released.stock, tx);
        await catalogue.removeSales(released.sales, tx);
        let balanceAfter: number | null = null;
        if (refund > 0 && order.paidCurrency) {
          const movement = await deposits.credit(tx, {
            memberId: order.memberId,
            currency: order.paidCurrency,
            amount: refund,
            type: DepositLogType.OrderCancel,
            orderId: order.id,
            note: `订单 ${orderNo} 取消${reason ? `：${reason}` : ''}`,
            operator: options.by ?? actor.actor,
          });
          balanceAfter = movement.balanceAfter;
        }
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
          },
        });
        await notify(tx, {
          memberId: order.memberId,
          type: 2,
          title: `订单 ${orderNo} 已取消`,
          content:
            `订单 ${orderNo} 已由商城取消${reason ? `（${reason}）` : ''}` +
            (refund > 0 && order.paidCurrency
              ? `，已付款项 ${formatPrice(refund, order.paidCurrency)} 已退回账户余额。`
              : '。'),
          link: `/order/${order.id}`,
        });
        return {
          orderNo,
          status: OrderStatus.Cancelled,
          refunded: refund,
          currency: order.paidCurrency,
          balanceAfter,
          refundedTotal,
          paidAmount: order.paidAmount,
          stockLines: released.stock.length,
        };
      });
      // The stock given back is committed: the goods exports must show it (see catalogueChanged).
      await catalogue.catalogueChanged();
      return result;
    },

    /**
     * Refunds part or all of a paid order to the member's deposit (operator order:refund; spec §3 'Deposit
     * log' type 5), in the currency it was paid in: any status from Paid on, not cancelled, and never more
     * in all than was paid ('退款金额超过可退金额'). The order's row lock serializes refunds and cancels.
     * `refundedBefore` (the console sends the total it showed) makes a repeated submission refund once: under
     * the lock, a total that moved since means the first submission already went through.
     */
    async refund(
      actor: AuditActor,
      orderNo: string,
      input: {
        amount: number;
        by?: string | undefined;
        reason?: string | undefined;
        refundedBefore?: number | undefined;
      },
    ): Promise<MoneyBackResult> {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
        throw paramsError(RefundMessages.badAmount);
      const reason = (input.reason ?? '').trim();
      if (reason.length > 200) throw paramsError(RefundMessages.badNote);
      return db.transaction(async (tx) => {
        const order = await lockOrderForPaymentByNo(tx, orderNo);
        if (!order) throw notFoundError(RefundMessages.notFound(orderNo));
        if (order.status === OrderStatus.Cancelled)
          throw paramsError(RefundMessages.refundCancelled(orderNo));
        if (order.status < OrderStatus.Paid) throw paramsError(RefundMessages.refundNotPaid(orderNo));
        if (paidOffline(order) || !order.paidCurrency || order.paidAmount === null)
          throw paramsError(RefundMessages.offlineRefund(orderNo));
        if (input.refundedBefore !== undefined && input.refundedBefore !== order.refundedAmount)
          throw paramsError(RefundMessages.refundedChanged(orderNo));
        const refundable = order.paidAmount - order.refundedAmount;
        if (input.amount > refundable)
          throw paramsError(RefundMessages.refundTooMuch(refundable, order.paidCurrency));
        const refundedTotal = await addRefund(tx, order.id, input.amount);
        if (refundedTotal === null)
          throw paramsError(RefundMessages.refundTooMuch(refundable, order.paidCurrency));
        const movement = await deposits.credit(tx, {
          memberId: order.memberId,
          currency: order.paidCurrency,
          amount: input.amount,
          type: DepositLogType.OrderRefund,
          orderId: order.id,
          note: `订单 ${orderNo} 退款${reason ? `：${reason}` : ''}`,
          operator: input.by ?? actor.actor,
        });
        await record(tx, {
          by: actor,
          action: 'order.refund',
          objectType: 'order',
          objectId: orderNo,
          before: { refundedAmount: order.refundedAmount },
          after: {
            refundedAmount: refundedTotal,
            refunded: input.amount,
            currency: order.paidCurrency,
            reason,
          },
        });
        await notify(tx, {
          memberId: order.memberId,
          type: 2,
          title: `订单 ${orderNo} 退款 ${formatPrice(input.amount, order.paidCurrency)}`,
          content: `订单 ${orderNo} 的退款 ${formatPrice(input.amount, order.paidCurrency)} 已退回账户余额${reason ? `（${reason}）` : ''}。`,
          link: `/order/${order.id}`,
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
  };
}
