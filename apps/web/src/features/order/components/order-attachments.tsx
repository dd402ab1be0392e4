import { imageUrl } from '@shop/domain';
import { ErrorState } from '@/components/empty-state';
import { Skeleton } from '@/components/skeleton';
import { toApiError } from '@/lib/api-client';
import { useOrderAttachments } from '../api/get-order-attachments';

/** The photos the warehouse took of the order's packages (getAttach/), opened full size in a new tab. */
export function OrderAttachments({ orderId }: { orderId: number }) {
  const attachments = useOrderAttachments(orderId);
  if (attachments.isPending) return <Skeleton lines={1} />;
  if (attachments.isError) {
    return (
      <ErrorState
        message={toApiError(attachments.error).message}
        onRetry={() => void attachments.refetch()}
      />
    );
  }
  if (attachments.data.length === 0) return <p className="muted">暂无包裹照片</p>;
  return (
    <ul className="order-attachments">
      {attachments.data.map((attachment) => (
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
  );
}
