import {
  ACCOUNT_INVOICE_STATE_LABELS,
  ACCOUNT_INVOICE_STATES,
  CURRENCIES,
  type Currency,
  type StatementListRequest,
} from '@shop/domain';

/** Which invoices the statement lists: all, the unpaid ones, or one state. */
export type StatementState = NonNullable<StatementListRequest['state']>;

/** The state filter's tabs, in the order a member looks for them. */
export const STATEMENT_STATE_TABS: readonly { value: StatementState; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'unpaid', label: '未结清' },
  ...ACCOUNT_INVOICE_STATES.map((state) => ({ value: state, label: ACCOUNT_INVOICE_STATE_LABELS[state] })),
];

/** The state in the address (?state=), or 'all' when it is missing or not one. */
export function statementStateParam(value: string | null): StatementState {
  return STATEMENT_STATE_TABS.find((tab) => tab.value === value)?.value ?? 'all';
}

/** The currency in the address (?currency=), or undefined (every currency). */
export function statementCurrencyParam(value: string | null): Currency | undefined {
  return CURRENCIES.find((currency) => currency === value);
}
