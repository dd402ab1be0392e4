import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { toApiError } from '@/lib/api-client';
import { useResetPasswordByLink } from '../api/reset-password-by-link';
import { NewPasswordFields } from './new-password-fields';
import '../member-codes.css';

interface LinkValues {
  password: string;
  confirmPassword: string;
}

/**
 * The new password of a member who opened the one-time link staff handed over (ADR 045), with the same fields and
 * password rules as 忘记密码. `onDone` runs once it is set; `onRefused` once the server refused the link, so the
 * page can ask again whether the link still works. Any other failure is said above the button.
 */
export function ResetLinkForm({
  token,
  username,
  onDone,
  onRefused,
}: {
  token: string;
  username: string;
  onDone: () => void;
  onRefused: () => void;
}) {
  const [form] = Form.useForm<LinkValues>();
  const reset = useResetPasswordByLink();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (values: LinkValues) => {
    setFailure(null);
    reset.mutate(
      { token, password: values.password },
      {
        onSuccess: onDone,
        onError: (error) => {
          setFailure(toApiError(error).message);
          onRefused();
        },
      },
    );
  };

  return (
    <Form name="reset-link" form={form} size="large" layout="vertical" requiredMark={false} onFinish={submit}>
      <p className="reset-title">为账号 {username} 设置新密码</p>
      <NewPasswordFields label="新密码" />
      {failure && <Alert className="auth-form-alert" type="error" showIcon title={failure} />}
      <Button type="primary" htmlType="submit" block loading={reset.isPending}>
        设置新密码
      </Button>
    </Form>
  );
}
