import { imageSources, PLACEHOLDER_IMAGE } from '@shop/domain';
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
  /** The page's largest picture (the first banner, the product's photo): fetched before the others. */
  priority?: boolean;
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
  priority = false,
  className,
}: ProductImageProps) {
  const { src, srcSet } = imageSources(path, width);
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      fetchPriority={priority ? 'high' : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
      onError={showPlaceholder}
    />
  );
}
