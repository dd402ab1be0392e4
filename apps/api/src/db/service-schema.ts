import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { orders } from './order-schema';
import { members } from './schema';

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

/** A message of the shop (spec §3 'Message types' 1–5): to one member, or to everyone when member_id is null. */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    /** An in-shop path, or ''. */
    link: varchar('link', { length: 300 }).notNull().default(''),
    /** Who wrote it by hand (a staff username, 'cli' …); null for the shop's automatic messages. */
    sentBy: varchar('sent_by', { length: 100 }),
    /** The console's id of one press of 发送: a retried message is written once. */
    requestId: varchar('request_id', { length: 64 }),
    createdAt,
  },
  (t) => [
    index('messages_member_idx').on(t.memberId, t.id),
    uniqueIndex('messages_request_key').on(t.requestId),
    index('messages_sent_idx').on(t.id).where(sql`${t.sentBy} is not null`),
    check('messages_type_range', sql`${t.type} between 1 and 5`),
  ],
);

/** A member read a message. */
export const messageReads = pgTable(
  'message_reads',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.messageId], name: 'message_reads_pkey' })],
);

/**
 * 全部已读 per member and type: every message of the type up to this id counts as read, so marking thousands of
 * announcements read is one row, not thousands. Type 0 stands for every type.
 */
export const messageReadMarks = pgTable(
  'message_read_marks',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    upToId: integer('up_to_id').notNull(),
    updatedAt,
  },
  (t) => [primaryKey({ columns: [t.memberId, t.type], name: 'message_read_marks_pkey' })],
);
