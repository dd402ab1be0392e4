import { MessageType } from '@shop/domain';
import type { Database } from '../db/client';
import type { MediaService } from '../modules/media/media.service';
import type { MessageService } from '../modules/messages/messages.service';
import type { TicketService } from '../modules/tickets/tickets.service';

export interface TicketReplyDeps {
  db: Database;
  tickets: Pick<TicketService, 'staffReply'>;
  messages: Pick<MessageService, 'send'>;
  media: Pick<MediaService, 'storeUpload'>;
}

export type TicketReplyFlow = ReturnType<typeof createTicketReplyFlow>;

/** The first characters of a reply, as the member's message quotes it. */
function excerpt(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/**
 * The shop answers a ticket (spec §4 'Support tickets', §3 'Message types' 1 system message): the reply and the
 * member's message linking to the thread commit together, and the member's open pages hear of both. Images are
 * checked and stored before the transaction (an unused one is removed with the other loose uploads).
 */
export function createTicketReplyFlow({ db, tickets, messages, media }: TicketReplyDeps) {
  return {
    async reply(input: { ticketId: number; by: string; content: string; images?: readonly Buffer[] }) {
      const images = await Promise.all(
        (input.images ?? []).map((bytes) => media.storeUpload(bytes, 'ticket')),
      );
      return db.transaction(async (tx) => {
        const { ticket, replyId } = await tickets.staffReply(tx, {
          ticketId: input.ticketId,
          by: input.by,
          content: input.content,
          images,
        });
        const message = await messages.send(tx, {
          memberId: ticket.memberId,
          type: MessageType.System,
          title: `客服回复了您的工单：${ticket.title}`.slice(0, 100),
          content: `${input.by.trim()}：${excerpt(input.content)}`,
          link: `/member/supportticketreply/${ticket.id}`,
        });
        return { ticketId: ticket.id, replyId, status: ticket.status, messageId: message.id };
      });
    },
  };
}
