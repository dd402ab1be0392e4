import { Permission } from '@shop/domain';
import { Card } from 'antd';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { pageOf } from '@/components/paged-table';
import { useAuditList } from '@/features/audit/api/list-audit';
import { AuditFilters, type AuditFilterValues } from '@/features/audit/components/audit-filters';
import { AuditTable } from '@/features/audit/components/audit-table';
import { useStaffList } from '@/features/staff/api/list-staff';
import { roleLabel } from '@/lib/staff-role';
import { useCan } from '../session-context';

const DEFAULT_PAGE_SIZE = 20;
const TEXT_FILTERS = ['action', 'objectType', 'objectId', 'from', 'to'] as const;

function positive(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The filters and page in the address bar, so a search can be reloaded and passed on. */
function useAuditQuery() {
  const [params, setParams] = useSearchParams();
  const filters: AuditFilterValues = { staffId: positive(params.get('staffId')) };
  for (const key of TEXT_FILTERS) filters[key] = params.get(key) || undefined;
  const pageNo = positive(params.get('pageNo')) ?? 1;
  const pageSize = positive(params.get('pageSize')) ?? DEFAULT_PAGE_SIZE;
  const go = (next: AuditFilterValues, page: number, size: number) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value !== undefined) search.set(key, String(value));
    if (page > 1) search.set('pageNo', String(page));
    if (size !== DEFAULT_PAGE_SIZE) search.set('pageSize', String(size));
    setParams(search);
  };
  return { filters, pageNo, pageSize, go };
}

/** 操作日志: every staff and command-line action, filtered, a page at a time. */
export default function AuditPage() {
  const { filters, pageNo, pageSize, go } = useAuditQuery();
  const canListStaff = useCan(Permission.staffManage);
  const staff = useStaffList({ enabled: canListStaff });
  const list = useAuditList({ ...filters, pageNo, pageSize });
  const staffOptions = staff.data?.items.map((s) => ({
    value: s.id,
    label: `${s.name}（${s.username}，${roleLabel(s.role)}）`,
  }));

  return (
    <Card title="操作日志">
      <AuditFilters value={filters} staffOptions={staffOptions} onChange={(next) => go(next, 1, pageSize)} />
      {list.isError ? (
        <LoadFailed title="操作日志加载失败" error={list.error} retry={list.refetch} />
      ) : (
        <AuditTable {...pageOf(list, { pageNo, pageSize }, (page, size) => go(filters, page, size))} />
      )}
    </Card>
  );
}
