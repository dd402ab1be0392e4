import { Card } from 'antd';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { pageOf } from '@/components/paged-table';
import { useMemberList } from '@/features/members/api/list-members';
import { MemberFilters, type MemberFilterValues } from '@/features/members/components/member-filters';
import { MemberTable } from '@/features/members/components/member-table';

const DEFAULT_PAGE_SIZE = 20;

function whole(value: string | null, min: number): number | undefined {
  if (value === null || value === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= min ? n : undefined;
}

/** The search and page in the address bar, so a search can be reloaded and passed on. */
function useMemberQuery() {
  const [params, setParams] = useSearchParams();
  const filters: MemberFilterValues = {
    keyword: params.get('keyword') || undefined,
    level: whole(params.get('level'), 0),
  };
  const pageNo = whole(params.get('pageNo'), 1) ?? 1;
  const pageSize = whole(params.get('pageSize'), 1) ?? DEFAULT_PAGE_SIZE;
  const go = (next: MemberFilterValues, page: number, size: number) => {
    const search = new URLSearchParams();
    if (next.keyword) search.set('keyword', next.keyword);
    if (next.level !== undefined) search.set('level', String(next.level));
    if (page > 1) search.set('pageNo', String(page));
    if (size !== DEFAULT_PAGE_SIZE) search.set('pageSize', String(size));
    setParams(search);
  };
  return { filters, pageNo, pageSize, go };
}

/** 会员: find a member by what the caller tells the shop (name, phone, e-mail …) or by level. */
export default function MembersPage() {
  const { filters, pageNo, pageSize, go } = useMemberQuery();
  const list = useMemberList({ ...filters, pageNo, pageSize });
  return (
    <Card title="会员">
      <MemberFilters value={filters} onChange={(next) => go(next, 1, pageSize)} />
      {list.isError ? (
        <LoadFailed title="会员加载失败" error={list.error} retry={list.refetch} />
      ) : (
        <MemberTable {...pageOf(list, { pageNo, pageSize }, (page, size) => go(filters, page, size))} />
      )}
    </Card>
  );
}
