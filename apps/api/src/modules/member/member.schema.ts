import { DEFAULT_MEMBER_LEVEL } from '@shop/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

/**
 * The member module's tables (spec §3 'User'): members and their sign-in tokens.
 */

const timestamps = { createdAt, updatedAt };

/** Shop members (spec §3 'User'). Deposits are integer minor units (fen, cents) and never negative. */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 32 }).notNull(),
    passwordHash: varchar('password_hash', { length: 255 }).notNull(),
    name: varchar('name', { length: 50 }).notNull().default(''),
    email: varchar('email', { length: 120 }).notNull().default(''),
    mobile: varchar('mobile', { length: 32 }).notNull().default(''),
    company: varchar('company', { length: 100 }).notNull().default(''),
    /** The member's business details for tax invoices and fapiao (/member/settings): ABN and 税号, '' when none. */
    abn: varchar('abn', { length: 11 }).notNull().default(''),
    taxNo: varchar('tax_no', { length: 20 }).notNull().default(''),
    wechat: varchar('wechat', { length: 50 }).notNull().default(''),
    level: integer('level').notNull().default(DEFAULT_MEMBER_LEVEL),
    // mode 'number': balances stay far below 2^53 minor units, and plain numbers keep arithmetic simple.
    cnyDeposit: bigint('cny_deposit', { mode: 'number' }).notNull().default(0),
    audDeposit: bigint('aud_deposit', { mode: 'number' }).notNull().default(0),
    /** Staff reset the password: the member must choose a new one before anything else (storefront gate). */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** The verified phone number in E.164 (+8613800000000, +61412345678), '' when none: SMS sign-in and reset. */
    phone: varchar('phone', { length: 16 }).notNull().default(''),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /** When `email` was proved by a code; a changed address is unverified until proved again. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Which notices the member wants by e-mail and by SMS, and in which language (notices module). */
    noticePrefs: jsonb('notice_prefs').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    // 'Demo' and 'demo' are the same member: unique on the lower-cased name.
    uniqueIndex('members_username_lower_key').on(sql`lower(${t.username})`),
    // A phone or a proved e-mail address signs one member in: never two.
    uniqueIndex('members_phone_key').on(t.phone).where(sql`${t.phone} <> ''`),
    uniqueIndex('members_verified_email_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.emailVerifiedAt} is not null`),
    check('members_cny_deposit_nonnegative', sql`${t.cnyDeposit} >= 0`),
    check('members_aud_deposit_nonnegative', sql`${t.audDeposit} >= 0`),
  ],
);

/** Login tokens: only the SHA-256 of the bearer token is kept, so a database leak yields no session. */
export const memberTokens = pgTable(
  'member_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: char('token_hash', { length: 64 }).notNull().unique('member_tokens_token_hash_key'),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('member_tokens_member_id_idx').on(t.memberId)],
);

/**
 * One-time links with which a member chooses a new password, made by staff in the console for a member without a
 * proved phone or e-mail address (ADR 045). Only the SHA-256 of the link's secret is kept; a link is used once,
 * lives a short time, and a newer link or any new password retires the older ones.
 */
export const memberResetLinks = pgTable(
  'member_reset_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: char('token_hash', { length: 64 }).notNull().unique('member_reset_links_token_hash_key'),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The staff member who made it (the audit log has the rest). */
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('member_reset_links_member_id_idx').on(t.memberId)],
);
