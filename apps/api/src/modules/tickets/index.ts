/** The tickets module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { ticketCommands } from './tickets.cli';
export { latestMemberTickets } from './tickets.member-summary';
export { takeLooseImages } from './tickets.repository';
export { ticketRoutes } from './tickets.routes';
export { createTicketService, ReplyAlreadySent, TicketMessages, type TicketService } from './tickets.service';
