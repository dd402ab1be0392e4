import type { LogisticsInfo } from '@shop/domain';
import { QueryView } from '@/components/query-view';
import { useLogistics } from '../api/get-logistics';
import { formatDateTime } from '../order-format';

/** The tracking events of one parcel, newest first (spec §3 'Order': logistics info by logistic code). */
export function LogisticsTimeline({ logisticCode }: { logisticCode: string }) {
  return (
    <QueryView
      query={useLogistics(logisticCode, true)}
      compact
      isEmpty={(data) => data.events.length === 0}
      empty="暂无物流信息"
    >
      {(data) => <Timeline logisticCode={logisticCode} events={data.events} />}
    </QueryView>
  );
}

function Timeline({
  logisticCode,
  events: given,
}: {
  logisticCode: string;
  events: LogisticsInfo['events'];
}) {
  const events = [...given].sort((a, b) => b.time.localeCompare(a.time));
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
