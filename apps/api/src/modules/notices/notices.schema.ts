import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

/**
 * The outbox of messages that leave the shop (e-mail, SMS): a row is written in the transaction of the change that
 * causes it, and the queue's worker sends it (notice-queue.ts, the notices service's `deliver`). The row keeps what was sent and the provider's
 * answer, for the console's list of failed notices. A verification code's text is blanked once it was sent.
 */
export const notices = pgTable(
  'notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What it tells of: a NoticeKind (notices.templates.ts). */
    kind: varchar('kind', { length: 32 }).notNull(),
    channel: varchar('channel', { length: 8 }).notNull(),
    /** The e-mail address, or the phone number in E.164. */
    recipient: varchar('recipient', { length: 254 }).notNull(),
    locale: varchar('locale', { length: 8 }).notNull().default('zh-CN'),
    memberId: integer('member_id'),
    staffId: integer('staff_id'),
    /** The template's parameters (order number, courier …). */
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    /** waiting → sending → sent, or failed (the console may send it again) or discarded. */
    status: varchar('status', { length: 12 }).notNull().default('waiting'),
    attempts: smallint('attempts').notNull().default(0),
    /** The provider that took it ('smtp', 'aliyun', 'sandbox' …) and its id of the message. */
    provider: varchar('provider', { length: 16 }),
    providerMessageId: varchar('provider_message_id', { length: 200 }),
    /** The provider's last answer when it failed. */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('notices_status_idx').on(t.status, t.id),
    index('notices_member_idx').on(t.memberId),
    check('notices_channel_known', sql`${t.channel} in ('email', 'sms')`),
    check('notices_status_known', sql`${t.status} in ('waiting', 'sending', 'sent', 'failed', 'discarded')`),
  ],
);

/**
 * What the sandbox providers 'sent': the shop's own outbox page in the console, where demos and tests read codes and
 * notices. Only written while a sandbox is on (never in production unless turned on).
 */
export const sandboxMessages = pgTable(
  'sandbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    noticeId: bigint('notice_id', { mode: 'number' }),
    channel: varchar('channel', { length: 8 }).notNull(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    createdAt,
  },
  (t) => [index('sandbox_messages_recipient_idx').on(t.recipient, t.id)],
);

/**
 * One-time codes sent to a phone or an e-mail address (sign-in, registration, reset, binding). Only a digest of
 * the code is kept; a code lives 5 minutes, is used once and allows 5 tries.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scene: varchar('scene', { length: 12 }).notNull(),
    /** E.164 phone or lower-cased e-mail address. */
    target: varchar('target', { length: 254 }).notNull(),
    /** The member binding the contact (scene 'bind'); null for the others. */
    memberId: integer('member_id'),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    tries: smallint('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt,
  },
  (t) => [index('verification_codes_target_idx').on(t.target, t.scene, t.id)],
);
