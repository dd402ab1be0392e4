import { staffChangePasswordRequestSchema } from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { setLoginNotice } from '@/lib/login-notice';
import { notify } from '@/lib/notify';
import { getStaffToken, setStaffToken } from '@/lib/token';
import { zodRule } from '@/lib/zod-rule';
import { useChangePassword } from '../api/change-password';
import { currentStaffQueryOptions } from '../api/get-current';
import { sessionKeys } from '../api/keys';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

const fields = staffChangePasswordRequestSchema.shape;

/**
 * The staff member's own password change. `required`: the owner reset it, and the console opens only after
 * it is changed. A password change may end the sessions it was made from; then the login page asks for the
 * new one.
 */
export function ChangePasswordForm({
  required = false,
  onDone,
}: {
  required?: boolean;
  onDone?: () => void;
}) {
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);

  const submit = ({ oldPassword, newPassword }: PasswordValues) => {
    setError(null);
    change.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: async () => {
          notify.success('密码已修改');
          form.resetFields();
          const token = getStaffToken();
          try {
            if (token) await queryClient.fetchQuery({ ...currentStaffQueryOptions(token), staleTime: 0 });
            await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
            onDone?.();
          } catch {
            setLoginNotice('密码已修改，请用新密码重新登录');
            setStaffToken(null);
          }
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <Form<PasswordValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      disabled={change.isPending}
      requiredMark={false}
    >
      {required && (
        <Alert
          type="warning"
          showIcon
          title="你的密码由店主设置，请先修改为只有你知道的新密码。"
          className="form-alert"
        />
      )}
      {error && <Alert type="error" showIcon title={error} className="form-alert" role="alert" />}
      <Form.Item label="原密码" name="oldPassword" rules={[zodRule(fields.oldPassword)]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="newPassword"
        rules={[zodRule(fields.newPassword)]}
        extra="至少10位，须包含字母和数字"
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirm"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: async (_rule, value) => {
              if (value && value !== getFieldValue('newPassword')) throw new Error('两次输入的新密码不一致');
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={change.isPending}>
        修改密码
      </Button>
    </Form>
  );
}
