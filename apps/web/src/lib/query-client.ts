import { REQUEST_CACHE_TTL_MS } from '@shop/domain';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { type ApiError, isApiError, NETWORK_ERROR_CODE } from './api-client';

export interface ShopQueryMeta extends Record<string, unknown> {
  /** The caller shows this error itself; the shared handler stays quiet. */
  silentError?: boolean;
  /** Member-only data, dropped on logout (spec §4 'Logout': user info, addresses …). */
  memberScoped?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError | Error;
    queryMeta: ShopQueryMeta;
    mutationMeta: ShopQueryMeta;
  }
}

export interface QueryClientOptions {
  onError: (error: unknown) => void;
  /** Tests turn retries off. */
  retry?: boolean;
}

/** A dropped connection is worth one more try; a refusal from the server is not. */
function retryNetworkOnce(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && isApiError(error) && error.code === NETWORK_ERROR_CODE;
}

/**
 * The one query client: cached reads stay fresh for 60 s (spec §7 request cache TTL),
 * mutations never retry, and every failure goes through the shared handler (spec §8).
 */
export function createQueryClient({ onError, retry = true }: QueryClientOptions): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silentError) onError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (!mutation.meta?.silentError) onError(error);
      },
    }),
    defaultOptions: {
      queries: { staleTime: REQUEST_CACHE_TTL_MS, retry: retry ? retryNetworkOnce : false },
      mutations: { retry: false },
    },
  });
}
