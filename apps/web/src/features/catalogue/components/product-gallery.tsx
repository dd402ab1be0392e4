import { GALLERY_IMAGE_WIDTH } from '@shop/domain';
import { useState } from 'react';
import { ProductImage } from '@/components/product-image';

/**
 * The product's pictures (spec §3 'Product detail': goodImageJson main images, then realImageJson photos):
 * one large picture and a row of thumbnails; the placeholder when there are none.
 */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  return (
    <div className="gallery">
      <div className="gallery-main">
        <ProductImage path={current} alt={name} width={GALLERY_IMAGE_WIDTH} lazy={false} priority />
      </div>
      {images.length > 1 && (
        // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not a form fieldset
        <div className="gallery-thumbs" role="group" aria-label="商品图片">
          {images.map((path, i) => (
            <button
              // The same picture may appear twice; its place in the list is its identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: positional list
              key={`${path}-${i}`}
              type="button"
              className="gallery-thumb"
              aria-pressed={i === index}
              aria-label={`第 ${i + 1} 张图片`}
              onClick={() => setIndex(i)}
            >
              <ProductImage path={path} alt="" width={64} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
