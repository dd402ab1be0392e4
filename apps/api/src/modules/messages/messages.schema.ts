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
import { createdAt, updatedAt } from '../../db/columns';
import { members } from '../member/member.schema';

/**
 * The messages module's tables: station messages and what each member read.
 */

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
