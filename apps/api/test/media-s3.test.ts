import { createHash } from 'node:crypto';
import { ResultCode, SupportTicketPaths, type TicketImage } from '@shop/domain';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles } from '../src/db/schema';
import { createObjectBucket } from '../src/modules/media/media.bucket';
import { createMediaService, detectImageKind } from '../src/modules/media/media.service';
import { createObjectStore, StoreMessages } from '../src/modules/media/media.store';
import { startObjectStorage } from './support/object-storage';
import { newMember } from './support/order-fixtures';
import { freePort } from './support/ports';
import { createTestApp, envelope, type TestApp } from './support/test-app';
import { testImage, upload } from './support/upload';

let storage: Awaited<ReturnType<typeof startObjectStorage>>;
let t: TestApp;

beforeAll(async () => {
  storage = await startObjectStorage();
  t = await createTestApp({ env: { SEED_DEMO: 'false', ...storage.env } });
});
afterAll(async () => {
  await t?.close();
  await storage?.close();
});

/** A member's ticket image, uploaded as the storefront does. */
async function uploadTicketImage(app: TestApp['app'], token: string, width = 640, height = 480) {
  return upload(app, SupportTicketPaths.uploadImage, token, await testImage('jpeg', width, height));
}

async function row(app: TestApp, path: string) {
  const [found] = await app.database.db.select().from(mediaFiles).where(eq(mediaFiles.path, path));
  return found;
}

function image(path: string, width: number) {
  return t.app.inject({
    method: 'GET',
    url: `/res/img/${path}?w=${width}`,
    headers: { accept: 'image/webp' },
  });
}

describe('images in object storage (MEDIA_S3_*)', () => {
  it("puts an upload's bytes in the bucket, keeps its row without them, and serves it resized", async () => {
    const m = await newMember(t.app, 's3');
    const res = await uploadTicketImage(t.app, m.token);
    const body = envelope<TicketImage>(res);
    expect(body.success, body.message).toBe(true);
    const path = body.data.url;

    const object = await storage.object(path);
    expect(object).not.toBeNull();
    expect(detectImageKind(object as Buffer)).toBe('jpeg');
    expect(await row(t, path)).toMatchObject({
      contentType: 'image/jpeg',
      bytes: null,
      size: object?.length,
    });

    const served = await image(path, 160);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(160);
  });

  it('writes a content-addressed image once, and serves a rendered size from memory', async () => {
    const red = await testImage('png', 300, 200);
    const paths = await t.app.services.media.storeImages([
      { input: red, contentType: 'image/png', prefix: 'brand' },
      { input: red, contentType: 'image/png', prefix: 'brand' },
    ]);
    expect(paths[0]).toBe(paths[1]);
    const path = paths[0] as string;
    expect(await storage.object(path)).not.toBeNull();
    expect(await t.app.services.media.storeImage(red, 'image/png', 'brand')).toBe(path);

    expect((await image(path, 64)).statusCode).toBe(200);
    // The object gone behind the shop's back: the size already rendered still comes from memory; a new size
    // finds no bytes and answers the placeholder with 404, as for any missing image.
    await storage.removeObject(path);
    expect((await image(path, 64)).statusCode).toBe(200);
    expect((await image(path, 96)).statusCode).toBe(404);
  });

  it("removes an unused upload's object with its row when loose uploads are pruned", async () => {
    const first = await newMember(t.app, 's3');
    const loose = envelope<TicketImage>(await uploadTicketImage(t.app, first.token)).data.url;
    expect(await storage.object(loose)).not.toBeNull();

    // A day later the next upload prunes the images nobody attached to a post.
    t.clock.advance(25 * 60 * 60 * 1000);
    const later = await newMember(t.app, 's3');
    const kept = envelope<TicketImage>(await uploadTicketImage(t.app, later.token)).data.url;

    expect(await row(t, loose)).toBeUndefined();
    expect(await storage.object(loose)).toBeNull();
    expect(await row(t, kept)).toMatchObject({ bytes: null });
    expect(await storage.object(kept)).not.toBeNull();
  });
});

describe('object storage that does not answer', () => {
  it('refuses the upload with a clear message and writes no row', async () => {
    const port = await freePort();
    const broken = await createTestApp({
      env: { SEED_DEMO: 'false', ...storage.env, MEDIA_S3_ENDPOINT: `http://127.0.0.1:${port}` },
    });
    try {
      const m = await newMember(broken.app, 's3');
      const res = await uploadTicketImage(broken.app, m.token);
      expect(res.statusCode).toBe(503);
      expect(envelope(res)).toMatchObject({
        success: false,
        resultCode: ResultCode.InternalServiceError,
        message: StoreMessages.unavailable,
      });
      const [rows] = await broken.database.db.select({ n: count() }).from(mediaFiles);
      expect(rows?.n).toBe(0);
    } finally {
      await broken.close();
    }
  });

  it('stores nothing when the bucket refuses the access key', async () => {
    const media = createMediaService({
      db: t.database.db,
      store: createObjectStore(
        t.database.db,
        createObjectBucket({
          endpoint: storage.endpoint,
          bucket: storage.env.MEDIA_S3_BUCKET,
          region: 'us-east-1',
          accessKeyId: 'NOT-A-KEY',
          secretAccessKey: 'S3RVER',
          prefix: 'shop/media/',
        }),
      ),
    });
    const green = await testImage('png', 40, 30);
    await expect(media.storeImage(green, 'image/png', 'brand')).rejects.toMatchObject({
      statusCode: 503,
      message: StoreMessages.unavailable,
      cause: expect.objectContaining({ message: expect.stringMatching(/HTTP 403 InvalidAccessKeyId/) }),
    });
    const path = `brand/${createHash('sha256').update(green).digest('hex').slice(0, 16)}.png`;
    expect(await row(t, path)).toBeUndefined();
    expect(await storage.object(path)).toBeNull();
  });
});
