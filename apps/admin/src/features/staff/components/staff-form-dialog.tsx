import {
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffAccount,
  type StaffRole,
  staffCreateRequestSchema,
} from '@shop/domain';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { isStaffRole } from '@/lib/staff-role';
import { zodRule } from '@/lib/zod-rule';
import { useCreateStaff } from '../api/create-staff';
import { useUpdateStaff } from '../api/update-staff';
import { roleNote } from './role-note';

interface StaffValues {
  username: string;
  name: string;
  role: StaffRole;
  password: string;
  email?: string;
}

const fields = staffCreateRequestSchema.shape;
const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({
  value: role,
  label: `${STAFF_ROLE_LABELS[role]}（${roleNote(role)}）`,
}));

/**
 * Creates a staff account (username, name, role, first password) or, given `account`, edits its name and
 * role. Every field is checked against the domain's schema before anything is sent.
 */
export function StaffFormDialog({
  open,
  account,
  onClose,
}: {
  open: boolean;
  /** The account to edit; none to create one. */
  account?: StaffAccount | undefined;
  onClose: () => void;
}) {
  const [form] = Form.useForm<StaffValues>();
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const editing = account !== undefined;
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (account)
      form.setFieldsValue({
        name: account.name,
        role: isStaffRole(account.role) ? account.role : undefined,
        email: account.email ?? '',
      });
  }, [open, account, form]);

  const submit = (values: StaffValues) => {
    const done = { onSuccess: onClose };
    const email = (values.email ?? '').trim();
    if (account) update.mutate({ id: account.id, name: values.name.trim(), role: values.role, email }, done);
    else
      create.mutate(
        {
          ...values,
          username: values.username.trim(),
          name: values.name.trim(),
          ...(email ? { email } : {}),
        },
        done,
      );
  };

  return (
    <Modal
      title={editing ? `编辑员工：${account.username}` : '新增员工'}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={editing ? '保存' : '创建'}
      cancelText="取消"
      confirmLoading={pending}
      forceRender
    >
      <Form<StaffValues> form={form} layout="vertical" onFinish={submit} disabled={pending} name="staff-form">
        {!editing && (
          <Form.Item
            label="用户名"
            name="username"
            rules={[zodRule(fields.username)]}
            extra="登录用，3-32位字母、数字、下划线、点或短横线"
          >
            <Input autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item label="姓名" name="name" rules={[zodRule(fields.name)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="工作邮箱"
          name="email"
          rules={[zodRule(fields.email)]}
          extra="用于接收本岗位的工作通知（新工单、待审核充值、待打包订单）；不管钱的岗位未设置身份验证器时，登录验证码也发到这里。"
        >
          <Input type="email" autoComplete="off" placeholder="name@example.com（可不填）" />
        </Form.Item>
        <Form.Item label="角色" name="role" rules={[zodRule(fields.role)]}>
          <Select options={ROLE_OPTIONS} placeholder="请选择角色" />
        </Form.Item>
        {!editing && (
          <Form.Item
            label="初始密码"
            name="password"
            rules={[zodRule(fields.password)]}
            extra="至少10位，须包含字母和数字；员工首次登录时必须修改"
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
