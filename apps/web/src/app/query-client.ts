import type { QueryClient } from '@tanstack/react-query';
import { memberKeys } from '@/features/member/api/keys';
import { endSession } from '@/features/member/session-actions';
import { createErrorHandler } from '@/lib/error-handler';
import { createQueryClient } from '@/lib/query-client';
import { hasToken, setPasswordChangeRequired } from '@/lib/session';

/** The app's query client with the shared error handler wired to the member session (spec §8). */
export function createAppQueryClient({ retry = true }: { retry?: boolean } = {}): QueryClient {
  const queryClient: QueryClient = createQueryClient({
    retry,
    onError: createErrorHandler({
      hasToken,
      onInvalidToken: () => endSession(queryClient),
      // The member's other calls stop; the member read again says mustChangePassword, and the route guard
      // holds them on /member/security.
      onPasswordChangeRequired: () => {
        setPasswordChangeRequired(true);
        void queryClient.invalidateQueries({ queryKey: memberKeys.current() });
      },
    }),
  });
  return queryClient;
}
