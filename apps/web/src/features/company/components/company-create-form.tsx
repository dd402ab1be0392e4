import { companyNameSchema, companyTaxNoSchema } from '@shop/domain';
import { Button, Form, Input } from 'antd';
import { zodRule } from '@/lib/zod-rule';
import { useCreateCompany } from '../api/company-calls';

interface CreateValues {
  name: string;
  taxNo: string;
}

/** 创建公司: the member becomes the new company's admin, and invites its buyers next. */
export function CompanyCreateForm() {
  const create = useCreateCompany();
  return (
    <Form<CreateValues>
      layout="vertical"
      className="narrow-form"
      name="company-create"
      onFinish={(values) => create.mutate({ name: values.name.trim(), taxNo: values.taxNo.trim() })}
    >
      <Form.Item name="name" label="公司名称" rules={[zodRule(companyNameSchema)]}>
        <Input placeholder="如：悉尼批发有限公司" autoComplete="organization" maxLength={60} />
      </Form.Item>
      <Form.Item
        name="taxNo"
        label="ABN 或纳税人识别号"
        extra="澳大利亚公司填 11 位 ABN；中国公司填 15、18 或 20 位纳税人识别号"
        rules={[zodRule(companyTaxNoSchema)]}
      >
        <Input placeholder="ABN 或税号" autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        创建公司
      </Button>
    </Form>
  );
}
