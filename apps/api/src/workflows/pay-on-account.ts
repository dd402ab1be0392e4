import {
  CreditMessages,
  formatPrice,
  MessageType,
  ON_ACCOUNT_CODE,
  OrderStatus,
  type PayOnAccountResponse,
  ResultCode,
  toMajor,
} from '@shop/domain';
import type { Database } from '../db/client';
import { AppError, notFoundError, paramsError } from '../lib/app-error';
import type { AuditRecorder } from '../lib/audit';
import type { Clock } from '../lib/clock';
import type { MemberNotifier } from '../lib/member-notice';
import { NO_COUNTERS, type ShopCounters } from '../lib/metrics';
import { lockBuyer, memberActor } from '../modules/company';
import { type CreditMembership, chargeOnAccount } from '../modules/credit';
import { findOrderForPayment, markOrderPaid } from '../modules/order';
import type { AuthContext } from '../plugins/auth';

export interface PayOnAccountDeps {
  db: Database;
  clock: Clock;
  /** The caller's company and role, read afresh (the company module). */
  membership: CreditMembership;
  /** Whether the operator offers OnAccount at the moment. */
  methodEnabled: (code: string) => Promise<boolean>;
  notify: MemberNotifier;
  audit: AuditRecorder;
  counters?: Pick<ShopCounters, 'paymentSettled'>;
}

export type PayOnAccountFlow = ReturnType<typeof createPayOnAccountFlow>;

/**
 * Paying an order on account (issue #38 part 3, docs/decisions/055): one transaction across the order and the
 * company's credit. The order moves to Paid 60 (so fulfilment is unchanged), its invoice falls due at the terms.
 */
export function createPayOnAccountFlow({
  db,
  clock,
  membership,
  methodEnabled,
  notify,
  audit,
  counters = NO_COUNTERS,
}: PayOnAccountDeps) {
  return {
    /**
     * Under the order's row lock: the order must be the caller's, unpaid, and placed for their current company;
     * the credit is taken with one conditional statement (never below zero, never past an overdue invoice); the
     * order becomes Paid. Anything refused rolls back, so nothing is charged; a repeat finds the order paid.
     */
    async payOnAccount(auth: AuthContext, orderId: number, ip: string | null): Promise<PayOnAccountResponse> {
      if (!(await methodEnabled(ON_ACCOUNT_CODE))) throw paramsError(CreditMessages.methodOff);
      const mine = await membership(auth.memberId);
      if (!mine) throw paramsError(CreditMessages.noCompany);
      if (mine.role === 'viewer')
        throw new AppError(ResultCode.PermissionDenied, CreditMessages.viewerCannotPay);
      const now = clock();
      const paid = await db.transaction(async (tx) => {
        const order = await findOrderForPayment(tx, orderId, { memberId: auth.memberId, lock: true });
        if (!order) throw notFoundError(CreditMessages.orderNotFound);
        if (order.status !== OrderStatus.NotPaid) {
          const message =
            order.status === OrderStatus.Cancelled
              ? CreditMessages.orderCancelled
              : order.status >= OrderStatus.Paid
                ? CreditMessages.orderPaid
                : CreditMessages.orderNotPayable;
          throw paramsError(message, { status: order.status });
        }
        // The membership again, locked for the transaction: a removal or a change of role that just committed is
        // seen, and one that comes next waits for this payment.
        const current = await lockBuyer(tx, auth.memberId, order.currency);
        if (!current) throw paramsError(CreditMessages.noCompany);
        if (current.role === 'viewer')
          throw new AppError(ResultCode.PermissionDenied, CreditMessages.viewerCannotPay);
        // An order placed before the member joined (or for another company) is not the company's to owe.
        if (order.companyId !== current.companyId) throw paramsError(CreditMessages.otherCompanyOrder);
        const by = memberActor(auth.memberId, ip);
        const { invoice, credit } = await chargeOnAccount(tx, {
          companyId: current.companyId,
          memberId: auth.memberId,
          orderId: order.id,
          orderNo: order.orderNo,
          currency: order.currency,
          amount: order.totalAmount,
          at: now,
          by,
        });
        const marked = await markOrderPaid(tx, {
          orderId: order.id,
          payChannel: ON_ACCOUNT_CODE,
          paidCurrency: order.currency,
          paidAmount: order.totalAmount,
          at: now,
        });
        // Unreachable while the row lock holds; refusing keeps the charge from committing without the order.
        if (!marked) throw paramsError(CreditMessages.orderPaid);
        await audit(tx, {
          by,
          action: 'credit.charge',
          objectType: 'order',
          objectId: order.orderNo,
          after: {
            invoiceNo: invoice.invoiceNo,
            companyId: current.companyId,
            currency: order.currency,
            amount: order.totalAmount,
            dueOn: invoice.dueOn,
            usedAfter: credit.used,
          },
        });
        const total = formatPrice(order.totalAmount, order.currency);
        await notify(tx, {
          memberId: auth.memberId,
          type: MessageType.TradeLogistics,
          title: `订单 ${order.orderNo} 已用账期支付`,
          content: `订单 ${order.orderNo} 已记入公司账期 ${total}，账单 ${invoice.invoiceNo} 于 ${invoice.dueOn} 到期。我们将尽快安排发货。`,
          link: `/order/${order.id}`,
          outside: { kind: 'paid', params: { orderNo: order.orderNo } },
        });
        return {
          orderId: order.id,
          orderNo: order.orderNo,
          status: OrderStatus.Paid,
          currency: order.currency,
          amount: toMajor(order.totalAmount),
          invoiceNo: invoice.invoiceNo,
          dueOn: invoice.dueOn,
          available: toMajor(credit.creditLimit - credit.used),
        };
      });
      counters.paymentSettled('account');
      return paid;
    },
  };
}
