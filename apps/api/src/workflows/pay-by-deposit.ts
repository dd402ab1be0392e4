import {
  type Currency,
  canPayOrderIn,
  DepositLogType,
  DepositPayCode,
  formatPrice,
  MessageType,
  OrderStatus,
  orderPayCurrencyMessage,
  toMajor,
  toMinor,
} from '@shop/domain';
import type { Database } from '../db/client';
import { notFoundError, paramsError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import type { MemberNotifier } from '../lib/member-notice';
import { NO_COUNTERS, type ShopCounters } from '../lib/metrics';
import type { DepositService } from '../modules/deposit';
import { amountDueIn, findOrderForPayment, markOrderPaid } from '../modules/order';
import type { RateService } from '../modules/rate';
import type { AuthContext } from '../plugins/auth';

export const PayByDepositMessages = {
  orderNotFound: '订单不存在',
  orderPaid: '订单已支付，请勿重复付款',
  orderCancelled: '订单已取消，不能付款',
  orderNotPayable: '当前订单状态不能付款',
  priceChanged: '应付金额已变化，请刷新后重试',
  methodOff: '该余额支付方式暂不可用，请选择其他支付方式',
} as const;

export interface PayByDepositDeps {
  db: Database;
  clock: Clock;
  deposits: Pick<DepositService, 'debit'>;
  /** The stored AUD→CNY rate converts an order's total when it is paid from the other currency's deposit. */
  rates: Pick<RateService, 'audCny'>;
  /** Whether the operator offers a payment method (DepositPay, DepositPayAUD) at the moment. */
  methodEnabled: (code: string) => Promise<boolean>;
  /** Tells the member the order is paid (the messages module), in the payment's transaction. */
  notify: MemberNotifier;
  /** Settled payments are counted for the metrics (GET /metrics). */
  counters?: Pick<ShopCounters, 'paymentSettled'>;
}

export type PayByDepositFlow = ReturnType<typeof createPayByDepositFlow>;

/**
 * Paying an order from the deposit balance (spec §7 memberdeposit/payByDeposit/, §4 'Payment by channel'), one
 * transaction across the order and the deposit ledger.
 */
export function createPayByDepositFlow({
  db,
  clock,
  deposits,
  rates,
  methodEnabled,
  notify,
  counters = NO_COUNTERS,
}: PayByDepositDeps) {
  return {
    /**
     * Under the order's row lock: the order must be payable in the chosen currency (a CNY order is not paid
     * from the AUD deposit, ADR 013); the amount due is the order's total in it (converted with the stored
     * rate) and must be the amount the shopper agreed to; the deposit is debited only if it covers it
     * (type 3, once per order) and the order becomes Paid. Anything refused rolls back, so nothing is charged; a
     * repeated request finds the order paid and is refused.
     */
    async payByDeposit(auth: AuthContext, input: { orderId: number; currency: Currency; deposit: number }) {
      if (!(await methodEnabled(DepositPayCode[input.currency])))
        throw paramsError(PayByDepositMessages.methodOff);
      const paid = await db.transaction(async (tx) => {
        const order = await findOrderForPayment(tx, input.orderId, { memberId: auth.memberId, lock: true });
        if (!order) throw notFoundError(PayByDepositMessages.orderNotFound);
        if (order.status !== OrderStatus.NotPaid) {
          const message =
            order.status === OrderStatus.Cancelled
              ? PayByDepositMessages.orderCancelled
              : order.status >= OrderStatus.Paid
                ? PayByDepositMessages.orderPaid
                : PayByDepositMessages.orderNotPayable;
          throw paramsError(message, { status: order.status });
        }
        if (!canPayOrderIn(order.currency, input.currency))
          throw paramsError(orderPayCurrencyMessage(order.currency, input.currency), {
            currency: order.currency,
          });
        const due = await amountDueIn(order, input.currency, async () => (await rates.audCny(tx)).rate);
        if (toMinor(input.deposit) !== due)
          throw paramsError(PayByDepositMessages.priceChanged, {
            price: toMajor(due),
            currency: input.currency,
          });
        const movement = await deposits.debit(tx, {
          memberId: auth.memberId,
          currency: input.currency,
          amount: due,
          type: DepositLogType.OrderPayment,
          orderId: order.id,
          note: `订单 ${order.orderNo}`,
        });
        const marked = await markOrderPaid(tx, {
          orderId: order.id,
          payChannel: DepositPayCode[input.currency],
          paidCurrency: input.currency,
          paidAmount: due,
          at: clock(),
        });
        // Unreachable while the row lock holds; refusing keeps the debit from committing without the order.
        if (!marked) throw paramsError(PayByDepositMessages.orderPaid);
        await notify(tx, {
          memberId: auth.memberId,
          type: MessageType.TradeLogistics,
          title: `订单 ${order.orderNo} 已付款`,
          content: `订单 ${order.orderNo} 已用余额支付 ${formatPrice(due, input.currency)}，我们将尽快安排发货。`,
          link: `/order/${order.id}`,
          outside: { kind: 'paid', params: { orderNo: order.orderNo } },
        });
        return {
          orderId: order.id,
          orderNo: order.orderNo,
          status: OrderStatus.Paid,
          currency: input.currency,
          paid: toMajor(due),
          balance: toMajor(movement.balanceAfter),
        };
      });
      counters.paymentSettled('deposit');
      return paid;
    },
  };
}
