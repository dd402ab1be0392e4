import { ResultCode } from '@shop/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ByteLru } from '../src/lib/byte-lru';
import { detectImageKind, MEDIA_LIMITS, variantWidth } from '../src/modules/media/media.service';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let pngPath: string;
let jpegPath: string;
let widePath: string;

/** A solid-colour raster of the given size and format. */
function raster(width: number, height: number, format: 'png' | 'jpeg' = 'png') {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

const CLEAN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200"><rect width="400" height="200" fill="#0a6"/><circle cx="200" cy="100" r="60" fill="#fff"/></svg>';

beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
  const media = t.app.services.media;
  pngPath = await media.storeImage(await raster(640, 480), 'image/png', 'test');
  jpegPath = await media.storeImage(await raster(300, 200, 'jpeg'), 'image/jpeg', 'test');
  widePath = await media.storeImage(await raster(2400, 300), 'image/png', 'test/wide');
});
afterAll(async () => {
  await t?.close();
});

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('storing images', () => {
  it('gives content-addressed paths and stores the same bytes once', async () => {
    expect(pngPath).toMatch(/^test\/[0-9a-f]{16}\.png$/);
    expect(jpegPath).toMatch(/^test\/[0-9a-f]{16}\.jpg$/);
    const again = await t.app.services.media.storeImage(await raster(640, 480), 'image/png', 'test');
    expect(again).toBe(pngPath);
  });

  it('detects the kind by the bytes, not the declared type', async () => {
    const png = await raster(10, 10);
    expect(detectImageKind(png)).toBe('png');
    expect(detectImageKind(Buffer.from(CLEAN_SVG))).toBe('svg');
    expect(detectImageKind(Buffer.from('GIF89a....'))).toBe('gif');
    expect(detectImageKind(Buffer.from('hello'))).toBeNull();
    await expect(t.app.services.media.storeImage(png, 'image/jpeg', 'test')).rejects.toMatchObject({
      code: ResultCode.UnsupportedMediaType,
    });
    await expect(
      t.app.services.media.storeImage(Buffer.from('<html></html>'), 'image/png', 'test'),
    ).rejects.toMatchObject({
      code: ResultCode.UnsupportedMediaType,
    });
    await expect(t.app.services.media.storeImage(png, 'application/pdf', 'test')).rejects.toMatchObject({
      code: ResultCode.UnsupportedMediaType,
    });
  });

  it('refuses SVGs with scripts, event attributes or external references', async () => {
    const unsafe = [
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><rect width="10" height="10"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image xlink:href="https://evil.example/x.png" width="10" height="10"/></svg>',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><foreignObject><div/></foreignObject></svg>',
    ];
    for (const svg of unsafe) {
      await expect(t.app.services.media.storeImage(svg, 'image/svg+xml', 'test'), svg).rejects.toMatchObject({
        code: ResultCode.BadRequest,
      });
    }
    const path = await t.app.services.media.storeImage(CLEAN_SVG, 'image/svg+xml', 'test');
    expect(path).toMatch(/\.svg$/);
  });

  it('refuses files over 5 MiB, broken images and bad folders', async () => {
    const big = Buffer.concat([await raster(10, 10), Buffer.alloc(MEDIA_LIMITS.maxBytes)]);
    await expect(t.app.services.media.storeImage(big, 'image/png', 'test')).rejects.toMatchObject({
      code: ResultCode.PayloadTooLarge,
    });
    const truncated = (await raster(50, 50)).subarray(0, 40);
    await expect(t.app.services.media.storeImage(truncated, 'image/png', 'test')).rejects.toMatchObject({
      code: ResultCode.BadRequest,
    });
    await expect(
      t.app.services.media.storeImage(await raster(5, 5), 'image/png', '../etc'),
    ).rejects.toMatchObject({
      code: ResultCode.ParamsError,
    });
  });
});

describe('GET /res/img/* (spec §3 Images)', () => {
  it('resizes to the asked width with immutable caching headers', async () => {
    const res = await get(`/res/img/${pngPath}?w=320`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toContain('Accept');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+"$/);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 320, height: 240 });

    const notModified = await get(`/res/img/${pngPath}?w=320`, { 'if-none-match': String(res.headers.etag) });
    expect(notModified.statusCode).toBe(304);
  });

  it('serves WebP to browsers that accept it, PNG or JPEG (for JPEG sources) to others', async () => {
    const webp = await get(`/res/img/${pngPath}?w=128`, { accept: 'image/avif,image/webp,*/*' });
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 128 });
    const jpeg = await get(`/res/img/${jpegPath}?w=128`, { accept: 'image/*' });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(jpeg.rawPayload).metadata()).format).toBe('jpeg');
    expect(webp.headers.etag).not.toBe((await get(`/res/img/${pngPath}?w=128`)).headers.etag);
  });

  it('rounds widths up to a step, never enlarges rasters, and caps the original at 1600', async () => {
    expect(variantWidth(100)).toBe(112);
    expect(variantWidth(16)).toBe(16);
    expect(variantWidth(1600)).toBe(1600);
    expect((await sharp((await get(`/res/img/${pngPath}?w=100`)).rawPayload).metadata()).width).toBe(112);
    expect((await sharp((await get(`/res/img/${jpegPath}?w=800`)).rawPayload).metadata()).width).toBe(300);
    expect((await sharp((await get(`/res/img/${pngPath}`)).rawPayload).metadata()).width).toBe(640);
    expect((await sharp((await get(`/res/img/${widePath}`)).rawPayload).metadata()).width).toBe(1600);
  });

  it('rasterizes SVG sources at the asked width', async () => {
    const path = await t.app.services.media.storeImage(CLEAN_SVG, 'image/svg+xml', 'test');
    const res = await get(`/res/img/${path}?w=800`);
    expect(res.headers['content-type']).toBe('image/png');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 800, height: 400 });
  });

  it('answers repeated requests from the cache', async () => {
    await get(`/res/img/${pngPath}?w=480`);
    const before = t.app.services.media.cacheStats();
    const res = await get(`/res/img/${pngPath}?w=480`);
    expect(res.statusCode).toBe(200);
    expect(t.app.services.media.cacheStats()).toEqual(before);
  });

  it('gives the placeholder for empty, null and undefined names, resized', async () => {
    for (const name of ['null', 'undefined', '', 'placeholder.png']) {
      const res = await get(`/res/img/${name}?w=64`);
      expect(res.statusCode, name).toBe(200);
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 64, height: 64 });
    }
  });

  it('answers a missing or malformed path with 404 and the placeholder image, not cached', async () => {
    for (const path of [
      'goods/0000000000000000.png',
      'a%20b.png',
      '..%2F..%2Fetc%2Fpasswd',
      'goods/../x.png',
    ]) {
      const res = await get(`/res/img/${path}?w=32`);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toBe('image/png');
      expect((await sharp(res.rawPayload).metadata()).width).toBe(32);
    }
  });

  it('refuses a bad width with the ParamsError envelope', async () => {
    for (const w of ['0', '15', '1601', 'abc', '12.5', '-5', '']) {
      const res = await get(`/res/img/${pngPath}?w=${w}`);
      expect(res.statusCode, w).toBe(400);
      expect(res.json()).toMatchObject({ success: false, resultCode: ResultCode.ParamsError });
    }
  });
});

describe('ByteLru', () => {
  it('evicts the least recently used entries beyond its byte budget', () => {
    const lru = new ByteLru<Buffer>(10);
    lru.set('a', Buffer.alloc(4));
    lru.set('b', Buffer.alloc(4));
    lru.get('a');
    lru.set('c', Buffer.alloc(4));
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBeDefined();
    expect(lru.bytes).toBe(8);
    lru.set('huge', Buffer.alloc(11));
    expect(lru.get('huge')).toBeUndefined();
  });
});
