import { type AdminSupplierApplication, countryLabel } from '@shop/domain';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { PagedTable, type PageOf } from '@/components/paged-table';
import { formatTime } from '@/lib/date';
import { SupplierStatusTag } from './status-tag';

export interface ApplicationTableProps extends PageOf<AdminSupplierApplication> {
  /** The address of an application's page. */
  applicationHref: (id: number) => string;
}

/** One page of applications, newest first (the server's order); the company opens the application. */
export function ApplicationTable({ applicationHref, ...page }: ApplicationTableProps) {
  const columns: TableColumnsType<AdminSupplierApplication> = [
    { title: '编号', dataIndex: 'id', width: 80, render: (id: number) => `#${id}` },
    {
      title: '公司',
      dataIndex: 'company',
      width: 200,
      ellipsis: true,
      render: (company: string, a) => <Link to={applicationHref(a.id)}>{company}</Link>,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_, a) => <SupplierStatusTag status={a.status} />,
    },
    { title: '联系人', dataIndex: 'contact', width: 110, ellipsis: true },
    { title: '电话', dataIndex: 'phone', width: 150 },
    { title: '邮箱', dataIndex: 'email', width: 190, ellipsis: true },
    { title: '国家', dataIndex: 'country', width: 90, render: (c: string) => countryLabel(c) },
    { title: '主营品类', dataIndex: 'categories', ellipsis: true },
    { title: '提交时间', dataIndex: 'createTime', width: 150, render: (v: string) => formatTime(v) },
  ];
  return (
    <PagedTable<AdminSupplierApplication>
      {...page}
      columns={columns}
      rowKey="id"
      scrollX={1200}
      emptyText="暂无供应商申请"
      unit="份申请"
    />
  );
}
