import { AdminServicePaths } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useTicketMutation } from './use-ticket-mutation';

/** Closes the ticket; closing a closed one changes nothing. */
export function closeTicket(id: number): Promise<{ changed: boolean }> {
  return request(AdminServicePaths.ticketClose, { id });
}

export const useCloseTicket = () => useTicketMutation(closeTicket);
