import { AFTER_SALE_STATE_LABELS, type AfterSaleEvent } from '@shop/domain';
import { Empty, Space, Timeline, Typography } from 'antd';
import { formatTime } from '@/lib/date';
import { EVENT_BY_LABELS } from './labels';

/** Where the after-sale went, oldest first: the state it reached, who moved it, and their note. */
export function AfterSaleEvents({ events }: { events: AfterSaleEvent[] }) {
  if (events.length === 0) return <Empty description="暂无处理记录" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      items={events.map((e, i) => ({
        // The events only grow and have no ids: an event's place is its key.
        key: i,
        color: e.state === 'rejected' || e.state === 'cancelled' ? 'gray' : 'blue',
        content: (
          <div>
            <Space wrap size="small">
              <Typography.Text strong>{AFTER_SALE_STATE_LABELS[e.state]}</Typography.Text>
              <Typography.Text type="secondary">{EVENT_BY_LABELS[e.by]}</Typography.Text>
              <Typography.Text type="secondary">{formatTime(e.at)}</Typography.Text>
            </Space>
            {e.note ? <div className="aftersale-note">{e.note}</div> : null}
          </div>
        ),
      }))}
    />
  );
}
