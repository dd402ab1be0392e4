import type { SupplierNote } from '@shop/domain';
import { Empty, Space, Timeline, Typography } from 'antd';
import { formatTime } from '@/lib/date';
import { SupplierStatusTag } from './status-tag';

/** The contact history, oldest first: who wrote what, and where the status went. */
export function NoteTimeline({ notes }: { notes: SupplierNote[] }) {
  if (notes.length === 0) return <Empty description="暂无联系记录" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      items={notes.map((n) => ({
        key: n.id,
        color: n.status ? 'blue' : 'gray',
        content: (
          <div>
            <Space wrap size="small">
              <Typography.Text type="secondary">{formatTime(n.createTime)}</Typography.Text>
              <Typography.Text strong>{n.by}</Typography.Text>
              {n.status ? (
                <span>
                  状态改为 <SupplierStatusTag status={n.status} />
                </span>
              ) : null}
            </Space>
            {n.note ? <div className="supplier-note">{n.note}</div> : null}
          </div>
        ),
      }))}
    />
  );
}
