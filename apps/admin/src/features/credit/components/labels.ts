import {
  ACCOUNT_INVOICE_STATE_LABELS,
  type AccountInvoiceState,
  type AccountPayment,
  type CreditEntry,
  CURRENCIES,
  CURRENCY_LABELS,
  type Currency,
  formatPrice,
  toMinor,
} from '@shop/domain';

/** An amount of the wire (major units) with its symbol: 1250.5 CNY → '¥1250.50'. */
export const money = (major: number, currency: Currency) => formatPrice(toMinor(major), currency);

export const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: `${CURRENCY_LABELS[c]} ${c}` }));

export const INVOICE_STATE_COLORS: Readonly<Record<AccountInvoiceState, string>> = {
  open: 'blue',
  due: 'orange',
  overdue: 'red',
  paid: 'green',
};

/** Which invoices a list shows: the statement's filter (statementStateFilterSchema). */
export type InvoiceStateFilter = 'all' | 'unpaid' | AccountInvoiceState;

export const INVOICE_STATE_FILTERS: readonly { value: InvoiceStateFilter; label: string }[] = [
  { value: 'unpaid', label: '未付' },
  { value: 'open', label: ACCOUNT_INVOICE_STATE_LABELS.open },
  { value: 'due', label: ACCOUNT_INVOICE_STATE_LABELS.due },
  { value: 'overdue', label: ACCOUNT_INVOICE_STATE_LABELS.overdue },
  { value: 'paid', label: ACCOUNT_INVOICE_STATE_LABELS.paid },
  { value: 'all', label: '全部' },
];

/** The filter named in an address (?state=), or `fallback` when it names none. */
export function invoiceStateFilterOf(raw: string | null, fallback: InvoiceStateFilter): InvoiceStateFilter {
  return INVOICE_STATE_FILTERS.find((f) => f.value === raw)?.value ?? fallback;
}

export const ENTRY_KIND_LABELS: Readonly<Record<CreditEntry['kind'], string>> = {
  limit: '设置额度',
  charge: '账期下单',
  allocation: '收款分配',
  creditNote: '退款冲减',
};

export const PAYMENT_METHOD_LABELS: Readonly<Record<AccountPayment['method'], string>> = {
  bank: '银行转账',
  deposit: '余额还款',
};
