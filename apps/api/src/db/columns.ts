import { customType, timestamp } from 'drizzle-orm/pg-core';

/** The creation and last-change times most tables carry, declared once for every schema file. */
export const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Bytes stored in the database (a picture, a slice of an export's file), read back as a Buffer on both drivers. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
