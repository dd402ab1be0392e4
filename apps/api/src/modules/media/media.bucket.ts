import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { MediaObjectStorageConfig } from '../../config/env';

/** How long one call to the object storage may take (retries included) before the upload or the image fails. */
export const OBJECT_STORAGE_TIMEOUT_MS = 10_000;

/** A call to the object storage that failed: what was asked and what came back, for the log (never for shoppers). */
export class ObjectStorageFailure extends Error {
  override name = 'ObjectStorageFailure';
}

/** One bucket of an S3-compatible service: the bytes of stored images under their paths. */
export interface ObjectBucket {
  put(path: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when the bucket has no such key. */
  get(path: string): Promise<Buffer | null>;
  /** Removes the object; a key already gone is not an error (S3 answers 204 either way). */
  delete(path: string): Promise<void>;
}

/** The error code of an S3 error document (`<Code>NoSuchBucket</Code>`), for the log. */
function s3ErrorCode(body: string): string {
  return /<Code>([^<]{1,100})<\/Code>/.exec(body)?.[1] ?? '';
}

/**
 * The bucket named by MEDIA_S3_*, addressed path-style (endpoint/bucket/prefix+path) so any S3-compatible service
 * works without DNS per bucket; each request signed with SigV4 (aws4fetch).
 */
export function createObjectBucket(config: MediaObjectStorageConfig): ObjectBucket {
  // Two retries of a 5xx answer, not aws4fetch's ten: a shopper's upload waits for them.
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
    retries: 2,
  });

  function urlOf(path: string): string {
    const key = `${config.prefix}${path}`.split('/').map(encodeURIComponent).join('/');
    return `${config.endpoint}/${config.bucket}/${key}`;
  }

  /** Sends one signed request; a network failure or timeout becomes an ObjectStorageFailure naming the URL. */
  async function send(method: string, path: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await client.fetch(urlOf(path), {
        ...init,
        method,
        signal: AbortSignal.timeout(OBJECT_STORAGE_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ObjectStorageFailure(`${method} ${urlOf(path)}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  /** Throws an ObjectStorageFailure with the status and S3 error code of an answer that is not a success. */
  async function refused(method: string, path: string, response: Response): Promise<never> {
    const code = s3ErrorCode(await response.text().catch(() => ''));
    throw new ObjectStorageFailure(`${method} ${urlOf(path)}: HTTP ${response.status} ${code}`.trim());
  }

  return {
    async put(path, bytes, contentType) {
      const response = await send('PUT', path, {
        body: bytes,
        headers: {
          'content-type': contentType,
          // The payload's hash is signed, so the service refuses bytes that changed on the way.
          'x-amz-content-sha256': createHash('sha256').update(bytes).digest('hex'),
        },
      });
      if (!response.ok) return refused('PUT', path, response);
      await response.arrayBuffer();
    },

    async get(path) {
      const response = await send('GET', path);
      if (response.status === 404) {
        const code = s3ErrorCode(await response.text());
        // A missing bucket is a configuration error, not a missing image.
        if (code === 'NoSuchBucket') throw new ObjectStorageFailure(`GET ${urlOf(path)}: HTTP 404 ${code}`);
        return null;
      }
      if (!response.ok) return refused('GET', path, response);
      return Buffer.from(await response.arrayBuffer());
    },

    async delete(path) {
      const response = await send('DELETE', path);
      if (!response.ok && response.status !== 404) return refused('DELETE', path, response);
      await response.arrayBuffer();
    },
  };
}
