import {
  CreditMessages,
  type Currency,
  DepositLogType,
  formatPrice,
  type StatementPayByDepositResponse,
  toMajor,
  toMinor,
} from '@shop/domain';
import type { Database } from '../db/client';
import { notFoundError, paramsError } from '../lib/app-error';
import type { AuditRecorder } from '../lib/audit';
import type { Clock } from '../lib/clock';
import { shopDay } from '../lib/shop-day';
import { memberActor } from '../modules/company';
import {
  allocatePayment,
  type CreditService,
  findAccountInvoice,
  insertAccountPayment,
  lockCredit,
} from '../modules/credit';
import type { DepositService } from '../modules/deposit';

export interface SettleInvoiceDeps {
  db: Database;
  clock: Clock;
  credits: Pick<CreditService, 'adminInvoiceOf' | 'invoiceDto'>;
  deposits: Pick<DepositService, 'debit'>;
  audit: AuditRecorder;
}

export type SettleInvoiceFlow = ReturnType<typeof createSettleInvoiceFlow>;

/**
 * A company admin settles an account invoice from their own deposit (issue #38 part 3, statement/payByDeposit/):
 * one transaction debits the deposit (only if it covers the amount), records the payment and allocates it (only
 * while the invoice owes that much), so the money and the invoice move together or not at all.
 */
export function createSettleInvoiceFlow({ db, clock, credits, deposits, audit }: SettleInvoiceDeps) {
  return {
    async payByDeposit(
      memberId: number,
      input: { invoiceId: number; amount: number; paidBefore?: number | undefined },
      ip: string | null,
    ): Promise<StatementPayByDepositResponse> {
      const { companyId } = await credits.adminInvoiceOf(memberId, input.invoiceId);
      const now = clock();
      const by = memberActor(memberId, ip);
      const amount = toMinor(input.amount);
      const balance = await db.transaction(async (tx) => {
        const found = await findAccountInvoice(tx, input.invoiceId);
        if (!found || found.companyId !== companyId) throw notFoundError(CreditMessages.invoiceNotFound);
        // The company's credit row before the deposit, the order every credit change locks in (lockCredit); then
        // the invoice as it stands under that lock.
        await lockCredit(tx, companyId, found.currency as Currency);
        const invoice = (await findAccountInvoice(tx, input.invoiceId)) ?? found;
        const currency = invoice.currency as Currency;
        if (input.paidBefore !== undefined && toMinor(input.paidBefore) !== invoice.paid)
          throw paramsError(CreditMessages.paidChanged);
        if (amount > invoice.amount - invoice.paid)
          throw paramsError(CreditMessages.payTooMuch(formatPrice(invoice.amount - invoice.paid, currency)));
        const movement = await deposits.debit(tx, {
          memberId,
          currency,
          amount,
          type: DepositLogType.InvoicePayment,
          // Not linked to the order by key: that would take a share lock on the order's row, which a refund of it
          // holds while it waits for this company's credit row (a deadlock). The note names the invoice and order.
          note: `账单 ${invoice.invoiceNo}（订单 ${invoice.orderNo}）`,
        });
        const payment = await insertAccountPayment(tx, {
          companyId,
          currency,
          amount,
          method: 'deposit',
          reference: `deposit:${movement.logId}`,
          receivedOn: shopDay(now),
          note: `会员余额还款`,
          by,
        });
        if (!payment) throw new Error(`deposit movement ${movement.logId} was recorded twice`);
        await allocatePayment(tx, payment, [{ invoiceId: invoice.id, amount: input.amount }], {
          at: now,
          by,
        });
        await audit(tx, {
          by,
          action: 'credit.depositPayment',
          objectType: 'accountInvoice',
          objectId: invoice.invoiceNo,
          before: { paid: invoice.paid },
          after: { paid: invoice.paid + amount, amount, currency, depositLogId: movement.logId },
        });
        return movement.balanceAfter;
      });
      const invoice = await findAccountInvoice(db, input.invoiceId);
      if (!invoice) throw notFoundError(CreditMessages.invoiceNotFound);
      return { invoice: await credits.invoiceDto(invoice), balance: toMajor(balance) };
    },
  };
}
