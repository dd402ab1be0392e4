import {
  type TicketOwnerGroup,
  type TicketStatus,
  ticketOwnerGroupSchema,
  ticketStatusSchema,
} from '@shop/domain';
import { Card, Radio, Select, Space } from 'antd';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { useTicketList } from '@/features/tickets/api/list-tickets';
import {
  DESK_STATUS_LABELS,
  DESK_STATUSES,
  GROUP_OPTIONS,
} from '@/features/tickets/components/ticket-labels';
import { TicketTable } from '@/features/tickets/components/ticket-table';
import { paths } from '@/lib/paths';

const DEFAULT_PAGE_SIZE = 20;
const ALL = 'all';

function positive(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** Status, group and page in the address bar (the dashboard links to ?status=waiting_shop). */
function useTicketQuery() {
  const [params, setParams] = useSearchParams();
  const status = ticketStatusSchema.safeParse(params.get('status')).data;
  const ownerGroup = ticketOwnerGroupSchema.safeParse(params.get('group')).data;
  const pageNo = positive(params.get('pageNo')) ?? 1;
  const pageSize = positive(params.get('pageSize')) ?? DEFAULT_PAGE_SIZE;
  const go = (next: {
    status?: TicketStatus;
    ownerGroup?: TicketOwnerGroup;
    pageNo?: number;
    pageSize?: number;
  }) => {
    const search = new URLSearchParams();
    if (next.status) search.set('status', next.status);
    if (next.ownerGroup) search.set('group', next.ownerGroup);
    if (next.pageNo && next.pageNo > 1) search.set('pageNo', String(next.pageNo));
    if (next.pageSize && next.pageSize !== DEFAULT_PAGE_SIZE) search.set('pageSize', String(next.pageSize));
    setParams(search);
  };
  return { status, ownerGroup, pageNo, pageSize, go };
}

/** 客服工单: the queue by status and owner group, what waits for the shop first. */
export default function TicketsPage() {
  const { status, ownerGroup, pageNo, pageSize, go } = useTicketQuery();
  const list = useTicketList({ status, ownerGroup, pageNo, pageSize });
  const counts = list.data?.statusCounts ?? {};
  const allCount = Object.values(counts).reduce((a, b) => a + b, 0);

  return (
    <Card title="客服工单">
      <Space wrap size="middle" style={{ marginBottom: 16 }}>
        <Radio.Group
          aria-label="状态"
          optionType="button"
          buttonStyle="solid"
          value={status ?? ALL}
          onChange={(e) =>
            go({
              status: e.target.value === ALL ? undefined : (e.target.value as TicketStatus),
              ownerGroup,
              pageSize,
            })
          }
          options={[
            { value: ALL, label: `全部 ${allCount}` },
            ...DESK_STATUSES.map((s) => ({ value: s, label: `${DESK_STATUS_LABELS[s]} ${counts[s] ?? 0}` })),
          ]}
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
