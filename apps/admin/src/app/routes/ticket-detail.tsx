import { ArrowLeftOutlined } from '@ant-design/icons';
import { supportTicketTypeLabel } from '@shop/domain';
import { Button, Card, Col, Descriptions, Result, Row, Skeleton, Space } from 'antd';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { useTicket } from '@/features/tickets/api/get-ticket';
import { ReplyForm } from '@/features/tickets/components/reply-form';
import { TicketActions } from '@/features/tickets/components/ticket-actions';
import { PriorityTag, TicketStatusTag } from '@/features/tickets/components/ticket-labels';
import { TicketSide } from '@/features/tickets/components/ticket-side';
import { TicketThread } from '@/features/tickets/components/ticket-thread';
import { formatTime } from '@/lib/date';
import { paths } from '@/lib/paths';

/** One ticket: the thread and the reply on the left, the member and their orders on the right. */
export default function TicketDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const ticket = useTicket(valid ? id : 0);
  const back = (
    <Link to={paths.page('tickets')}>
      <Button icon={<ArrowLeftOutlined />}>返回工单列表</Button>
    </Link>
  );

  if (!valid) return <Result status="404" title="工单不存在" extra={back} />;
  if (ticket.isError) return <LoadFailed title="工单加载失败" error={ticket.error} retry={ticket.refetch} />;
  if (!ticket.data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );

  const t = ticket.data.ticket;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Card
          title={
            <Space wrap>
              <span>
                #{t.id} {t.title}
              </span>
              <TicketStatusTag status={t.status} />
            </Space>
          }
          extra={back}
        >
          <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="类型">{supportTicketTypeLabel(t.type)}</Descriptions.Item>
            <Descriptions.Item label="优先级">
              <PriorityTag priority={t.priority} />
            </Descriptions.Item>
            <Descriptions.Item label="创建时间">{formatTime(t.createdAt)}</Descriptions.Item>
          </Descriptions>
          <div style={{ marginBottom: 16 }}>
            <TicketActions ticket={t} />
          </div>
          <TicketThread replies={t.replies} />
        </Card>
        <Card title="回复" style={{ marginTop: 16 }}>
          <ReplyForm key={t.id} ticketId={t.id} closed={t.status === 'closed'} />
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <TicketSide data={ticket.data} />
      </Col>
    </Row>
  );
}
