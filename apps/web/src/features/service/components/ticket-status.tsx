import { TICKET_STATUS_LABELS, type TicketStatus } from '@shop/domain';

/** A ticket's state as a coloured tag (待您回复 stands out: it is the member's turn). */
export function TicketStatusTag({ status }: { status: TicketStatus }) {
  return <span className={`ticket-status ticket-status-${status}`}>{TICKET_STATUS_LABELS[status]}</span>;
}
