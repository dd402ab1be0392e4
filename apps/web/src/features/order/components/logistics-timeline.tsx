import { ErrorState } from '@/components/empty-state';
import { Skeleton } from '@/components/skeleton';
import { toApiError } from '@/lib/api-client';
import { useLogistics } from '../api/get-logistics';
import { formatDateTime } from '../order-format';

/** The tracking events of one parcel, newest first (spec §3 'Order': logistics info by logistic code). */
export function LogisticsTimeline({ logisticCode }: { logisticCode: string }) {
  const logistics = useLogistics(logisticCode, true);
  if (logistics.isPending) return <Skeleton lines={2} />;
  if (logistics.isError) {
    return (
      <ErrorState message={toApiError(logistics.error).message} onRetry={() => void logistics.refetch()} />
    );
  }
  const events = [...logistics.data.events].sort((a, b) => b.time.localeCompare(a.time));
  if (events.length === 0) return <p className="muted">暂无物流信息</p>;
  return (
    <ol className="logistics-timeline" aria-label={`物流单号 ${logisticCode} 的物流轨迹`}>
      {events.map((event, i) => (
        <li
          key={`${event.time}-${event.description}`}
          className={i === 0 ? 'logistics-event logistics-latest' : 'logistics-event'}
        >
          <div>{event.description}</div>
          <div className="muted">
            {formatDateTime(event.time)}
            {event.location && ` · ${event.location}`}
          </div>
        </li>
      ))}
    </ol>
  );
}
