import { IMAGE_BASE } from './images';

/**
 * What the shop's rich text (product descriptions, articles; spec §3 'Product detail', §7 'Content') may hold:
 * the console's editor offers these, its paste cleaner keeps only these, and the server's sanitizer
 * (apps/api/src/lib/rich-text.ts) keeps only these whatever it is sent, so the storefront can show stored HTML as it is.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'b',
  'i',
  'img',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

/** The most columns or rows one table cell may span (colspan, rowspan); a wider span is dropped. */
export const RICH_TEXT_SPAN_MAX = 20;

/** True for a path of the shop itself ('/product/12'), never another site ('//host', 'https:'). */
export function isShopPath(href: string | null | undefined): href is string {
  return typeof href === 'string' && /^\/(?![/\\])\S*$/.test(href);
}

/** True for an image of the shop's own image host ('/res/img/…'), the only images rich text may show. */
export function isHostedImage(src: string | null | undefined): src is string {
  return typeof src === 'string' && src.startsWith(`${IMAGE_BASE}/`) && !src.includes('..');
}

/** A colspan or rowspan worth keeping: a whole number from 1 to RICH_TEXT_SPAN_MAX, as written in HTML. */
export function isRichTextSpan(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[1-9]\d?$/.test(value) && Number(value) <= RICH_TEXT_SPAN_MAX;
}
