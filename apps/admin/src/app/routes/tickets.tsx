import {
  type TicketOwnerGroup,
  type TicketStatus,
  ticketOwnerGroupSchema,
  ticketStatusSchema,
} from '@shop/domain';
import { Card, Select, Space } from 'antd';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { StatusTabs } from '@/components/status-tabs';
import { useTicketList } from '@/features/tickets/api/list-tickets';
import {
  DESK_STATUS_LABELS,
  DESK_STATUSES,
  GROUP_OPTIONS,
} from '@/features/tickets/components/ticket-labels';
import { TicketTable } from '@/features/tickets/components/ticket-table';
import { pageFromSearch, pageToSearch } from '@/lib/list-controls';
import { paths } from '@/lib/paths';

/** Status, group and page in the address bar (the dashboard links to ?status=waiting_shop). */
function useTicketQuery() {
  const [params, setParams] = useSearchParams();
  const status = ticketStatusSchema.safeParse(params.get('status')).data;
  const ownerGroup = ticketOwnerGroupSchema.safeParse(params.get('group')).data;
  const go = (next: {
    status?: TicketStatus;
    ownerGroup?: TicketOwnerGroup;
    pageNo?: number;
    pageSize?: number;
  }) => {
    const search = new URLSearchParams();
    if (next.status) search.set('status', next.status);
    if (next.ownerGroup) search.set('group', next.ownerGroup);
    pageToSearch(search, next);
    setParams(search);
  };
  return { status, ownerGroup, ...pageFromSearch(params), go };
}

/** 客服工单: the queue by status and owner group, what waits for the shop first. */
export default function TicketsPage() {
  const { status, ownerGroup, pageNo, pageSize, go } = useTicketQuery();
  const list = useTicketList({ status, ownerGroup, pageNo, pageSize });

  return (
    <Card title="客服工单">
      <Space wrap size="middle" style={{ marginBottom: 16 }}>
        <StatusTabs
          statuses={DESK_STATUSES}
          labels={DESK_STATUS_LABELS}
          counts={list.data?.statusCounts ?? {}}
          value={status}
          onChange={(next) => go({ status: next, ownerGroup, pageSize })}
        />
        <Select
          aria-label="负责组"
          allowClear
          placeholder="全部负责组"
          style={{ width: 140 }}
          value={ownerGroup}
          options={GROUP_OPTIONS}
          onChange={(value?: TicketOwnerGroup) => go({ status, ownerGroup: value, pageSize })}
        />
      </Space>
      {list.isError ? (
        <LoadFailed title="工单加载失败" error={list.error} retry={list.refetch} />
      ) : (
        <TicketTable
          items={list.data?.items ?? []}
          totalCount={list.data?.totalCount ?? 0}
          pageNo={pageNo}
          pageSize={pageSize}
          loading={list.isFetching}
          ticketHref={(id) => `${paths.page('tickets')}/${id}`}
          onPage={(page, size) =>
            go({ status, ownerGroup, pageNo: size === pageSize ? page : 1, pageSize: size })
          }
        />
      )}
    </Card>
  );
}
