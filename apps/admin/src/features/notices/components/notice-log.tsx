import { ReloadOutlined } from '@ant-design/icons';
import { NOTICE_STATUS_LABELS, NOTICE_STATUSES, type NoticeStatus } from '@shop/domain';
import { Button, Flex, Space, Typography } from 'antd';
import { LoadFailed } from '@/components/load-failed';
import { StatusTabs } from '@/components/status-tabs';
import { useDiscardNotice } from '../api/discard-notice';
import { useNoticeList } from '../api/list-notices';
import { useResendNotice } from '../api/resend-notice';
import { NoticeTable } from './notice-table';

/** Rows asked for at a time; 'load more' fetches the next ones below the oldest shown. */
export const NOTICE_PAGE_SIZE = 50;

/** 通知记录: the outbox by status with each status's count, failed notices to resend or discard. */
export function NoticeLog({
  status,
  onStatus,
}: {
  status: NoticeStatus | undefined;
  onStatus: (status: NoticeStatus | undefined) => void;
}) {
  const list = useNoticeList({ status, pageSize: NOTICE_PAGE_SIZE });
  const resend = useResendNotice();
  const discard = useDiscardNotice();
  const busy = resend.isPending
    ? resend.variables?.id
    : discard.isPending
      ? discard.variables?.id
      : undefined;
  const pages = list.data?.pages ?? [];
  const items = pages.flatMap((page) => page.list);

  return (
    <>
      <Flex wrap gap="middle" justify="space-between" style={{ marginBottom: 16 }}>
        <StatusTabs
          statuses={NOTICE_STATUSES}
          labels={NOTICE_STATUS_LABELS}
          counts={pages[0]?.counts ?? {}}
          value={status}
          onChange={onStatus}
        />
        <Button
          icon={<ReloadOutlined />}
          loading={list.isRefetching && !list.isFetchingNextPage}
          onClick={() => void list.refetch()}
        >
          刷新
        </Button>
      </Flex>
      {list.isError && !list.isFetchNextPageError ? (
        <LoadFailed title="通知记录加载失败" error={list.error} retry={list.refetch} />
      ) : (
        <>
          <NoticeTable
            items={items}
            loading={list.isFetching && !list.isFetchingNextPage}
            emptyText={status ? `暂无${NOTICE_STATUS_LABELS[status]}的通知` : '暂无通知'}
            busy={busy}
            onResend={(n) => resend.mutate({ id: n.id })}
            onDiscard={(n) => discard.mutate({ id: n.id })}
          />
          {items.length > 0 && (
            <Space style={{ marginTop: 16 }} wrap>
              <Typography.Text type="secondary">已显示 {items.length} 条</Typography.Text>
              {list.hasNextPage ? (
                <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                  加载更多
                </Button>
              ) : (
                <Typography.Text type="secondary">没有更多了</Typography.Text>
              )}
              {list.isFetchNextPageError && (
                <Typography.Text type="danger">加载更多失败：{list.error?.message}</Typography.Text>
              )}
            </Space>
          )}
        </>
      )}
    </>
  );
}
