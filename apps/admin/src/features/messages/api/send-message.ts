import { type AdminMessageSendRequest, AdminServicePaths, type SentMessage } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { messageKeys } from './keys';

/** A message to one member or an announcement; the same requestId on a retry sends it once. */
export function sendMessage(body: AdminMessageSendRequest): Promise<SentMessage> {
  return request(AdminServicePaths.messageSend, body);
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
