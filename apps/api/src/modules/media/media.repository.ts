import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mediaFiles } from '../../db/schema';

export type MediaFileRow = typeof mediaFiles.$inferSelect;
export type NewMediaFile = Pick<typeof mediaFiles.$inferInsert, 'path' | 'contentType' | 'bytes' | 'size'>;

// Bound the parameters of one statement (4 per row) well below PostgreSQL's 65535.
const INSERT_BATCH = 500;

/** Inserts files; a path already stored is left as it is (paths are content hashes, so its bytes are the same). */
export async function insertMediaFiles(db: Database, rows: readonly NewMediaFile[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await db
      .insert(mediaFiles)
      .values(rows.slice(i, i + INSERT_BATCH))
      .onConflictDoNothing({ target: mediaFiles.path });
  }
}

/** The stored file at a path, or null. */
export async function findMediaFile(
  db: Database,
  path: string,
): Promise<Pick<MediaFileRow, 'path' | 'contentType' | 'bytes'> | null> {
  const rows = await db
    .select({ path: mediaFiles.path, contentType: mediaFiles.contentType, bytes: mediaFiles.bytes })
    .from(mediaFiles)
    .where(eq(mediaFiles.path, path))
    .limit(1);
  return rows[0] ?? null;
}

/** Deletes the files at these paths. */
export async function deleteMediaFiles(db: Database, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  await db.delete(mediaFiles).where(inArray(mediaFiles.path, [...paths]));
}
