import type { QuoteMessage } from '@shop/domain';
import { Empty, Space, Tag, Typography } from 'antd';
import { formatTime } from '@/lib/date';

/** The quote's messages, oldest first, the member's and the shop's told apart (as a ticket's thread). */
export function QuoteThread({ messages }: { messages: QuoteMessage[] }) {
  if (messages.length === 0) return <Empty description="暂无消息" />;
  return (
    <div className="ticket-thread">
      {messages.map((m, i) => (
        // The thread only grows and has no ids: a message's place is its key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <div key={i} className={`ticket-post ticket-post-${m.from}`}>
          <Space size={8} wrap>
            <Tag color={m.from === 'staff' ? 'blue' : 'gold'}>{m.from === 'staff' ? '客服' : '会员'}</Tag>
            <Typography.Text strong>{m.author}</Typography.Text>
            <Typography.Text type="secondary">{formatTime(m.createdAt)}</Typography.Text>
          </Space>
          <Typography.Paragraph className="ticket-post-content">{m.text}</Typography.Paragraph>
        </div>
      ))}
    </div>
  );
}
