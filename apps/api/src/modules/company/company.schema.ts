import { DEFAULT_MEMBER_LEVEL } from '@shop/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { members } from '../member/member.schema';
import { orders } from '../order/order.schema';

/**
 * The company module's tables (issue #38, docs/decisions/055): companies, their members with one role each, and
 * the invites their admins send. A member belongs to at most one company (the member id is the key of
 * company_members). Limits are integer minor units (fen, cents); null is no limit.
 */

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 60 }).notNull(),
  /** ABN (11 digits) or 纳税人识别号 (15, 18 or 20 characters). */
  taxNo: varchar('tax_no', { length: 20 }).notNull(),
  /** The company's price level (spec §6 member level). */
  level: integer('level').notNull().default(DEFAULT_MEMBER_LEVEL),
  createdAt,
  updatedAt,
});

export const companyMembers = pgTable(
  'company_members',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 8 }).notNull(),
    perOrderAud: bigint('per_order_aud', { mode: 'number' }),
    perMonthAud: bigint('per_month_aud', { mode: 'number' }),
    perOrderCny: bigint('per_order_cny', { mode: 'number' }),
    perMonthCny: bigint('per_month_cny', { mode: 'number' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt,
  },
  (t) => [
    index('company_members_company_idx').on(t.companyId),
    check('company_members_role', sql`${t.role} in ('admin', 'buyer', 'viewer')`),
    check(
      'company_members_limits_positive',
      sql`coalesce(${t.perOrderAud}, 1) > 0 and coalesce(${t.perMonthAud}, 1) > 0 and coalesce(${t.perOrderCny}, 1) > 0 and coalesce(${t.perMonthCny}, 1) > 0`,
    ),
  ],
);

export const companyInvites = pgTable(
  'company_invites',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The phone number in E.164 or the lower-cased e-mail address the invite is for. */
    contact: varchar('contact', { length: 120 }).notNull(),
    role: varchar('role', { length: 8 }).notNull(),
    invitedBy: integer('invited_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => members.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    // One open invite per contact and company: a new one withdraws the old first.
    uniqueIndex('company_invites_open_key')
      .on(t.companyId, t.contact)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index('company_invites_contact_idx').on(t.contact),
    check('company_invites_role', sql`${t.role} in ('admin', 'buyer', 'viewer')`),
  ],
);

/**
 * Approvals (issue #38 part 2, docs/decisions/055): one row per order a buyer placed over a limit, placed as
 * NotConfirmed -1 with its stock held until `expires_at`. Deciding is one conditional update on `status`
 * ('pending' → 'approved', 'rejected', 'lapsed', or 'withdrawn' when its buyer cancels it), so a decision happens
 * once. Amounts in minor units of the
 * order's currency.
 */
export const orderApprovals = pgTable(
  'order_approvals',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    /** The buyer who placed it. */
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    currency: varchar('currency', { length: 3 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** perOrder or perMonth: the limit it went over, and for a month what was spent before it. */
    reason: varchar('reason', { length: 8 }).notNull(),
    limitAmount: bigint('limit_amount', { mode: 'number' }).notNull(),
    spentBefore: bigint('spent_before', { mode: 'number' }).notNull().default(0),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedBy: integer('decided_by').references(() => members.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    note: varchar('note', { length: 200 }).notNull().default(''),
  },
  (t) => [
    index('order_approvals_company_idx').on(t.companyId, t.createdAt),
    index('order_approvals_member_idx').on(t.memberId, t.createdAt),
    // The lapse sweep reads only the waiting ones, by when they lapse.
    index('order_approvals_pending_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
    check(
      'order_approvals_status',
      sql`${t.status} in ('pending', 'approved', 'rejected', 'lapsed', 'withdrawn')`,
    ),
    check('order_approvals_reason', sql`${t.reason} in ('perOrder', 'perMonth')`),
  ],
);
