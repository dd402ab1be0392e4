import { SettingOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { pageOf } from '@/components/paged-table';
import { useAfterSaleList } from '@/features/aftersales/api/list-after-sales';
import { AfterSaleTable } from '@/features/aftersales/components/after-sale-table';
import {
  AFTER_SALE_TYPE_FILTERS,
  type AfterSaleStateFilter,
  type AfterSaleTypeFilter,
  afterSaleStateFilterOf,
  afterSaleTypeFilterOf,
} from '@/features/aftersales/components/labels';
import { AfterSaleSettingsModal } from '@/features/aftersales/components/settings-modal';
import { AfterSaleStateTabs } from '@/features/aftersales/components/state-tabs';
import { pageFromSearch, pageToSearch } from '@/lib/list-controls';
import { paths } from '@/lib/paths';

const DEFAULT_STATE: AfterSaleStateFilter = 'open';

interface Filters {
  state: AfterSaleStateFilter;
  type: AfterSaleTypeFilter;
  keyword: string | undefined;
}

/** The state, type, keyword and page in the address bar (?state=pending&type=return&keyword=…); 待处理 by default. */
function useAfterSaleQuery() {
  const [params, setParams] = useSearchParams();
  const filters: Filters = {
    state: afterSaleStateFilterOf(params.get('state'), DEFAULT_STATE),
    type: afterSaleTypeFilterOf(params.get('type')),
    keyword: params.get('keyword') || undefined,
  };
  const page = pageFromSearch(params);
  const go = (next: Filters, pageNo: number, pageSize: number) => {
    const search = new URLSearchParams();
    if (next.state !== DEFAULT_STATE) search.set('state', next.state);
    if (next.type !== 'all') search.set('type', next.type);
    if (next.keyword) search.set('keyword', next.keyword);
    pageToSearch(search, { pageNo, pageSize });
    setParams(search);
  };
  return { filters, page, go };
}

/**
 * 售后 (issue #39): the members' refund, return and exchange requests, those still waiting for someone first
 * (待处理, each open state with its count), by type, found by after-sale number, order number or username. A row
 * opens the request to handle it; 售后设置 holds the window and the default return address.
 */
export default function AfterSalesPage() {
  const { filters, page, go } = useAfterSaleQuery();
  const navigate = useNavigate();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const list = useAfterSaleList({ ...filters, ...page });
  const refilter = (next: Partial<Filters>) => go({ ...filters, ...next }, 1, page.pageSize);
  return (
    <Card
      title="售后"
      extra={
        <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)}>
          售后设置
        </Button>
      }
    >
      <AfterSaleStateTabs
        value={filters.state}
        counts={list.data?.counts}
        onChange={(state) => refilter({ state })}
      />
      <Space wrap size="middle" style={{ marginBottom: 16 }}>
        <Select<AfterSaleTypeFilter>
          aria-label="售后类型"
          style={{ width: 140 }}
          value={filters.type}
          options={[...AFTER_SALE_TYPE_FILTERS]}
          onChange={(type) => refilter({ type })}
        />
        <Input.Search
          key={filters.keyword ?? ''}
          defaultValue={filters.keyword}
          allowClear
          placeholder="售后单号、订单号或会员用户名"
          aria-label="售后单号、订单号或会员用户名"
          style={{ width: 280, maxWidth: '100%' }}
          onSearch={(value) => refilter({ keyword: value.trim() || undefined })}
        />
      </Space>
      {list.isError ? (
        <LoadFailed title="售后单加载失败" error={list.error} retry={list.refetch} />
      ) : (
        <AfterSaleTable
          {...pageOf(list, page, (pageNo, pageSize) => go(filters, pageNo, pageSize))}
          afterSaleHref={paths.afterSale}
          onOpen={(row) => navigate(paths.afterSale(row.id))}
        />
      )}
      {settingsOpen && <AfterSaleSettingsModal onClose={() => setSettingsOpen(false)} />}
    </Card>
  );
}
