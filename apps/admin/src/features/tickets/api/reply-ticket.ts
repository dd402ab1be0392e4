import { AdminServicePaths, type AdminTicketReplyRequest, type AdminTicketReplyResponse } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useTicketMutation } from './use-ticket-mutation';

/** The shop's reply; the same requestId on a retry sends it once. */
export function replyTicket(body: AdminTicketReplyRequest): Promise<AdminTicketReplyResponse> {
  return request(AdminServicePaths.ticketReply, body);
}

export const useReplyTicket = () => useTicketMutation(replyTicket);
