import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import type { App } from '../../src/app';

/** A multipart/form-data body with text fields first and one file part, as a browser's FormData sends it. */
export function multipartBody(
  field: string,
  file: Buffer,
  fileName = 'photo.jpg',
  contentType = 'image/jpeg',
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----shop${randomBytes(8).toString('hex')}`;
  const texts = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const head = Buffer.from(
    `${texts}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads one file (and text fields) as the member or the console would. */
export function upload(
  app: App,
  url: string,
  token: string,
  file: Buffer,
  field = 'image',
  fileName?: string,
  fields: Record<string, string> = {},
) {
  const body = multipartBody(field, file, fileName, undefined, fields);
  return app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
}

/** A small photo-like image of the given kind. */
export function testImage(kind: 'jpeg' | 'png' | 'webp' | 'gif', width = 64, height = 48): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 40 } } });
  if (kind === 'jpeg')
    return base
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'shop-test-gps' } } })
      .toBuffer();
  if (kind === 'webp') return base.webp().toBuffer();
  if (kind === 'gif') return base.gif().toBuffer();
  return base.png().toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny PNG that claims to be `width` × `height` pixels: what a decompression bomb looks like before decoding. */
export function bombPng(width = 30_000, height = 30_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
