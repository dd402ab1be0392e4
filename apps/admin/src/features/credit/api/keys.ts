import type { AdminCreditInvoicesRequest, AdminCreditPaymentsRequest } from '@shop/domain';

/** Query keys of the console's 账期; every variable a fetcher sends is in its key. */
export const creditKeys = {
  all: ['credit'] as const,
  details: () => [...creditKeys.all, 'detail'] as const,
  detail: (companyId: number) => [...creditKeys.details(), companyId] as const,
  invoiceLists: () => [...creditKeys.all, 'invoices'] as const,
  invoices: (filters: AdminCreditInvoicesRequest) => [...creditKeys.invoiceLists(), filters] as const,
  paymentLists: () => [...creditKeys.all, 'payments'] as const,
  payments: (filters: AdminCreditPaymentsRequest) => [...creditKeys.paymentLists(), filters] as const,
};
