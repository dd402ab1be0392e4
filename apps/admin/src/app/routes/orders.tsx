import { type AdminOrderListRequest, Permission } from '@shop/domain';
import { Card, Space } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { useOrderList } from '@/features/orders/api/list-orders';
import { BatchBar } from '@/features/orders/components/batch-bar';
import { OrderDrawer } from '@/features/orders/components/order-drawer';
import { OrderFilters, type OrderFilterValues } from '@/features/orders/components/order-filters';
import { OrderTable } from '@/features/orders/components/order-table';
import { useCan } from '../session-context';

const DEFAULT_PAGE_SIZE = 20;
const TEXT_FILTERS = [
  'username',
  'orderNo',
  'payChannel',
  'from',
  'to',
  'receiver',
  'goods',
  'trackingNo',
] as const;

function integer(value: string | null): number | undefined {
  if (value === null || value === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) ? n : undefined;
}

/** The filters, page and open order in the address bar, so a list can be reloaded, linked and passed on. */
function useOrderQuery() {
  const [params, setParams] = useSearchParams();
  const filters: OrderFilterValues = {
    status: integer(params.get('status')),
    warehouse: integer(params.get('warehouse')),
  };
  for (const key of TEXT_FILTERS) filters[key] = params.get(key) || undefined;
  const pageNo = Math.max(1, integer(params.get('pageNo')) ?? 1);
  const pageSize = Math.max(1, integer(params.get('pageSize')) ?? DEFAULT_PAGE_SIZE);
  const open = params.get('order') || undefined;
  const go = (next: OrderFilterValues, page: number, size: number, order?: string) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value !== undefined) search.set(key, String(value));
    if (page > 1) search.set('pageNo', String(page));
    if (size !== DEFAULT_PAGE_SIZE) search.set('pageSize', String(size));
    if (order) search.set('order', order);
    setParams(search);
  };
  return { filters, pageNo, pageSize, open, go };
}

/** 订单: every member's orders, filtered and paged; a row opens the order beside the list. */
export default function OrdersPage() {
  const { filters, pageNo, pageSize, open, go } = useOrderQuery();
  const can = {
    fulfil: useCan(Permission.orderFulfil),
    payment: useCan(Permission.orderPayment),
    refund: useCan(Permission.orderRefund),
  };
  const [selected, setSelected] = useState<string[]>([]);
  const request: AdminOrderListRequest = { ...filters, pageNo, pageSize };
  const list = useOrderList(request);

  return (
    <Card title="订单">
      <Space orientation="vertical" size="middle" className="full-width">
        <OrderFilters
          value={filters}
          onChange={(next) => {
            setSelected([]);
            go(next, 1, pageSize);
          }}
        />
        {can.fulfil && <BatchBar selected={selected} onDone={() => setSelected([])} />}
        {list.isError ? (
          <LoadFailed title="订单加载失败" error={list.error} retry={list.refetch} />
        ) : (
          <OrderTable
            items={list.data?.items ?? []}
            totalCount={list.data?.totalCount ?? 0}
            pageNo={pageNo}
            pageSize={pageSize}
            loading={list.isFetching}
            selected={can.fulfil ? selected : undefined}
            onSelect={setSelected}
            onOpen={(orderNo) => go(filters, pageNo, pageSize, orderNo)}
            onPage={(page, size) => go(filters, size === pageSize ? page : 1, size)}
          />
        )}
      </Space>
      <OrderDrawer orderNo={open} can={can} onClose={() => go(filters, pageNo, pageSize)} />
    </Card>
  );
}
