import { imageUrl, type TicketReply } from '@shop/domain';
import { Empty, Image, Space, Tag, Typography } from 'antd';
import { formatTime } from '@/lib/date';

/** Every post of the thread, oldest first, each image a thumbnail that opens large. */
export function TicketThread({ replies }: { replies: TicketReply[] }) {
  if (replies.length === 0) return <Empty description="暂无回复" />;
  return (
    <div className="ticket-thread">
      {replies.map((reply) => (
        <div key={reply.id} className={`ticket-post ticket-post-${reply.author}`}>
          <Space size={8} wrap>
            <Tag color={reply.author === 'staff' ? 'blue' : 'gold'}>
              {reply.author === 'staff' ? '客服' : '会员'}
            </Tag>
            <Typography.Text strong>{reply.authorName}</Typography.Text>
            <Typography.Text type="secondary">{formatTime(reply.createdAt)}</Typography.Text>
          </Space>
          <Typography.Paragraph className="ticket-post-content">{reply.content}</Typography.Paragraph>
          {reply.images.length > 0 && (
            <Image.PreviewGroup>
              <Space size={8} wrap>
                {reply.images.map((image) => (
                  <Image
                    key={image.id}
                    width={96}
                    height={96}
                    style={{ objectFit: 'cover' }}
                    src={imageUrl(image.url, 200)}
                    preview={{ src: imageUrl(image.url, 1600) }}
                    alt={`图片 ${image.id}`}
                  />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
        </div>
      ))}
    </div>
  );
}
