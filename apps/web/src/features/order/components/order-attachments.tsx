import { imageUrl } from '@shop/domain';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { useOrderAttachments } from '../api/get-order-attachments';

/** The photos the warehouse took of the order's packages (getAttach/), opened full size in a new tab. */
export function OrderAttachments({ orderId }: { orderId: number }) {
  return (
    <QueryView
      query={useOrderAttachments(orderId)}
      compact
      loading={<Skeleton lines={1} />}
      isEmpty={(data) => data.length === 0}
      empty="暂无包裹照片"
    >
      {(attachments) => (
        <ul className="order-attachments">
          {attachments.map((attachment) => (
            <li key={attachment.id}>
              <a href={imageUrl(attachment.path, 1200)} target="_blank" rel="noopener noreferrer">
                <img
                  src={imageUrl(attachment.path, 160)}
                  alt={attachment.note || '包裹照片'}
                  width={120}
                  height={120}
                  loading="lazy"
                />
              </a>
              {attachment.note && <span className="muted">{attachment.note}</span>}
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}
