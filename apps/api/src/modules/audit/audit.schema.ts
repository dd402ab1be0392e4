import { index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { staff } from '../staff/staff.schema';

/**
 * The audit module's table: the staff audit log.
 */

/**
 * Who did what to which object, with the values before and after. Append-only: a trigger of the migration
 * refuses UPDATE, DELETE and TRUNCATE, so not even the application can rewrite what happened.
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: serial('id').primaryKey(),
    /** Null for the operator command line. */
    staffId: integer('staff_id').references(() => staff.id),
    /** The staff username, or 'cli' / 'cli:<--by>'. */
    actor: varchar('actor', { length: 100 }).notNull(),
    action: varchar('action', { length: 64 }).notNull(),
    objectType: varchar('object_type', { length: 64 }).notNull(),
    objectId: varchar('object_id', { length: 64 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: varchar('ip', { length: 64 }),
    createdAt,
  },
  (t) => [
    index('staff_audit_log_created_at_idx').on(t.createdAt),
    index('staff_audit_log_staff_idx').on(t.staffId, t.createdAt),
    index('staff_audit_log_action_idx').on(t.action, t.createdAt),
    index('staff_audit_log_object_idx').on(t.objectType, t.objectId, t.createdAt),
  ],
);
