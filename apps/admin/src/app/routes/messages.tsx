import { Card, Col, Row } from 'antd';
import { useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { useSentMessages } from '@/features/messages/api/list-sent-messages';
import { SendMessageForm } from '@/features/messages/components/send-message-form';
import { SentMessageTable } from '@/features/messages/components/sent-message-table';

/** 站内消息: write to one member or announce to everyone; beside it what staff have sent. */
export default function MessagesPage() {
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const sent = useSentMessages(page);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={9}>
        <Card title="发送站内消息">
          <SendMessageForm />
        </Card>
      </Col>
      <Col xs={24} xl={15}>
        <Card title="已发送">
          {sent.isError ? (
            <LoadFailed title="已发送消息加载失败" error={sent.error} retry={sent.refetch} />
          ) : (
            <SentMessageTable
              items={sent.data?.items ?? []}
              totalCount={sent.data?.totalCount ?? 0}
              pageNo={page.pageNo}
              pageSize={page.pageSize}
              loading={sent.isFetching}
              onPage={(pageNo, pageSize) =>
                setPage({ pageNo: pageSize === page.pageSize ? pageNo : 1, pageSize })
              }
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}
