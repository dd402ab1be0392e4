import type { AccountInvoice, PaymentConfig, StatementListResponse } from '@shop/domain';
import { ON_ACCOUNT_CODE } from '@shop/domain';
import { method } from './payment-fixtures';

/** Builders of pay-on-account wire data (contracts/credit.ts, issue #38; major units, Beijing days). */

/**
 * 账期支付 as paymentConfigList/ lists it for a company's admin or buyer: its own `currency` is AUD on purpose (the
 * method charges the order's currency whatever it says); credit ¥5000 on 30 days and $10 on 14 days unless told.
 */
export function onAccountMethod(credit: PaymentConfig['credit'] = defaultCredit): PaymentConfig {
  return method({
    id: 9,
    code: ON_ACCOUNT_CODE,
    name: '账期支付',
    kind: 'account',
    currency: 'AUD',
    forRecharge: false,
    credit,
  });
}

const defaultCredit: PaymentConfig['credit'] = [
  { currency: 'CNY', available: 5000, termsDays: 30 },
  { currency: 'AUD', available: 10, termsDays: 14 },
];

export function accountInvoice(fields: Partial<AccountInvoice> & { id: number }): AccountInvoice {
  return {
    invoiceNo: `AI2026${String(fields.id).padStart(6, '0')}`,
    orderId: 40 + fields.id,
    orderNo: `SO20261130${String(40 + fields.id).padStart(8, '0')}`,
    buyer: '王采购',
    currency: 'CNY',
    amount: 300,
    paid: 0,
    owed: 300,
    state: 'open',
    issuedOn: '2026-11-01',
    dueOn: '2026-12-01',
    paidAt: null,
    ...fields,
  };
}

/** The statement on 2026-11-30: one invoice of each state, CNY credit and AUD credit. */
export const statementInvoices: AccountInvoice[] = [
  accountInvoice({ id: 1, state: 'open', dueOn: '2026-12-30', amount: 300, owed: 300 }),
  accountInvoice({ id: 2, state: 'due', dueOn: '2026-11-30', amount: 120.5, paid: 20.5, owed: 100 }),
  accountInvoice({
    id: 3,
    state: 'overdue',
    dueOn: '2026-11-20',
    currency: 'AUD',
    amount: 88,
    owed: 88,
    buyer: '李采购',
  }),
  accountInvoice({
    id: 4,
    state: 'paid',
    dueOn: '2026-11-10',
    amount: 50,
    paid: 50,
    owed: 0,
    paidAt: '2026-11-09T02:00:00.000Z',
  }),
];

export function statement(fields: Partial<StatementListResponse> = {}): StatementListResponse {
  return {
    items: statementInvoices,
    totalCount: statementInvoices.length,
    credit: [
      { currency: 'CNY', limit: 10000, used: 400, available: 9600, termsDays: 30 },
      { currency: 'AUD', limit: 2000, used: 88, available: 1912, termsDays: 14 },
    ],
    totals: [
      { currency: 'CNY', owed: 400, overdue: 0 },
      { currency: 'AUD', owed: 88, overdue: 88 },
    ],
    blocked: true,
    today: '2026-11-30',
    ...fields,
  };
}
