import { sql } from 'drizzle-orm';
import { char, check, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { members } from '../member/member.schema';

/**
 * The wechat module's tables: QR sign-in tickets and members' WeChat bindings.
 */

/**
 * QR sign-in with the chat app (docs/decisions/015-qr-sign-in.md). A ticket is one QR code: the page polls it by
 * its secret (kept only as a SHA-256 digest), the phone reaches it by its scan code (the sandbox's scan page, the
 * open platform's `state`). Status: waiting → scanned → confirmed → used, or cancelled / failed; `exchanging`
 * while the open platform's code is being exchanged, so a code and its state are used once.
 */
export const wechatLoginTickets = pgTable(
  'wechat_login_tickets',
  {
    ticketHash: char('ticket_hash', { length: 64 }).primaryKey(),
    scanCode: varchar('scan_code', { length: 64 }).notNull().unique('wechat_login_tickets_scan_code_key'),
    purpose: varchar('purpose', { length: 8 }).notNull(),
    provider: varchar('provider', { length: 16 }).notNull(),
    /** The member who asks for a binding QR code (purpose 'bind'). */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 16 }).notNull().default('waiting'),
    openid: varchar('openid', { length: 128 }),
    unionid: varchar('unionid', { length: 128 }),
    nickname: varchar('nickname', { length: 100 }),
    avatar: varchar('avatar', { length: 2048 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('wechat_login_tickets_expires_at_idx').on(t.expiresAt),
    check(
      'wechat_login_tickets_status_check',
      sql`${t.status} in ('waiting', 'scanned', 'exchanging', 'confirmed', 'cancelled', 'failed', 'used')`,
    ),
    check('wechat_login_tickets_purpose_check', sql`${t.purpose} in ('login', 'bind')`),
  ],
);

/**
 * A member's chat-app identity: one per member and one member per identity, both held by unique indexes, so two
 * binds sent together cannot bind twice.
 */
export const memberWechatBindings = pgTable(
  'member_wechat_bindings',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    openid: varchar('openid', { length: 128 }).notNull(),
    unionid: varchar('unionid', { length: 128 }),
    nickname: varchar('nickname', { length: 100 }).notNull().default(''),
    avatar: varchar('avatar', { length: 2048 }).notNull().default(''),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('member_wechat_bindings_identity_key').on(t.provider, t.openid)],
);
