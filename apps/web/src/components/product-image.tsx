import { imageUrl, PLACEHOLDER_IMAGE } from '@shop/domain';
import type { SyntheticEvent } from 'react';

export interface ProductImageProps {
  /** Image path on the image host (spec §3 'Images'); empty or 'null' shows the placeholder. */
  path: string | null | undefined;
  alt: string;
  /** Display width in CSS pixels: the host resizes to it (and to twice it for sharp phone screens). */
  width: number;
  /** Display height; square by default. */
  height?: number;
  /** Below the fold: let the browser load it when it comes near. */
  lazy?: boolean;
  className?: string;
}

function showPlaceholder(event: SyntheticEvent<HTMLImageElement>) {
  const img = event.currentTarget;
  if (!img.src.endsWith(PLACEHOLDER_IMAGE)) {
    img.removeAttribute('srcset');
    img.src = PLACEHOLDER_IMAGE;
  }
}

/** A product, brand or ad image at the size it is shown (width/height set so the layout does not jump). */
export function ProductImage({
  path,
  alt,
  width,
  height = width,
  lazy = true,
  className,
}: ProductImageProps) {
  const src = imageUrl(path, width);
  const src2x = imageUrl(path, width * 2);
  return (
    <img
      className={className}
      src={src}
      srcSet={src2x !== src ? `${src} 1x, ${src2x} 2x` : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
      onError={showPlaceholder}
    />
  );
}
