import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';

/** s3rver's one account. */
const ACCESS_KEY = 'S3RVER';

/**
 * A local S3-compatible server for one test file: one bucket, its files in a temporary folder, on a free loopback
 * port; `env` configures the app for it, `object` reads what the bucket holds with a signed request of its own.
 */
export async function startObjectStorage(bucket = 'shop-media', prefix = 'shop/media') {
  const directory = await mkdtemp(join(tmpdir(), 'shop-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new AwsClient({
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    service: 's3',
    retries: 0,
  });
  const urlOf = (path: string) => `${endpoint}/${bucket}/${prefix}/${path}`;
  return {
    endpoint,
    env: {
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_ACCESS_KEY_ID: ACCESS_KEY,
      MEDIA_S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      MEDIA_S3_PREFIX: prefix,
    },
    /** The bytes the bucket holds for an image path, or null when it holds none. */
    async object(path: string): Promise<Buffer | null> {
      const res = await client.fetch(urlOf(path));
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
    /** Removes an image's object behind the shop's back. */
    async removeObject(path: string): Promise<void> {
      const res = await client.fetch(urlOf(path), { method: 'DELETE' });
      if (!res.ok) throw new Error(`DELETE ${path}: HTTP ${res.status}`);
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
