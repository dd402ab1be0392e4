import { STAFF_ROLES } from '@shop/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
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

/**
 * The staff module's tables (docs/design.md 'Staff are not members'; docs/decisions/019): staff accounts and sessions.
 */

const roleList = sql.raw(STAFF_ROLES.map((r) => `'${r}'`).join(', '));

/** A staff account: a role from packages/domain/src/staff.ts, argon2id password, optional TOTP second factor. */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 32 }).notNull(),
    name: varchar('name', { length: 50 }).notNull().default(''),
    role: varchar('role', { length: 16 }).notNull(),
    /** Where the notices of the role's work go (#31: new tickets, top-ups to review, orders to pack); '' none. */
    email: varchar('email', { length: 120 }).notNull().default(''),
    passwordHash: varchar('password_hash', { length: 255 }).notNull(),
    disabled: boolean('disabled').notNull().default(false),
    /** Set by the owner's password reset (and a generated first password): only changing it is allowed. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    /** Base32 TOTP secret; set by totp/setup/, active once totp/enable/ confirmed a code of it. */
    // Sealed with SHOP_SECRET_KEY (lib/secret-box.ts: enc:v1:<key id>:<iv>:<tag>:<ciphertext>), or a Base32
    // secret stored before the key was set.
    totpSecret: varchar('totp_secret', { length: 255 }),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** The time step of the last accepted code: a code is never accepted twice (replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    lastLoginTime: timestamp('last_login_time', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [
    // 'Alice' and 'alice' are the same account.
    uniqueIndex('staff_username_lower_key').on(sql`lower(${t.username})`),
    check('staff_role_known', sql`${t.role} in (${roleList})`),
    index('staff_role_idx').on(t.role),
  ],
);

/** Staff sessions: only the SHA-256 of the bearer token is kept (like member_tokens), 12 hours each. */
export const staffTokens = pgTable(
  'staff_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: char('token_hash', { length: 64 }).notNull().unique('staff_tokens_token_hash_key'),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_tokens_staff_id_idx').on(t.staffId)],
);
