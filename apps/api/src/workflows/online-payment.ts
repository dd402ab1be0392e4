import {
  type Currency,
  canPayOrderIn,
  LOGIN_EXPIRED_MESSAGE,
  OrderStatus,
  orderPayCurrencyMessage,
  PaymentKind,
  type PayStart,
  PayStatus,
  type PayStatusResult,
  ResultCode,
  toMajor,
  toMinor,
} from '@shop/domain';
import type { Database } from '../db/client';
import { AppError, notFoundError, paramsError } from '../lib/app-error';
import type { DepositService } from '../modules/deposit';
import { amountDueIn, findOrderForPayment, type PayableOrder } from '../modules/order';
import { type OnlineMethod, PaymentMessages, type PaymentService } from '../modules/payment';
import type { RateService } from '../modules/rate';
import type { AuthContext } from '../plugins/auth';

export interface OnlinePaymentDeps {
  db: Database;
  payments: PaymentService;
  deposits: Pick<DepositService, 'openOnlineRecharge' | 'findRecharge'>;
  rates: Pick<RateService, 'audCny'>;
  /**
   * Asks a pending payment's channel where it stands and settles what it says (settle-payment.ts reconcile):
   * the poll's stand-in for a notify that has not come. Absent, the poll only reads the shop's own state.
   */
  reconcile?: (payment: Parameters<PaymentService['statusOf']>[0]) => Promise<unknown>;
}

export type OnlinePaymentFlow = ReturnType<typeof createOnlinePaymentFlow>;

/** Refuses an order that cannot be paid now (spec §4 'Order status': only NotPaid 0 is paid). */
function assertPayable(order: PayableOrder): void {
  if (order.status === OrderStatus.NotPaid && order.paidAt === null) return;
  const message =
    order.paidAt !== null || order.status >= OrderStatus.Paid
      ? PaymentMessages.orderPaid
      : order.status === OrderStatus.Cancelled
        ? PaymentMessages.orderCancelled
        : PaymentMessages.orderNotPayable;
  throw paramsError(message, { status: order.status });
}

/**
 * Paying online (spec §7 'Payment' payBySyb/, supayParam/, findPayStatus/, ratePrice/; §4 'Payment by channel'):
 * the order's amount due in the method's currency, the payment and its trade at the channel, a recharge of the
 * deposit, and the status the storefront waits on. The channel's notify settles it (settle-payment.ts).
 */
export function createOnlinePaymentFlow({ db, payments, deposits, rates, reconcile }: OnlinePaymentDeps) {
  type PaymentRow = Parameters<PaymentService['statusOf']>[0];
  /**
   * The payment as it stands, after asking its channel when the shop has heard nothing yet and the channel can
   * be asked (at most once per trade every few seconds, whoever polls). A channel that cannot be reached leaves
   * it pending: the background sweep asks again.
   */
  async function fresh(payment: PaymentRow): Promise<PaymentRow> {
    if (!reconcile || payment.status !== PayStatus.Pending) return payment;
    if (!payments.provider(payment.provider)?.queryTrade || !(await payments.mayQuery(payment.tradeNo)))
      return payment;
    try {
      await reconcile(payment);
    } catch {
      return payment;
    }
    return (await payments.findMemberPayment(payment.memberId, payment.tradeNo)) ?? payment;
  }

  /**
   * Starts paying the member's unpaid order with an online method: the amount is the order's total in the
   * method's currency (stored rate); a method of a currency the order cannot be paid in (a CNY order and an
   * AUD method, ADR 013) is refused. Under the order's row lock, a pending payment of the same method and amount
   * younger than 30 minutes is handed out again, so a double click opens one trade.
   */
  async function startOrderPayment(
    auth: AuthContext,
    method: OnlineMethod,
    orderId: number,
    scene: 'PC' | 'H5',
  ): Promise<PayStart> {
    const currency = method.config.currency as Currency;
    const { payment, orderNo, reused } = await db.transaction(async (tx) => {
      const order = await findOrderForPayment(tx, orderId, { memberId: auth.memberId, lock: true });
      if (!order) throw notFoundError(PaymentMessages.orderNotFound);
      assertPayable(order);
      if (!canPayOrderIn(order.currency, currency))
        throw paramsError(orderPayCurrencyMessage(order.currency, currency), { currency: order.currency });
      const amount = await amountDueIn(order, currency, async () => (await rates.audCny(tx)).rate);
      if (amount <= 0) throw paramsError(PaymentMessages.zeroAmount);
      const reusable = await payments.findReusable(tx, {
        memberId: auth.memberId,
        orderId,
        configId: method.config.id,
        amount,
      });
      if (reusable) return { payment: reusable, orderNo: order.orderNo, reused: true };
      const opened = await payments.open(tx, {
        memberId: auth.memberId,
        method,
        amount,
        purpose: 'order',
        orderId,
      });
      return { payment: opened, orderNo: order.orderNo, reused: false };
    });
    const start = await payments.startAtChannel(method, payment, `订单 ${orderNo}`, scene);
    if (!reused) await payments.closeSuperseded(payment);
    return start;
  }

  /**
   * Starts an online recharge of the deposit (type 7): the recharge and its payment are written in one
   * transaction; the deposit is credited only when the channel's notify says it was paid.
   */
  async function startRecharge(auth: AuthContext, method: OnlineMethod, amount: number): Promise<PayStart> {
    const currency = method.config.currency as Currency;
    const { payment, rechargeNo } = await db.transaction(async (tx) => {
      await payments.lockMemberRecharges(tx, auth.memberId);
      const reusable = await payments.findReusable(tx, {
        memberId: auth.memberId,
        orderId: null,
        configId: method.config.id,
        amount,
      });
      if (reusable?.rechargeId) {
        const recharge = await deposits.findRecharge(reusable.rechargeId, tx);
        if (recharge?.status === 'pending') return { payment: reusable, rechargeNo: recharge.rechargeNo };
      }
      const recharge = await deposits.openOnlineRecharge(tx, { memberId: auth.memberId, currency, amount });
      const opened = await payments.open(tx, {
        memberId: auth.memberId,
        method,
        amount,
        purpose: 'recharge',
        rechargeId: recharge.rechargeId,
      });
      return { payment: opened, rechargeNo: recharge.rechargeNo };
    });
    return payments.startAtChannel(method, payment, `账户充值 ${rechargeNo}`, 'PC');
  }

  /** The status of one payment, with the numbers of the order or recharge it pays. */
  async function statusOf(payment: Parameters<PaymentService['statusOf']>[0]): Promise<PayStatusResult> {
    const [order, recharge] = await Promise.all([
      payment.orderId === null ? null : findOrderForPayment(db, payment.orderId),
      payment.rechargeId === null ? null : deposits.findRecharge(payment.rechargeId),
    ]);
    return payments.statusOf(payment, {
      orderNo: order?.orderNo ?? null,
      rechargeNo: recharge?.rechargeNo ?? null,
    });
  }

  return {
    /**
     * The exchange rate (spec §7 ratePrice/) and, with an orderId, the member's order's amount due in the chosen
     * currency (the order's own when none is chosen), converted with that rate. The order needs login.
     */
    async ratePrice(auth: AuthContext | null, input: { orderId?: number | undefined; currency?: Currency }) {
      const rate = await rates.audCny();
      if (input.orderId === undefined) return rate;
      if (!auth) throw new AppError(ResultCode.InvalidToken, LOGIN_EXPIRED_MESSAGE);
      const order = await findOrderForPayment(db, input.orderId, { memberId: auth.memberId });
      if (!order) throw notFoundError(PaymentMessages.orderNotFound);
      const currency = input.currency ?? order.currency;
      return {
        ...rate,
        order: {
          orderId: order.id,
          orderNo: order.orderNo,
          orderCurrency: order.currency,
          orderPrice: toMajor(order.totalAmount),
          currency,
          price: toMajor(await amountDueIn(order, currency, async () => rate.rate)),
        },
      };
    },

    /** Pays the member's order through the A01 or W01 cashier (spec §7 payBySyb/, §9 payment type codes). */
    async payBySyb(
      auth: AuthContext,
      input: { orderId: number; type: string; paymentType: 'PC' | 'H5' },
    ): Promise<PayStart> {
      const method = await payments.method({ code: input.type }, { recharge: false, kind: PaymentKind.Syb });
      return startOrderPayment(auth, method, input.orderId, input.paymentType);
    },

    /**
     * Pays the member's order, or recharges their deposit, with any online method (spec §7 supayParam/, §4
     * 'Payment by channel'): a form to post to the bridge (supay), a proxy to call (supay_proxy) or a cashier
     * page (syb).
     */
    async supayParam(
      auth: AuthContext,
      input: {
        orderId?: number | undefined;
        type?: 'order' | 'recharge' | undefined;
        money?: number | undefined;
        methodId: number;
      },
    ): Promise<PayStart> {
      const recharge = input.type === 'recharge';
      const method = await payments.method({ id: input.methodId }, { recharge });
      if (recharge) return startRecharge(auth, method, toMinor(input.money ?? 0));
      return startOrderPayment(auth, method, input.orderId ?? 0, 'PC');
    },

    /**
     * The status of the member's payment (spec §7 findPayStatus/): by trade number, or by order, where an order
     * that is paid (whatever paid it) answers paid, else its latest payment decides, else it is pending.
     * Cancelled and failed payments answer success with that status and their code in `failure` (spec §8
     * PayCancel, PayFailed): an expected outcome, not an error.
     */
    async payStatus(
      auth: AuthContext,
      input: { tradeNo?: string | undefined; orderId?: number | undefined },
    ): Promise<PayStatusResult> {
      if (input.tradeNo !== undefined) {
        const payment = await payments.findMemberPayment(auth.memberId, input.tradeNo);
        if (!payment || (input.orderId !== undefined && payment.orderId !== input.orderId))
          throw notFoundError(PaymentMessages.tradeNotFound);
        return statusOf(await fresh(payment));
      }
      let order = await findOrderForPayment(db, input.orderId ?? 0, { memberId: auth.memberId });
      if (!order) throw notFoundError(PaymentMessages.orderNotFound);
      let deciding = await payments.findDecidingOrderPayment(order.id);
      if (order.paidAt === null && deciding?.status === PayStatus.Pending) {
        const now = await fresh(deciding);
        if (now.status !== PayStatus.Pending) {
          order = (await findOrderForPayment(db, order.id, { memberId: auth.memberId })) ?? order;
          deciding = await payments.findDecidingOrderPayment(order.id);
        }
      }
      const base = {
        purpose: 'order' as const,
        orderId: order.id,
        orderNo: order.orderNo,
        rechargeNo: null,
      };
      if (order.paidAt !== null) {
        const byPayment = deciding?.settlement === 'order' ? deciding : null;
        return {
          ...base,
          status: PayStatus.Paid,
          tradeNo: byPayment?.tradeNo ?? null,
          currency: order.paidCurrency ?? order.currency,
          amount: toMajor(order.paidAmount ?? order.totalAmount),
          paidAt: order.paidAt.toISOString(),
          settlement: 'order',
        };
      }
      if (deciding?.status === PayStatus.Cancelled || deciding?.status === PayStatus.Failed)
        return statusOf(deciding);
      if (order.status === OrderStatus.Cancelled)
        throw paramsError(
          deciding?.status === PayStatus.Paid
            ? PaymentMessages.orderCancelledRefunded
            : PaymentMessages.orderCancelled,
          { status: order.status },
        );
      return {
        ...base,
        status: PayStatus.Pending,
        tradeNo: deciding?.tradeNo ?? null,
        currency: (deciding?.currency as Currency | undefined) ?? order.currency,
        amount: toMajor(deciding?.amount ?? order.totalAmount),
        paidAt: null,
        settlement: null,
      };
    },
  };
}
