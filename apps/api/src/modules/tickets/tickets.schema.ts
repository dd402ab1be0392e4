import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { members } from '../member/member.schema';
import { orders } from '../order/order.schema';

/**
 * The tickets module's tables: support tickets, their replies and images.
 */

/**
 * The member's service desk (spec §3 'Support ticket', 'Message types'; §4 'Support tickets'): tickets with their
 * replies and images, and the messages the shop writes to one member or to everyone, with read marks.
 */

/** A support ticket: type 0–4, priority 0–2, the owner group (labels only), its state and what it is about. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    priority: smallint('priority').notNull().default(1),
    ownerGroup: varchar('owner_group', { length: 20 }).notNull().default('service'),
    title: varchar('title', { length: 100 }).notNull(),
    /** open | waiting_member | waiting_shop | closed. */
    status: varchar('status', { length: 20 }).notNull().default('open'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    packIndex: smallint('pack_index'),
    replyCount: integer('reply_count').notNull().default(0),
    createdAt,
    updatedAt,
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('support_tickets_member_idx').on(t.memberId, t.updatedAt),
    index('support_tickets_queue_idx').on(t.status, t.ownerGroup, t.updatedAt),
    check('support_tickets_type_range', sql`${t.type} between 0 and 4`),
    check('support_tickets_priority_range', sql`${t.priority} between 0 and 2`),
    check(
      'support_tickets_status_known',
      sql`${t.status} in ('open', 'waiting_member', 'waiting_shop', 'closed')`,
    ),
  ],
);

/** A post in a ticket's thread: the member's opening message and every reply after it. */
export const supportTicketReplies = pgTable(
  'support_ticket_replies',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    /** member | staff. */
    author: varchar('author', { length: 10 }).notNull(),
    authorName: varchar('author_name', { length: 60 }).notNull(),
    content: text('content').notNull(),
    /** The console's id of one press of 发送: a retried staff reply lands once. */
    requestId: varchar('request_id', { length: 64 }),
    createdAt,
  },
  (t) => [
    index('support_ticket_replies_ticket_idx').on(t.ticketId, t.id),
    uniqueIndex('support_ticket_replies_request_key').on(t.ticketId, t.requestId),
    check('support_ticket_replies_author_known', sql`${t.author} in ('member', 'staff')`),
  ],
);

/**
 * An image uploaded for a ticket: the member's until a post takes it (reply_id set once, never moved). The file is
 * in media_files under an unguessable name.
 */
export const supportTicketImages = pgTable(
  'support_ticket_images',
  {
    id: serial('id').primaryKey(),
    /** The uploading member; null for an image the shop attached to its own reply. */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    replyId: integer('reply_id').references(() => supportTicketReplies.id, { onDelete: 'cascade' }),
    path: varchar('path', { length: 255 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    createdAt,
  },
  (t) => [
    index('support_ticket_images_reply_idx').on(t.replyId),
    index('support_ticket_images_member_idx').on(t.memberId, t.replyId),
  ],
);
