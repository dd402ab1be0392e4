import { imageUrl, type TicketImage } from '@shop/domain';
import { Modal } from 'antd';
import { useState } from 'react';

/** Thumbnails of a post's pictures; each opens larger in a dialog. */
export function TicketImages({ images, owner }: { images: readonly TicketImage[]; owner: string }) {
  const [open, setOpen] = useState<TicketImage | null>(null);
  if (images.length === 0) return null;
  return (
    <>
      <ul className="ticket-images" aria-label={`${owner}的图片`}>
        {images.map((image, i) => (
          <li key={image.id}>
            <button type="button" onClick={() => setOpen(image)} aria-label={`查看大图 ${i + 1}`}>
              <img
                src={imageUrl(image.url, 160)}
                alt={`图片 ${i + 1}`}
                loading="lazy"
                width={80}
                height={80}
              />
            </button>
          </li>
        ))}
      </ul>
      <Modal
        open={open !== null}
        onCancel={() => setOpen(null)}
        footer={null}
        width={900}
        centered
        title="查看图片"
        destroyOnHidden
      >
        {open && (
          <a href={imageUrl(open.url, 2000)} target="_blank" rel="noreferrer" className="ticket-image-large">
            <img src={imageUrl(open.url, 1200)} alt="大图" />
          </a>
        )}
      </Modal>
    </>
  );
}
