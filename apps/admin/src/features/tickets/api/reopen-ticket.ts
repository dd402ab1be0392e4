import { AdminServicePaths, type AdminTicketRow } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useTicketMutation } from './use-ticket-mutation';

/** Reopens a closed ticket: it waits for the shop again. */
export function reopenTicket(id: number): Promise<AdminTicketRow> {
  return request(AdminServicePaths.ticketReopen, { id });
}

export const useReopenTicket = () => useTicketMutation(reopenTicket);
