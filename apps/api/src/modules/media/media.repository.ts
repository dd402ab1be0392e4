import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mediaFiles } from '../../db/schema';

export type MediaFileRow = typeof mediaFiles.$inferSelect;
export type NewMediaFile = Pick<typeof mediaFiles.$inferInsert, 'path' | 'contentType' | 'bytes' | 'size'>;

// Bound the parameters of one statement (4 per row) well below PostgreSQL's 65535.
const INSERT_BATCH = 500;
// One parameter per path.
const LOOKUP_BATCH = 5000;

/**
 * Inserts files (bytes null when they are in object storage); a path already stored is left as it is (paths are
 * content hashes or random names, so its bytes are the same).
 */
export async function insertMediaFiles(db: Database, rows: readonly NewMediaFile[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await db
      .insert(mediaFiles)
      .values(rows.slice(i, i + INSERT_BATCH))
      .onConflictDoNothing({ target: mediaFiles.path });
  }
}

/** Which of these paths already have a row. */
export async function storedPaths(db: Database, paths: readonly string[]): Promise<Set<string>> {
  const stored = new Set<string>();
  for (let i = 0; i < paths.length; i += LOOKUP_BATCH) {
    const rows = await db
      .select({ path: mediaFiles.path })
      .from(mediaFiles)
      .where(inArray(mediaFiles.path, paths.slice(i, i + LOOKUP_BATCH)));
    for (const row of rows) stored.add(row.path);
  }
  return stored;
}

/** The stored file at a path, or null; its bytes are null when they live in object storage. */
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
