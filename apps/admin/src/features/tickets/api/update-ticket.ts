import { AdminServicePaths, type AdminTicketRow, type AdminTicketUpdateRequest } from '@shop/domain';
import { request } from '@/lib/api-client';
import { useTicketMutation } from './use-ticket-mutation';

/** Another owner group and/or priority. */
export function updateTicket(body: AdminTicketUpdateRequest): Promise<AdminTicketRow> {
  return request(AdminServicePaths.ticketUpdate, body);
}

export const useUpdateTicket = () => useTicketMutation(updateTicket);
