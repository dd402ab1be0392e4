import { passwordSchema, type UpdatePasswordRequest } from '@shop/domain';
import { Button, Form, Input } from 'antd';
import { zodRule } from '@/lib/zod-rule';
import { useUpdatePassword } from '../api/update-password';

interface PasswordValues extends UpdatePasswordRequest {
  confirmPassword: string;
}

/** Password change (spec §7 updatePwd/); other devices are signed out by the server, this one stays. */
export function PasswordForm() {
  const [form] = Form.useForm<PasswordValues>();
  const update = useUpdatePassword();

  return (
    <Form
      form={form}
      layout="vertical"
      className="narrow-form"
      requiredMark={false}
      onFinish={({ oldPassword, newPassword }) =>
        update.mutate({ oldPassword, newPassword }, { onSuccess: () => form.resetFields() })
      }
    >
      <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
        <Input.Password placeholder="原密码" autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label="新密码"
        dependencies={['oldPassword']}
        extra="至少8位，须包含字母和数字"
        rules={[
          zodRule(passwordSchema),
          ({ getFieldValue }) => ({
            validator: async (_, value) => {
              if (value && value === getFieldValue('oldPassword')) throw new Error('新密码不能与原密码相同');
            },
          }),
        ]}
      >
        <Input.Password placeholder="新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label="确认新密码"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: async (_, value) => {
              if (value && value !== getFieldValue('newPassword')) throw new Error('两次输入的密码不一致');
            },
          }),
        ]}
      >
        <Input.Password placeholder="确认新密码" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        修改密码
      </Button>
    </Form>
  );
}
