import { integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from '../../db/columns';

/**
 * The media module's table: uploaded files kept in the database.
 */

/**
 * Stored images, served resized by the image host (spec §3 'Images'). Kept in the database (or their bytes in
 * S3-compatible object storage, media.store.ts), not on one server's disk, so every API process behind a load
 * balancer serves the same files. Paths carry a content hash, so a URL's bytes never change and can be cached
 * forever.
 */
export const mediaFiles = pgTable('media_files', {
  path: varchar('path', { length: 255 }).primaryKey(),
  contentType: varchar('content_type', { length: 60 }).notNull(),
  // NULL when the bytes live in object storage (MEDIA_S3_*); the row stays for listing, cleanup and metadata.
  bytes: bytea('bytes'),
  size: integer('size').notNull(),
  createdAt,
});
