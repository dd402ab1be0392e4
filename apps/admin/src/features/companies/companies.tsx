import {
  type AdminCompany,
  type AdminCompanyCreateRequest,
  type AdminCompanyListRequest,
  AdminCompanyPaths,
  adminCompanyCreateRequestSchema,
  MEMBER_LEVEL_LABELS,
  memberLevelSchema,
} from '@shop/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { FormModal } from '@/components/form-modal';
import { PagedTable, type PageOf } from '@/components/paged-table';
import { request } from '@/lib/api-client';
import { formatTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { zodRule } from '@/lib/zod-rule';

const companyKeys = { all: ['companies'] as const };

export function useCompanies(filter: AdminCompanyListRequest) {
  return useQuery({
    queryKey: [...companyKeys.all, filter],
    queryFn: ({ signal }) => request(AdminCompanyPaths.list, filter, signal),
    placeholderData: keepPreviousData,
  });
}

function useCompanyChange<V>(send: (body: V) => Promise<AdminCompany>, said: (c: AdminCompany) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (company) => notify.success(said(company)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}

const levelName = (level: number) => MEMBER_LEVEL_LABELS[level] ?? `等级 ${level}`;

/** One page of companies, each linked to its 账期; `onLevel` (member.level) opens the level dialog of a row. */
export function CompanyTable({
  onLevel,
  ...page
}: PageOf<AdminCompany> & { onLevel: ((company: AdminCompany) => void) | null }) {
  const columns: TableColumnsType<AdminCompany> = [
    { title: '公司', dataIndex: 'name', width: 200 },
    { title: 'ABN / 税号', dataIndex: 'taxNo', width: 170 },
    {
      title: '价格等级',
      dataIndex: 'level',
      width: 130,
      render: (level: number, company) =>
        onLevel ? (
          <button type="button" className="link-button" onClick={() => onLevel(company)}>
            {level}（{levelName(level)}）
          </button>
        ) : (
          `${level}（${levelName(level)}）`
        ),
    },
    { title: '成员', dataIndex: 'memberCount', width: 70, align: 'right' },
    { title: '管理员', dataIndex: 'admins', width: 160, render: (v: string[]) => v.join('、') || '—' },
    { title: '创建时间', dataIndex: 'createdAt', width: 140, render: (v: string) => formatTime(v) },
    {
      title: '账期',
      key: 'credit',
      width: 90,
      render: (_, company) => (
        <Link to={`${paths.page('companies')}/${company.id}`} aria-label={`查看账期：${company.name}`}>
          查看账期
        </Link>
      ),
    },
  ];
  return (
    <PagedTable<AdminCompany> columns={columns} rowKey="id" scrollX={960} emptyText="还没有公司" {...page} />
  );
}

type CreateValues = Omit<AdminCompanyCreateRequest, 'level'> & { level: number };
const shape = adminCompanyCreateRequestSchema.shape;

/** 新建公司: for a member, who becomes its admin, at a price level. */
export function CreateCompanyModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<CreateValues>();
  const create = useCompanyChange(
    (body: AdminCompanyCreateRequest) => request(AdminCompanyPaths.create, body),
    (c) => `已创建公司 ${c.name}`,
  );
  return (
    <FormModal<CreateValues>
      title="新建公司"
      okText="创建"
      pending={create.isPending}
      onClose={onClose}
      form={form}
      name="company-create"
      initialValues={{ level: 38 }}
      onFinish={(v) =>
        create.mutate(
          {
            name: v.name.trim(),
            taxNo: v.taxNo.trim(),
            adminUsername: v.adminUsername.trim(),
            level: v.level,
          },
          { onSuccess: onClose },
        )
      }
    >
      <Form.Item name="name" label="公司名称" rules={[zodRule(shape.name, '公司名称')]}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="taxNo" label="ABN 或纳税人识别号" rules={[zodRule(shape.taxNo, 'ABN 或纳税人识别号')]}>
        <Input maxLength={24} />
      </Form.Item>
      <Form.Item
        name="adminUsername"
        label="管理员（会员用户名）"
        extra="该会员成为公司管理员，可在商城「我的公司」邀请采购员"
        rules={[zodRule(shape.adminUsername, '管理员')]}
      >
        <Input maxLength={32} autoComplete="off" />
      </Form.Item>
      <Form.Item name="level" label="价格等级" rules={[zodRule(memberLevelSchema, '价格等级')]}>
        <InputNumber min={0} max={999} precision={0} className="full-width" />
      </Form.Item>
    </FormModal>
  );
}

/** The company's price level: every member's prices follow it from their next request. */
export function CompanyLevelModal({ company, onClose }: { company: AdminCompany; onClose: () => void }) {
  const [form] = Form.useForm<{ level: number }>();
  const change = useCompanyChange(
    (body: { id: number; level: number }) => request(AdminCompanyPaths.level, body),
    (c) => `${c.name} 的价格等级为 ${c.level}`,
  );
  return (
    <FormModal<{ level: number }>
      title={`价格等级：${company.name}`}
      okText="保存"
      pending={change.isPending}
      onClose={onClose}
      form={form}
      name="company-level"
      initialValues={{ level: company.level }}
      onFinish={(v) => change.mutate({ id: company.id, level: v.level }, { onSuccess: onClose })}
    >
      <Form.Item
        name="level"
        label="价格等级"
        extra="公司全部成员下一次请求起按此等级计价"
        rules={[zodRule(memberLevelSchema, '价格等级')]}
      >
        <InputNumber min={0} max={999} precision={0} className="full-width" />
      </Form.Item>
    </FormModal>
  );
}
