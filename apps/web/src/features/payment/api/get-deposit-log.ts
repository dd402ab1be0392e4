import { type DepositLogListResponse, DepositPaths } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { type PageQuery, paymentKeys } from './keys';

/** memberDepositLog/list/: one page of the deposit log, sent form-encoded (spec §7 'Member', §3 'Deposit log'). */
export function getDepositLog(page: PageQuery, signal?: AbortSignal): Promise<DepositLogListResponse> {
  return request(DepositPaths.logList, page, { signal, form: true });
}

export function depositLogQueryOptions(page: PageQuery) {
  return queryOptions({
    queryKey: paymentKeys.depositLog(page),
    queryFn: ({ signal }) => getDepositLog(page, signal),
    meta: { memberScoped: true },
  });
}

/** The page stays on screen while the next one loads. */
export function useDepositLog(page: PageQuery) {
  return useQuery({ ...depositLogQueryOptions(page), placeholderData: keepPreviousData });
}
