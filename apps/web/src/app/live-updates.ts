import { type LiveEvent, LOGIN_EXPIRED_MESSAGE } from '@shop/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { endSession } from '@/features/member/session-actions';
import { serviceKeys } from '@/features/service/api/keys';
import { startLiveClient, useLiveStatus } from '@/lib/live-client';
import { notify } from '@/lib/notify';
import { hasToken, useSession } from '@/lib/session';
import { getToken } from '@/lib/storage';

/**
 * What a live event changes on screen: the unread count (taken as pushed) with the message lists, and the
 * member's tickets (the open thread and the lists). 'ready' after a (re)connect refreshes the tickets and lists,
 * since events may have been missed while the channel was down.
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  if (event.kind === 'unread') {
    // The pushed count is the newest: a fetch still on its way would put an older one back.
    void queryClient.cancelQueries({ queryKey: serviceKeys.unread() });
    queryClient.setQueryData(serviceKeys.unread(), event.unread);
    void queryClient.invalidateQueries({ queryKey: serviceKeys.messageLists() });
    return;
  }
  if (event.kind === 'ticket') {
    void queryClient.invalidateQueries({ queryKey: serviceKeys.ticketDetail(event.ticketId) });
    void queryClient.invalidateQueries({ queryKey: serviceKeys.ticketLists() });
    return;
  }
  // The server follows 'ready' with the unread count, so only the tickets and lists are asked for again.
  void queryClient.invalidateQueries({ queryKey: serviceKeys.ticketDetails() });
  void queryClient.invalidateQueries({ queryKey: serviceKeys.ticketLists() });
  void queryClient.invalidateQueries({ queryKey: serviceKeys.messageLists() });
}

/**
 * The live channel for the signed-in member (lib/live-client.ts): started on login, stopped on logout. A refused
 * token (spec §8 WebSocketTokenExpire 1032) is the usual session expiry: the toast and the logout of InvalidToken.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  // Not while staff's password reset holds the member: the channel is one of the calls they may not make yet.
  const token = useSession((s) => (s.passwordChangeRequired || s.awaitingMember ? null : s.token));
  useEffect(() => {
    if (!token) return;
    const client = startLiveClient({
      token: getToken,
      onEvent: (event) => applyLiveEvent(queryClient, event),
      onStatus: (status) => useLiveStatus.setState({ status }),
      onTokenExpired: () => {
        if (!hasToken()) return;
        notify.warn(LOGIN_EXPIRED_MESSAGE);
        endSession(queryClient);
      },
    });
    return () => client.stop();
  }, [token, queryClient]);
}
