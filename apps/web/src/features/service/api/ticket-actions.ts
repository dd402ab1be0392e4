import {
  type Envelope,
  SupportTicketPaths,
  type TicketCreateRequest,
  type TicketDetail,
  type TicketReplyRequest,
} from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '@/lib/api-client';
import { serviceKeys } from './keys';

/** What a ticket call answered: the ticket as it now is, and the server's message for the toast. */
export interface TicketChange {
  ticket: TicketDetail;
  message: string;
}

async function change(call: Promise<Envelope<TicketDetail>>): Promise<TicketChange> {
  const envelope = await call;
  return { ticket: envelope.data, message: envelope.message };
}

/** create/: a new ticket with its images (ids from uploadImage/). */
export function createTicket(input: TicketCreateRequest): Promise<TicketChange> {
  return change(requestEnvelope(SupportTicketPaths.create, input));
}

/** supportticketreply/addReply/: the member's reply in one of their open tickets. */
export function replyTicket(input: TicketReplyRequest): Promise<TicketChange> {
  return change(requestEnvelope(SupportTicketPaths.addReply, input));
}

/** closeSupportTicket/: the member closes the ticket; it takes no more replies. */
export function closeTicket(id: number): Promise<TicketChange> {
  return change(requestEnvelope(SupportTicketPaths.close, { id }));
}

/** The thread shows the answer at once; the lists are marked for refresh. */
function useTicketChange<TInput>(fn: (input: TInput) => Promise<TicketChange>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ ticket }) => {
      queryClient.setQueryData(serviceKeys.ticketDetail(ticket.id), ticket);
      return queryClient.invalidateQueries({ queryKey: serviceKeys.ticketLists() });
    },
  });
}

export const useCreateTicket = () => useTicketChange(createTicket);
export const useReplyTicket = () => useTicketChange(replyTicket);
export const useCloseTicket = () => useTicketChange(closeTicket);
