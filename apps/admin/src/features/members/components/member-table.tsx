import { type AdminMember, formatPrice, toMinor } from '@shop/domain';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { PagedTable, type PageOf } from '@/components/paged-table';
import { formatTime } from '@/lib/date';
import { paths } from '@/lib/paths';

const columns: TableColumnsType<AdminMember> = [
  {
    title: '用户名',
    dataIndex: 'username',
    width: 130,
    render: (value: string, m) => <Link to={`${paths.page('members')}/${m.id}`}>{value}</Link>,
  },
  { title: '姓名', dataIndex: 'name', width: 100, render: (v: string) => v || '—' },
  { title: '电话', dataIndex: 'mobile', width: 120, render: (v: string) => v || '—' },
  { title: '邮箱', dataIndex: 'email', width: 170, ellipsis: true, render: (v: string) => v || '—' },
  { title: '等级', dataIndex: 'level', width: 70, align: 'right' },
  {
    title: '人民币余额',
    dataIndex: 'cnyDeposit',
    width: 120,
    align: 'right',
    render: (v: number) => formatPrice(toMinor(v), 'CNY'),
  },
  {
    title: '澳币余额',
    dataIndex: 'audDeposit',
    width: 110,
    align: 'right',
    render: (v: number) => formatPrice(toMinor(v), 'AUD'),
  },
  { title: '注册时间', dataIndex: 'createTime', width: 140, render: (v: string) => formatTime(v) },
  { title: '最近登录', dataIndex: 'lastLoginTime', width: 140, render: (v: string | null) => formatTime(v) },
];

/** One page of members; the username opens the member's page. */
export function MemberTable(page: PageOf<AdminMember>) {
  return (
    <PagedTable<AdminMember>
      columns={columns}
      rowKey="id"
      scrollX={1100}
      emptyText="没有找到会员"
      {...page}
    />
  );
}
