import {
  SUPPLIER_APPLICATION_STATUS_LABELS,
  type SupplierApplicationStatus,
  supplierApplicationStatusSchema,
} from '@shop/domain';
import { Card, Input, Space } from 'antd';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { StatusTabs } from '@/components/status-tabs';
import { useApplicationList } from '@/features/supplier-applications/api/list-applications';
import { ApplicationTable } from '@/features/supplier-applications/components/application-table';
import { SUPPLIER_STATUSES } from '@/features/supplier-applications/components/status-tag';
import { pageFromSearch, pageToSearch } from '@/lib/list-controls';
import { paths } from '@/lib/paths';

interface ApplicationQuery {
  status?: SupplierApplicationStatus | undefined;
  keyword?: string | undefined;
  pageNo?: number;
  pageSize?: number;
}

/** Status, keyword and page in the address bar, so a search can be reloaded and passed on. */
function useApplicationQuery() {
  const [params, setParams] = useSearchParams();
  const status = supplierApplicationStatusSchema.safeParse(params.get('status')).data;
  const keyword = params.get('keyword') || undefined;
  const go = (next: ApplicationQuery) => {
    const search = new URLSearchParams();
    if (next.status) search.set('status', next.status);
    if (next.keyword) search.set('keyword', next.keyword);
    pageToSearch(search, next);
    setParams(search);
  };
  return { status, keyword, ...pageFromSearch(params), go };
}

/** 供应商申请: the companies that asked to supply the shop, by status, newest first. */
export default function SupplierApplicationsPage() {
  const { status, keyword, pageNo, pageSize, go } = useApplicationQuery();
  const list = useApplicationList({ status, keyword, pageNo, pageSize });

  return (
    <Card title="供应商申请">
      <Space wrap size="middle" style={{ marginBottom: 16 }}>
        <StatusTabs
          statuses={SUPPLIER_STATUSES}
          labels={SUPPLIER_APPLICATION_STATUS_LABELS}
          counts={list.data?.statusCounts ?? {}}
          value={status}
          onChange={(next) => go({ status: next, keyword, pageSize })}
        />
        <Input.Search
          key={keyword ?? ''}
          aria-label="关键词"
          allowClear
          defaultValue={keyword}
          maxLength={64}
          placeholder="公司、联系人、电话或邮箱"
          enterButton="查询"
          style={{ width: 340 }}
          onSearch={(value) => go({ status, keyword: value.trim() || undefined, pageSize })}
        />
      </Space>
      {list.isError ? (
        <LoadFailed title="供应商申请加载失败" error={list.error} retry={list.refetch} />
      ) : (
        <ApplicationTable
          items={list.data?.items ?? []}
          totalCount={list.data?.totalCount ?? 0}
          pageNo={pageNo}
          pageSize={pageSize}
          loading={list.isFetching}
          applicationHref={(id) => `${paths.page('supplier-applications')}/${id}`}
          onPage={(page, size) =>
            go({ status, keyword, pageNo: size === pageSize ? page : 1, pageSize: size })
          }
        />
      )}
    </Card>
  );
}
