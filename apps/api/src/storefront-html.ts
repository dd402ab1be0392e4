import { imageSources } from '@shop/domain';

/** Text for HTML content and quoted attributes. */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `<img>` as ProductImage writes it. */
export function imageTag(
  path: string | null | undefined,
  alt: string,
  width: number,
  height: number,
  extra: { className?: string; priority?: boolean; lazy?: boolean } = {},
): string {
  const { src, srcSet } = imageSources(path, width);
  return [
    '<img',
    extra.className ? ` class="${extra.className}"` : '',
    extra.priority ? ' fetchpriority="high"' : '',
    ` alt="${escapeHtml(alt)}" width="${width}" height="${height}" loading="${extra.lazy ? 'lazy' : 'eager'}" decoding="async"`,
    srcSet ? ` srcset="${escapeHtml(srcSet)}"` : '',
    ` src="${escapeHtml(src)}">`,
  ].join('');
}
