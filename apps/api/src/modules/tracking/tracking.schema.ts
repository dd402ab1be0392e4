import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

/**
 * The tracking module's tables (docs/decisions/061-courier-tracking.md): each shipped parcel the tracking service
 * follows, and the sandbox tracking service's own books. The events themselves are the order module's
 * logistics_events, written through its face.
 */

/**
 * A parcel followed at the tracking service, one per logistic code. Written in the transaction that ships it, so
 * no shipped parcel is forgotten: `pending` until the service accepted the subscription (push) or until its first
 * poll, `tracking` while events come, `ended` once delivered, returned or given up. `state` is the service's state
 * (Kuaidi100's 0 在途, 1 揽收, 3 签收 …) of its newest report, `stateAt` that report's newest event, and
 * `notified` the last milestone the member was told of, so a repeated or older report tells nothing twice.
 */
export const parcelTrackings = pgTable(
  'parcel_trackings',
  {
    id: serial('id').primaryKey(),
    logisticCode: varchar('logistic_code', { length: 60 }).notNull(),
    /** The shop's courier (couriers.code) the parcel left with. */
    courierCode: varchar('courier_code', { length: 32 }).notNull(),
    /** The service's company code it was subscribed or queried with; '' until the courier has one. */
    company: varchar('company', { length: 32 }).notNull().default(''),
    /** The receiver's phone, which some couriers (SF, ZTO) require before they answer. */
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    state: smallint('state'),
    stateAt: timestamp('state_at', { withTimezone: true }),
    notified: varchar('notified', { length: 16 }),
    /** Subscriptions or polls that failed in a row; the next waits longer. */
    attempts: integer('attempts').notNull().default(0),
    /** When the next subscription attempt or poll is due. */
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    /** Why the last attempt failed (the service's own words), for staff; '' when it did not. */
    lastError: varchar('last_error', { length: 200 }).notNull().default(''),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull(),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('parcel_trackings_code_key').on(t.logisticCode),
    index('parcel_trackings_due_idx').on(t.status, t.nextAt),
    check('parcel_trackings_status', sql`${t.status} in ('pending', 'tracking', 'ended')`),
  ],
);

/**
 * The sandbox tracking service's books (docs/design.md 'Outside services, and their sandboxes'): the parcels it was
 * asked to follow, how far its demo courier has moved each, and when each step happened.
 */
export const trackingSandboxParcels = pgTable('tracking_sandbox_parcels', {
  logisticCode: varchar('logistic_code', { length: 60 }).primaryKey(),
  company: varchar('company', { length: 32 }).notNull(),
  step: smallint('step').notNull().default(0),
  /** ISO times of the steps taken, oldest first. */
  movedAt: jsonb('moved_at').$type<string[]>().notNull().default([]),
  createdAt,
  updatedAt,
});
