import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { sessionKeys } from '@/features/session/api/keys';
import { isApiError, NETWORK_ERROR_CODE } from '@/lib/api-client';
import { createErrorHandler } from '@/lib/error-handler';

declare module '@tanstack/react-query' {
  interface Register {
    /** `quiet`: the screen shows this call's failure itself (a form's error line), so no toast. */
    mutationMeta: { quiet?: boolean };
  }
}

/**
 * The console's query client. Lists are fresh for 30 s (staff act on what they see; a stale list is the
 * worse mistake than one more request). Failures every screen shares go through one handler.
 */
export function createConsoleQueryClient({ retry = true }: { retry?: boolean } = {}): QueryClient {
  const handle = createErrorHandler({
    onSessionGate: () => void queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
  const queryClient: QueryClient = new QueryClient({
    // Queries show their failure where their data would be; only the shared cases (expiry, gates) act here.
    queryCache: new QueryCache({ onError: (error) => handle(error, { quiet: true }) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => handle(error, { quiet: mutation.meta?.quiet === true }),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Only a failed connection is worth another try; the server's answers do not change by asking again.
        retry: retry ? (count, error) => count < 2 && isApiError(error, NETWORK_ERROR_CODE) : false,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
