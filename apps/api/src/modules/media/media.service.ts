import { createHash, randomBytes } from 'node:crypto';
import { IMAGE_MAX_WIDTH, ResultCode } from '@shop/domain';
import sharp, { type Sharp } from 'sharp';
import type { Database } from '../../db/client';
import { AppError, paramsError } from '../../lib/app-error';
import { ByteLru } from '../../lib/byte-lru';
import { createDatabaseStore, type MediaFile, type MediaStore } from './media.store';

/**
 * Stored images and the image host (spec §3 'Images': paths relative to an image host, resized by a width
 * parameter, a placeholder when the image is empty or 'null'). Files live in the database, or in S3-compatible
 * object storage with MEDIA_S3_* (media.store.ts), so every API process serves the same ones; their paths are
 * content hashes or random names, so a URL's bytes never change.
 */

export const MEDIA_LIMITS = {
  /** Largest file accepted. */
  maxBytes: 5 * 1024 * 1024,
  minWidth: 16,
  maxWidth: IMAGE_MAX_WIDTH,
  /** Widths are rounded up to a multiple of this, so the cache holds a bounded number of variants. */
  widthStep: 16,
  /** Resized outputs kept in memory. */
  cacheBytes: 64 * 1024 * 1024,
  /** Decoded pixels allowed per source, against decompression bombs (about 8000 × 8000). */
  maxInputPixels: 64_000_000,
} as const;

export type ImageKind = 'png' | 'jpeg' | 'webp' | 'gif' | 'svg';

const KINDS: Record<ImageKind, { contentType: string; ext: string }> = {
  png: { contentType: 'image/png', ext: 'png' },
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  webp: { contentType: 'image/webp', ext: 'webp' },
  gif: { contentType: 'image/gif', ext: 'gif' },
  svg: { contentType: 'image/svg+xml', ext: 'svg' },
};

const CONTENT_TYPE_KINDS: Record<string, ImageKind> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
};

/** What a shopper may upload (support ticket images): photos and screenshots, checked and re-encoded. */
export const UPLOAD_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxPixels: 20_000_000,
  kinds: ['jpeg', 'png', 'webp', 'gif'] as readonly ImageKind[],
} as const;

export const MediaMessages = {
  tooLarge: '图片不能超过 5 MiB',
  unsupportedType: '仅支持 PNG、JPEG、WebP、GIF、SVG 图片',
  typeMismatch: '图片内容与声明的类型不符',
  unreadable: '图片已损坏或无法解析',
  unsafeSvg: 'SVG 图片含有脚本、事件属性或外部引用，已拒绝',
  badPrefix: '图片目录只能包含小写字母、数字、-、_ 和 /',
  uploadTooLarge: '图片不能超过 5 MB',
  uploadType: '仅支持 JPEG、PNG、WebP、GIF 图片',
  uploadTooManyPixels: '图片像素过多（最多2000万像素）',
  uploadUnreadable: '图片已损坏或不完整，请重新选择',
  badWidth: `图片宽度须为 ${MEDIA_LIMITS.minWidth}-${MEDIA_LIMITS.maxWidth} 的整数`,
} as const;

/** Paths are database keys; this charset (and no '..') keeps any path safe to log and to put in a URL. */
export const MEDIA_PATH_PATTERN = /^[A-Za-z0-9/_.-]{1,255}$/;
const PREFIX_PATTERN = /^[a-z0-9_-]+(?:\/[a-z0-9_-]+)*$/;

/**
 * Uploads kept from the public image host (a member's transfer slip): stored like any upload, but read only
 * through `readPrivate` by a call that checked who asks; `/res/img/private/…` answers 404.
 */
export const PRIVATE_PREFIX = 'private';

function isPrivate(path: string): boolean {
  return path === PRIVATE_PREFIX || path.startsWith(`${PRIVATE_PREFIX}/`);
}

/** Names a client may use for 'no image' (spec §3 'Images': empty or the string 'null'). */
const PLACEHOLDER_NAMES = new Set(['', 'null', 'undefined', 'placeholder.png']);

/** The image kind of a file by its first bytes (never by its name or declared type); null when unknown. */
export function detectImageKind(bytes: Buffer): ImageKind | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  const text = bytes
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^<svg[\s>]/i.test(text)) return 'svg';
  if (text.startsWith('<?xml') && /<svg[\s>]/i.test(bytes.toString('utf8'))) return 'svg';
  return null;
}

// Anything that can run code, reach outside the document or blow up the XML parser. SVGs are refused
// rather than rewritten, so what is stored is exactly what was checked.
const UNSAFE_SVG: readonly RegExp[] = [
  /<script/i,
  /<foreignObject/i,
  /<(?:iframe|embed|object|audio|video|link|meta)\b/i,
  /<!(?:DOCTYPE|ENTITY)/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /@import/i,
  // href and xlink:href may only point inside the document ('#id') or carry an embedded raster image.
  /\bhref\s*=\s*["'](?!#|data:image\/(?:png|jpeg|webp|gif);)/i,
  /url\(\s*["']?(?!#|data:image\/(?:png|jpeg|webp|gif);)/i,
];

/** The reason an SVG document is unsafe to serve, or null when it passes. */
export function unsafeSvgReason(svg: string): string | null {
  for (const pattern of UNSAFE_SVG)
    if (pattern.test(svg)) return `${MediaMessages.unsafeSvg}（${pattern.source}）`;
  return null;
}

export interface NewImage {
  /** Raster bytes, or an SVG document as text or bytes. */
  input: Buffer | string;
  /** The declared type; it must match what the bytes are. */
  contentType: string;
  /** Folder of the path, e.g. 'goods' or 'brand/logo'. */
  prefix: string;
}

export interface ServedImage {
  /** 200, or 404 with the placeholder as the body (a broken image then shows the placeholder). */
  status: 200 | 404;
  body: Buffer;
  contentType: string;
  /** Set for cacheable (200) responses. */
  etag: string | null;
  cacheControl: string;
}

interface Variant {
  body: Buffer;
  contentType: string;
  etag: string;
  byteLength: number;
}

type OutputFormat = 'webp' | 'png' | 'jpeg';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Bumped when the placeholder's drawing changes, so cached copies under the old ETag are not reused.
const PLACEHOLDER_VERSION = 'v1';

/**
 * The placeholder (spec §3 'Images'): a light grey square with a picture glyph (frame, sun, hills), drawn
 * here so it needs no file and no font.
 */
export const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<rect width="800" height="800" fill="#f2f3f5"/>
<rect x="250" y="280" width="300" height="240" rx="24" fill="none" stroke="#c9cdd4" stroke-width="18"/>
<circle cx="335" cy="355" r="30" fill="#c9cdd4"/>
<path d="M268 500 L360 410 L420 465 L470 420 L532 500 Z" fill="#c9cdd4"/>
</svg>`;

export type MediaService = ReturnType<typeof createMediaService>;

/** Width of the variant to render: absent → original (capped); else rounded up to the step. */
export function variantWidth(width: number | undefined): number | undefined {
  if (width === undefined) return undefined;
  const stepped = Math.ceil(width / MEDIA_LIMITS.widthStep) * MEDIA_LIMITS.widthStep;
  return Math.min(Math.max(stepped, MEDIA_LIMITS.minWidth), MEDIA_LIMITS.maxWidth);
}

function hash16(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 16);
}

/** Checks one image and gives the file to store; throws AppError with a message an operator can act on. */
async function prepareImage(image: NewImage): Promise<MediaFile> {
  if (!PREFIX_PATTERN.test(image.prefix) || image.prefix.length > 200) {
    throw paramsError(MediaMessages.badPrefix);
  }
  const bytes = typeof image.input === 'string' ? Buffer.from(image.input, 'utf8') : image.input;
  if (bytes.length > MEDIA_LIMITS.maxBytes)
    throw new AppError(ResultCode.PayloadTooLarge, MediaMessages.tooLarge);
  const declared = CONTENT_TYPE_KINDS[image.contentType.split(';')[0]?.trim().toLowerCase() ?? ''];
  if (declared === undefined)
    throw new AppError(ResultCode.UnsupportedMediaType, MediaMessages.unsupportedType);
  const detected = detectImageKind(bytes);
  if (detected === null) throw new AppError(ResultCode.UnsupportedMediaType, MediaMessages.unsupportedType);
  if (detected !== declared) {
    throw new AppError(
      ResultCode.UnsupportedMediaType,
      `${MediaMessages.typeMismatch}（声明 ${image.contentType}，实际为 ${KINDS[detected].contentType}）`,
    );
  }
  if (detected === 'svg') {
    const reason = unsafeSvgReason(bytes.toString('utf8'));
    if (reason) throw new AppError(ResultCode.BadRequest, reason);
  }
  try {
    const meta = await sharp(bytes, { limitInputPixels: MEDIA_LIMITS.maxInputPixels }).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
  } catch {
    throw new AppError(ResultCode.BadRequest, MediaMessages.unreadable);
  }
  const { contentType, ext } = KINDS[detected];
  return { path: `${image.prefix}/${hash16(bytes)}.${ext}`, contentType, bytes };
}

/** Renders a source at a width in an output format. SVGs are drawn at the target width (vectors stay sharp). */
async function renderVariant(
  source: Buffer,
  sourceType: string,
  width: number | undefined,
  format: OutputFormat,
): Promise<Buffer> {
  const limitInputPixels = MEDIA_LIMITS.maxInputPixels;
  let pipeline: Sharp;
  if (sourceType === 'image/svg+xml') {
    const meta = await sharp(source, { limitInputPixels }).metadata();
    const intrinsic = meta.width ?? MEDIA_LIMITS.maxWidth;
    const target = Math.min(width ?? intrinsic, MEDIA_LIMITS.maxWidth);
    // librsvg draws at 72 dpi by default; a density scaled to the target draws the vector at that size.
    const density = Math.min(Math.max((72 * target) / intrinsic, 1), 100_000);
    pipeline = sharp(source, { density, limitInputPixels }).resize({ width: target });
  } else {
    pipeline = sharp(source, { limitInputPixels, animated: false })
      .rotate()
      .resize({ width: width ?? MEDIA_LIMITS.maxWidth, withoutEnlargement: true });
  }
  if (format === 'webp') return pipeline.webp({ quality: 80 }).toBuffer();
  if (format === 'jpeg') return pipeline.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  return pipeline.png({ compressionLevel: 8 }).toBuffer();
}

class MissingImage extends Error {}

const FORMAT_TYPES: Record<OutputFormat, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpeg: 'image/jpeg',
};

/** The media service: stores images and serves them resized from an in-memory cache. */
export function createMediaService({
  db,
  store = createDatabaseStore(db),
  cacheBytes = MEDIA_LIMITS.cacheBytes,
}: {
  db: Database;
  /** Where the bytes live: the database unless MEDIA_S3_* names a bucket (services.ts). */
  store?: MediaStore;
  cacheBytes?: number;
}) {
  const cache = new ByteLru<Variant>(cacheBytes);
  // Concurrent requests for one variant share one render instead of each running sharp.
  const inFlight = new Map<string, Promise<Variant>>();

  async function variant(
    key: string,
    load: () => Promise<{ bytes: Buffer; contentType: string }>,
    width: number | undefined,
    format: OutputFormat,
  ): Promise<Variant> {
    const cached = cache.get(key);
    if (cached) return cached;
    const pending = inFlight.get(key);
    if (pending) return pending;
    const work = (async () => {
      const source = await load();
      const body = await renderVariant(source.bytes, source.contentType, width, format);
      const made: Variant = {
        body,
        contentType: FORMAT_TYPES[format],
        etag: `"${hash16(key)}"`,
        byteLength: body.byteLength,
      };
      cache.set(key, made);
      return made;
    })();
    inFlight.set(key, work);
    try {
      return await work;
    } finally {
      inFlight.delete(key);
    }
  }

  function placeholder(width: number | undefined, format: OutputFormat) {
    const key = `placeholder:${PLACEHOLDER_VERSION}|${width ?? 'orig'}|${format}`;
    return variant(
      key,
      async () => ({ bytes: Buffer.from(PLACEHOLDER_SVG), contentType: 'image/svg+xml' }),
      width,
      format === 'jpeg' ? 'png' : format,
    );
  }

  return {
    /** Stores one image (checked by its bytes) and returns its content-addressed path; storing it again is a no-op. */
    async storeImage(input: Buffer | string, contentType: string, prefix: string): Promise<string> {
      const file = await prepareImage({ input, contentType, prefix });
      await store.put([file]);
      return file.path;
    },

    /**
     * Stores a shopper's upload under an unguessable name (`prefix/<32 hex>.ext`), only after checking it by its
     * bytes (JPEG, PNG, WebP or GIF; at most 5 MB and 20 megapixels, so no decompression bomb) and re-encoding
     * it: turned upright, metadata such as the camera's GPS position stripped, a GIF kept as its first frame.
     */
    async storeUpload(
      input: Buffer,
      prefix: string,
    ): Promise<{ path: string; width: number; height: number; size: number }> {
      if (!PREFIX_PATTERN.test(prefix)) throw paramsError(MediaMessages.badPrefix);
      if (input.length > UPLOAD_LIMITS.maxBytes)
        throw new AppError(ResultCode.PayloadTooLarge, MediaMessages.uploadTooLarge);
      const kind = detectImageKind(input);
      if (kind === null || !UPLOAD_LIMITS.kinds.includes(kind))
        throw new AppError(ResultCode.UnsupportedMediaType, MediaMessages.uploadType);
      let out: { data: Buffer; info: { width: number; height: number } };
      try {
        const meta = await sharp(input, { limitInputPixels: false, failOn: 'warning' }).metadata();
        if ((meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) > UPLOAD_LIMITS.maxPixels)
          throw new AppError(ResultCode.BadRequest, MediaMessages.uploadTooManyPixels);
        const pipeline = sharp(input, {
          limitInputPixels: UPLOAD_LIMITS.maxPixels,
          failOn: 'warning',
          animated: false,
        }).rotate();
        const encoded =
          kind === 'jpeg'
            ? pipeline.jpeg({ quality: 85, mozjpeg: true })
            : kind === 'webp'
              ? pipeline.webp({ quality: 85 })
              : pipeline.png({ compressionLevel: 8 });
        out = await encoded.toBuffer({ resolveWithObject: true });
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError(ResultCode.BadRequest, MediaMessages.uploadUnreadable);
      }
      const ext = kind === 'jpeg' ? 'jpg' : kind === 'webp' ? 'webp' : 'png';
      const contentType = kind === 'jpeg' ? 'image/jpeg' : kind === 'webp' ? 'image/webp' : 'image/png';
      const path = `${prefix}/${randomBytes(16).toString('hex')}.${ext}`;
      await store.put([{ path, contentType, bytes: out.data }]);
      return { path, width: out.info.width, height: out.info.height, size: out.data.length };
    },

    /**
     * Stores a private document that is not an image (an issued fapiao's PDF) under an unguessable name
     * (`private/…/<32 hex>.<ext>`); the caller checked its type. Read back through readPrivate only.
     */
    async storePrivateFile(bytes: Buffer, prefix: string, contentType: string, ext: string): Promise<string> {
      if (!PREFIX_PATTERN.test(prefix) || !isPrivate(`${prefix}/x`) || !/^[a-z0-9]{1,8}$/.test(ext))
        throw paramsError(MediaMessages.badPrefix);
      const path = `${prefix}/${randomBytes(16).toString('hex')}.${ext}`;
      await store.put([{ path, contentType, bytes }]);
      return path;
    },

    /**
     * The bytes of a private upload (`private/…`, see PRIVATE_PREFIX) as stored, for a call that checked who
     * asks; null when missing or not private.
     */
    async readPrivate(path: string): Promise<{ bytes: Buffer; contentType: string } | null> {
      if (!isPrivate(path) || !MEDIA_PATH_PATTERN.test(path) || path.split('/').includes('..')) return null;
      return store.get(path);
    },

    /** Removes stored files (uploads nobody used); their cached sizes age out of the cache. */
    async deleteFiles(paths: readonly string[]): Promise<void> {
      await store.delete(paths);
    },

    /** Stores many images in a few statements (the demo seed); all are checked before any is written. */
    async storeImages(images: readonly NewImage[]): Promise<string[]> {
      const files = await Promise.all(images.map(prepareImage));
      const unique = new Map(files.map((f) => [f.path, f]));
      await store.put([...unique.values()]);
      return files.map((f) => f.path);
    },

    /**
     * An image for the image host (spec §3 'Images'): resized to `width` (already validated, 16-1600;
     * undefined = original size capped at 1600), WebP when the client accepts it, else PNG (JPEG for JPEG
     * sources). Empty names and 'null' give the placeholder; a missing path gives it with status 404.
     */
    async serve(path: string, width: number | undefined, acceptsWebp: boolean): Promise<ServedImage> {
      const w = variantWidth(width);
      const name = path.replace(/^\/+/, '');
      if (PLACEHOLDER_NAMES.has(name)) {
        const made = await placeholder(w, acceptsWebp ? 'webp' : 'png');
        return {
          status: 200,
          body: made.body,
          contentType: made.contentType,
          etag: made.etag,
          cacheControl: IMMUTABLE,
        };
      }
      const valid =
        MEDIA_PATH_PATTERN.test(name) &&
        !name.split('/').some((s) => s === '..' || s === '.' || s === '') &&
        !isPrivate(name);
      // Stored paths end in the extension of their kind, so the format is known before the store is
      // asked, and a cached variant is served without a query.
      const format: OutputFormat = acceptsWebp ? 'webp' : /\.jpe?g$/i.test(name) ? 'jpeg' : 'png';
      try {
        if (!valid) throw new MissingImage();
        const made = await variant(
          `${name}|${w ?? 'orig'}|${format}`,
          async () => {
            const file = await store.get(name);
            if (!file) throw new MissingImage();
            return file;
          },
          w,
          format,
        );
        return {
          status: 200,
          body: made.body,
          contentType: made.contentType,
          etag: made.etag,
          cacheControl: IMMUTABLE,
        };
      } catch (error) {
        if (!(error instanceof MissingImage)) throw error;
        const made = await placeholder(w, acceptsWebp ? 'webp' : 'png');
        // Not cacheable: the file may be stored later under this very path.
        return {
          status: 404,
          body: made.body,
          contentType: made.contentType,
          etag: null,
          cacheControl: 'no-cache',
        };
      }
    },

    /** Bytes and entries held by the resize cache (for tests and diagnostics). */
    cacheStats() {
      return { bytes: cache.bytes, entries: cache.size };
    },
  };
}
