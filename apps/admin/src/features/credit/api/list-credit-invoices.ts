import {
  type AdminCreditInvoicesRequest,
  type AdminCreditInvoicesResponse,
  AdminCreditPaths,
} from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { creditKeys } from './keys';

export function listCreditInvoices(
  filters: AdminCreditInvoicesRequest,
  signal?: AbortSignal,
): Promise<AdminCreditInvoicesResponse> {
  return request(AdminCreditPaths.invoices, filters, signal);
}

export function creditInvoicesQueryOptions(filters: AdminCreditInvoicesRequest) {
  return queryOptions({
    queryKey: creditKeys.invoices(filters),
    queryFn: ({ signal }) => listCreditInvoices(filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of account invoices: one company's, or every company's without `companyId`. */
export function useCreditInvoices(filters: AdminCreditInvoicesRequest, { enabled = true } = {}) {
  return useQuery({ ...creditInvoicesQueryOptions(filters), enabled });
}

/** The most invoices one request may answer (consolePageSize). */
export const UNPAID_PAGE_SIZE = 100;

/**
 * The company's unpaid invoices, to allocate a payment to. The call has no currency filter and pages at 100, so
 * the dialog filters by currency itself and says when there were more than it could list.
 */
export function useUnpaidInvoices(companyId: number) {
  const filters: AdminCreditInvoicesRequest = {
    companyId,
    state: 'unpaid',
    pageNo: 1,
    pageSize: UNPAID_PAGE_SIZE,
  };
  return useQuery({
    queryKey: creditKeys.invoices(filters),
    queryFn: ({ signal }) => listCreditInvoices(filters, signal),
    enabled: companyId > 0,
  });
}
