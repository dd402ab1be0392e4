import { MessageType } from '@shop/domain';
import type { Database } from '../db/client';
import { type AuditActor, type AuditRecorder, cliActor } from '../lib/audit';
import type { MediaService } from '../modules/media';
import type { MessageService } from '../modules/messages';
import { ReplyAlreadySent, type TicketService } from '../modules/tickets';

export interface TicketReplyDeps {
  db: Database;
  tickets: Pick<TicketService, 'staffReply' | 'replyOfRequest'>;
  messages: Pick<MessageService, 'send'>;
  /** The same news by e-mail and SMS, as the member chose (the notices module, #31). */
  notifyOutside?: (
    executor: Database,
    memberId: number,
    kind: 'ticketAnswered',
    params: Record<string, string>,
  ) => Promise<void>;
  media: Pick<MediaService, 'storeUpload'>;
  audit: AuditRecorder;
  /** The name a staff member's replies carry (the staff module): their name, else their username. */
  staffName(by: AuditActor): Promise<string>;
}

export type TicketReplyFlow = ReturnType<typeof createTicketReplyFlow>;

/** What the shop's reply answers: the ticket, the new post and the ticket's state after it. */
export interface TicketReplyResult {
  ticketId: number;
  replyId: number;
  status: string;
  /** Null when a retried request found its reply already sent (no second message). */
  messageId: number | null;
}

/** The first characters of a reply, as the member's message quotes it. */
function excerpt(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/**
 * The shop answers a ticket (spec §4 'Support tickets', §3 'Message types' 1 system message): the reply, the
 * member's message linking to the thread and the audit row commit together, and the member's open pages hear of
 * both. The staff console and `ticket:reply` both call `staffReply`. Files are checked and stored before the
 * transaction (an unused one is removed with the other loose uploads); the console's uploads come by id.
 */
export function createTicketReplyFlow({
  db,
  tickets,
  messages,
  notifyOutside,
  media,
  audit,
  staffName,
}: TicketReplyDeps) {
  async function staffReply(
    by: AuditActor,
    input: {
      ticketId: number;
      /** The name the member sees on the reply; the staff member's own name when not given. */
      authorName?: string;
      content: string;
      images?: readonly Buffer[];
      imageIds?: readonly number[];
      /** The console's id of one press of 发送: a retry answers the first reply and sends nothing more. */
      requestId?: string | null;
    },
  ): Promise<TicketReplyResult> {
    const authorName = input.authorName ?? (await staffName(by));
    const images = await Promise.all((input.images ?? []).map((bytes) => media.storeUpload(bytes, 'ticket')));
    try {
      return await db.transaction(async (tx) => {
        const { ticket, replyId, before } = await tickets.staffReply(tx, {
          ticketId: input.ticketId,
          by: authorName,
          content: input.content,
          images,
          imageIds: input.imageIds ?? [],
          requestId: input.requestId ?? null,
        });
        const message = await messages.send(tx, {
          memberId: ticket.memberId,
          type: MessageType.System,
          title: `客服回复了您的工单：${ticket.title}`.slice(0, 100),
          content: `${authorName.trim()}：${excerpt(input.content)}`,
          link: `/member/supportticketreply/${ticket.id}`,
        });
        await notifyOutside?.(tx, ticket.memberId, 'ticketAnswered', { title: ticket.title });
        await audit(tx, {
          by,
          action: 'ticket.reply',
          objectType: 'ticket',
          objectId: ticket.id,
          before,
          after: {
            status: ticket.status,
            replyId,
            content: excerpt(input.content, 500),
            images: images.length + (input.imageIds?.length ?? 0),
          },
        });
        return { ticketId: ticket.id, replyId, status: ticket.status, messageId: message.id };
      });
    } catch (error) {
      if (!(error instanceof ReplyAlreadySent) || !input.requestId) throw error;
      const { ticket, replyId } = await tickets.replyOfRequest(input.ticketId, input.requestId);
      return { ticketId: ticket.id, replyId, status: ticket.status, messageId: null };
    }
  }

  return {
    staffReply,

    /** The operator's reply (`ticket:reply --by 客服小王`): audited as the command line under that name. */
    reply(input: { ticketId: number; by: string; content: string; images?: readonly Buffer[] }) {
      return staffReply(cliActor(input.by), {
        ticketId: input.ticketId,
        authorName: input.by,
        content: input.content,
        images: input.images ?? [],
      });
    },
  };
}
