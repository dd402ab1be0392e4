import { ResultCode } from '@shop/domain';
import type { MediaObjectStorageConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { createObjectBucket, type ObjectBucket, ObjectStorageFailure } from './media.bucket';
import * as repo from './media.repository';

/**
 * Where stored images live. Every file has its row in media_files (path, type, size, time), so listing and
 * cleanup never depend on where the bytes are; the bytes are in that row (the default) or, with MEDIA_S3_* set,
 * in a bucket of S3-compatible object storage, the row's bytes then NULL.
 */

/** One checked image, ready to store under its path. */
export interface MediaFile {
  path: string;
  contentType: string;
  bytes: Buffer;
}

export interface MediaStore {
  /** Stores the files; a path already stored is left as it is (paths are content hashes or random names). */
  put(files: readonly MediaFile[]): Promise<void>;
  /** The file at a path, or null when none is stored there. */
  get(path: string): Promise<{ contentType: string; bytes: Buffer } | null>;
  /** Removes the files at these paths. */
  delete(paths: readonly string[]): Promise<void>;
}

export const StoreMessages = {
  unavailable: '图片存储暂时不可用，请稍后再试',
} as const;

/** Calls to the object storage at once when storing or deleting many files (the demo seed). */
const OBJECT_CALLS_AT_ONCE = 8;

/** The shopper's answer for an object storage that failed: 503; the cause goes to the log with the request id. */
export function storageUnavailable(cause: unknown): AppError {
  const error = new AppError(ResultCode.InternalServiceError, StoreMessages.unavailable, null, 503);
  error.cause = cause;
  return error;
}

/** Runs `task` on every item, at most `limit` at a time; after a failure none starts, and it rejects with the first. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const failures: unknown[] = [];
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length && failures.length === 0) {
      const item = items[next++] as T;
      await task(item).catch((reason: unknown) => failures.push(reason));
    }
  });
  await Promise.all(lanes);
  if (failures.length > 0) throw failures[0];
}

/** Bytes in the media_files row: one statement stores a batch, and every API process reads the same files. */
export function createDatabaseStore(db: Database): MediaStore {
  return {
    async put(files) {
      await repo.insertMediaFiles(
        db,
        files.map((f) => ({ ...f, size: f.bytes.length })),
      );
    },
    async get(path) {
      const file = await repo.findMediaFile(db, path);
      if (!file) return null;
      // Bytes put in object storage while MEDIA_S3_* was set cannot be read without it.
      if (file.bytes === null)
        throw storageUnavailable(new Error(`${path} is in object storage, but MEDIA_S3_* is not set`));
      return { contentType: file.contentType, bytes: file.bytes };
    },
    async delete(paths) {
      await repo.deleteMediaFiles(db, paths);
    },
  };
}

/**
 * Bytes in a bucket, rows with NULL bytes. Objects are written before their rows and removed after them, so a
 * row never names a missing object (an object whose row failed is an unused leftover, never a broken image).
 */
export function createObjectStore(db: Database, bucket: ObjectBucket): MediaStore {
  /** Runs calls to the bucket, turning their failures into the shopper's 503. */
  async function guarded<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw error instanceof ObjectStorageFailure ? storageUnavailable(error) : error;
    }
  }

  return {
    async put(files) {
      const stored = await repo.storedPaths(
        db,
        files.map((f) => f.path),
      );
      const fresh = files.filter((f) => !stored.has(f.path));
      await guarded(() =>
        eachLimited(fresh, OBJECT_CALLS_AT_ONCE, (f) => bucket.put(f.path, f.bytes, f.contentType)),
      );
      await repo.insertMediaFiles(
        db,
        fresh.map((f) => ({ path: f.path, contentType: f.contentType, bytes: null, size: f.bytes.length })),
      );
    },
    async get(path) {
      const file = await repo.findMediaFile(db, path);
      if (!file) return null;
      // Files stored before the shop moved to object storage keep their bytes in the row.
      if (file.bytes !== null) return { contentType: file.contentType, bytes: file.bytes };
      const bytes = await guarded(() => bucket.get(path));
      return bytes === null ? null : { contentType: file.contentType, bytes };
    },
    async delete(paths) {
      await repo.deleteMediaFiles(db, paths);
      await guarded(() => eachLimited(paths, OBJECT_CALLS_AT_ONCE, (path) => bucket.delete(path)));
    },
  };
}

/** The store the config asks for: the bucket of MEDIA_S3_* when set, else the database. */
export function createMediaStore(
  db: Database,
  objectStorage: MediaObjectStorageConfig | undefined,
): MediaStore {
  return objectStorage ? createObjectStore(db, createObjectBucket(objectStorage)) : createDatabaseStore(db);
}
