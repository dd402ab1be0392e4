import { MemberPaths } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { endSession } from '../session-actions';

export function logout(): Promise<unknown> {
  return request(MemberPaths.logout);
}

/**
 * Revokes the token on the server, then ends the local session whatever the server said:
 * a member who asks to log out is logged out (spec §4 'Logout').
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } finally {
        endSession(queryClient);
      }
    },
    meta: { silentError: true },
  });
}
