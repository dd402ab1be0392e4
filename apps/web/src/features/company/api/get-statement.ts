import { type StatementListRequest, type StatementListResponse, StatementPaths } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { companyKeys } from './keys';

/**
 * statement/list/ (对账单, issue #38): the company's account invoices, newest first (an admin or a viewer sees all, a
 * buyer those of their own orders), its credit per currency, what it owes, and whether an overdue invoice blocks
 * paying on account.
 */
export function getStatement(
  params: StatementListRequest,
  signal?: AbortSignal,
): Promise<StatementListResponse> {
  return request(StatementPaths.list, params, { signal });
}

/** One page of the statement; the page on screen stays while the next one (or another filter) loads. */
export function statementQueryOptions(params: StatementListRequest) {
  return queryOptions({
    queryKey: companyKeys.statement(params),
    queryFn: ({ signal }) => getStatement(params, signal),
    placeholderData: keepPreviousData,
    meta: { memberScoped: true },
  });
}

export function useStatement(params: StatementListRequest) {
  return useQuery(statementQueryOptions(params));
}
