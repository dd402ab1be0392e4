import type { TicketStatus } from '@shop/domain';

/** One page of the ticket list: its status tab (undefined for 全部). */
export interface TicketListFilters {
  pageNo: number;
  pageSize: number;
  status?: TicketStatus;
}

/** One page of the message list: its type tab (undefined for 全部). */
export interface MessageListFilters {
  pageNo: number;
  pageSize: number;
  type?: number;
}

/** Query keys of the member's service desk: tickets, messages and the unread count (docs/conventions.md key factory). */
export const serviceKeys = {
  all: ['service'] as const,
  tickets: () => [...serviceKeys.all, 'ticket'] as const,
  ticketLists: () => [...serviceKeys.tickets(), 'list'] as const,
  ticketList: (filters: TicketListFilters) => [...serviceKeys.ticketLists(), filters] as const,
  ticketDetails: () => [...serviceKeys.tickets(), 'detail'] as const,
  ticketDetail: (id: number) => [...serviceKeys.ticketDetails(), id] as const,
  /** The member's recent orders a new ticket can be about. */
  orderChoices: () => [...serviceKeys.tickets(), 'order-choices'] as const,
  messages: () => [...serviceKeys.all, 'message'] as const,
  messageLists: () => [...serviceKeys.messages(), 'list'] as const,
  messageList: (filters: MessageListFilters) => [...serviceKeys.messageLists(), filters] as const,
  unread: () => [...serviceKeys.messages(), 'unread'] as const,
};
