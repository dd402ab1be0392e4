import { type AdminCompany, Permission } from '@shop/domain';
import { Button, Card, Input } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { pageOf } from '@/components/paged-table';
import {
  CompanyLevelModal,
  CompanyTable,
  CreateCompanyModal,
  useCompanies,
} from '@/features/companies/companies';
import { useCan } from '../session-context';

const PAGE_SIZE = 20;

/**
 * 公司 (issue #38): the shop's company accounts, found by name or tax number; staff with member.level make one for a
 * member, who becomes its admin, and set its price level, which all its members' prices follow.
 */
export default function CompaniesPage() {
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') || undefined;
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const list = useCompanies({ keyword, pageNo, pageSize: PAGE_SIZE });
  const canLevel = useCan(Permission.memberLevel);
  const [creating, setCreating] = useState(false);
  const [levelling, setLevelling] = useState<AdminCompany>();
  const go = (next: string | undefined, page: number) => {
    const search = new URLSearchParams();
    if (next) search.set('keyword', next);
    if (page > 1) search.set('pageNo', String(page));
    setParams(search);
  };
  return (
    <Card
      title="公司"
      extra={
        canLevel && (
          <Button type="primary" onClick={() => setCreating(true)}>
            新建公司
          </Button>
        )
      }
    >
      <Input.Search
        allowClear
        placeholder="公司名称或税号"
        defaultValue={keyword}
        onSearch={(value) => go(value.trim() || undefined, 1)}
        className="filter-search"
        aria-label="公司名称或税号"
        style={{ maxWidth: 320, marginBottom: 16 }}
      />
      {list.isError ? (
        <LoadFailed title="公司加载失败" error={list.error} retry={list.refetch} />
      ) : (
        <CompanyTable
          {...pageOf(list, { pageNo, pageSize: PAGE_SIZE }, (page) => go(keyword, page))}
          onLevel={canLevel ? setLevelling : null}
        />
      )}
      {creating && <CreateCompanyModal onClose={() => setCreating(false)} />}
      {levelling && <CompanyLevelModal company={levelling} onClose={() => setLevelling(undefined)} />}
    </Card>
  );
}
