import {
  COMPANY_INVITE_DAYS,
  COMPANY_ROLE_HINTS,
  COMPANY_ROLE_LABELS,
  COMPANY_ROLES,
  type CompanyRole,
  companyContactSchema,
} from '@shop/domain';
import { Button, Form, Input, Select } from 'antd';
import { zodRule } from '@/lib/zod-rule';
import { useInviteMember } from '../api/company-calls';

interface InviteValues {
  contact: string;
  role: CompanyRole;
}

export const ROLE_OPTIONS = COMPANY_ROLES.map((role) => ({
  value: role,
  label: `${COMPANY_ROLE_LABELS[role]}（${COMPANY_ROLE_HINTS[role]}）`,
}));

/** 邀请成员: a phone number or e-mail address and a role; the invitee accepts on their own 我的公司 page. */
export function InviteForm() {
  const invite = useInviteMember();
  const [form] = Form.useForm<InviteValues>();
  return (
    <Form<InviteValues>
      form={form}
      layout="vertical"
      className="narrow-form"
      name="company-invite"
      initialValues={{ role: 'buyer' }}
      onFinish={(values) =>
        invite.mutate(
          { contact: values.contact.trim(), role: values.role },
          { onSuccess: () => form.resetFields(['contact']) },
        )
      }
    >
      <Form.Item
        name="contact"
        label="手机号或邮箱"
        extra={`对方须在自己的账户中验证该手机号或邮箱，${COMPANY_INVITE_DAYS} 天内在「我的公司」接受邀请`}
        rules={[zodRule(companyContactSchema)]}
      >
        <Input placeholder="+61 4xx xxx xxx、138xxxxxxxx 或 name@example.com" autoComplete="off" />
      </Form.Item>
      <Form.Item name="role" label="角色">
        <Select options={ROLE_OPTIONS} aria-label="角色" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={invite.isPending}>
        发送邀请
      </Button>
    </Form>
  );
}
