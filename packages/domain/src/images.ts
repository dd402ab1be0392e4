import { IMAGE_DEFAULT_WIDTH, IMAGE_MAX_WIDTH } from './constants';

/** Path under which the server serves (and resizes) product images (spec §3 'Images'). */
export const IMAGE_BASE = '/res/img';
/** Shown when an image is missing (spec §3 'Images'). */
export const PLACEHOLDER_IMAGE = '/res/img/placeholder.png';

/** True for values the spec treats as 'no image': empty, null/undefined or the string 'null'. */
export function isEmptyImage(path: string | null | undefined): boolean {
  if (path === null || path === undefined) return true;
  const text = path.trim();
  return text === '' || text === 'null' || text === 'undefined';
}

/**
 * URL of an image resized to a width (spec §3 'Images', default 128): a relative path becomes
 * `/res/img/<path>?w=<width>`, an absolute http(s) URL passes through unchanged, and an empty value gives
 * the placeholder. A path already under /res/img is not prefixed twice; a width that is not a positive
 * integer falls back to the default, and one beyond what the host renders (a wide banner's 2× variant) is
 * capped at IMAGE_MAX_WIDTH.
 */
export function imageUrl(path: string | null | undefined, width: number = IMAGE_DEFAULT_WIDTH): string {
  if (path === null || path === undefined || isEmptyImage(path)) return PLACEHOLDER_IMAGE;
  const text = path.trim();
  if (/^https?:\/\//i.test(text)) return text;
  let relative = text.replace(/^\/+/, '');
  const base = IMAGE_BASE.slice(1);
  if (relative.startsWith(`${base}/`)) relative = relative.slice(base.length + 1);
  const w = Number.isInteger(width) && width > 0 ? Math.min(width, IMAGE_MAX_WIDTH) : IMAGE_DEFAULT_WIDTH;
  const joiner = relative.includes('?') ? '&' : '?';
  return `${IMAGE_BASE}/${relative}${joiner}w=${w}`;
}

/**
 * The image paths of a JSON list string such as goodImageJson, realImageJson or contentImageJson
 * (spec §3 'Product detail'). Invalid JSON, other shapes and empty entries ('', 'null') give nothing.
 */
export function parseImageList(json: string | null | undefined): string[] {
  if (!json) return [];
  let decoded: unknown;
  try {
    decoded = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(decoded)) return [];
  return decoded.filter((p): p is string => typeof p === 'string' && !isEmptyImage(p)).map((p) => p.trim());
}

/** Widths (CSS px) the storefront shows its lead pictures at: the home carousel, the product gallery, the list. */
export const CAROUSEL_IMAGE_WIDTH = 1200;
export const GALLERY_IMAGE_WIDTH = 480;
/** The product list's pictures (one per product row). */
export const LIST_IMAGE_WIDTH = 120;
/** The strip of top ads over every page (basic template allWrap). */
export const TOP_AD_IMAGE_WIDTH = 1200;

/**
 * The src and srcset of an image shown `width` CSS px wide (its 2× variant for dense screens). One rule for the
 * <img> and for the server's preload of the page's largest image, so the browser finds the two the same.
 */
export function imageSources(
  path: string | null | undefined,
  width: number,
): { src: string; srcSet?: string } {
  const src = imageUrl(path, width);
  const src2x = imageUrl(path, width * 2);
  return src2x !== src ? { src, srcSet: `${src} 1x, ${src2x} 2x` } : { src };
}
