import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { type LoginRequest, loginRequestSchema } from '@shop/domain';
import { Button, Form, Input } from 'antd';
import { zodRule } from '@/lib/zod-rule';
import { useLogin } from '../api/login';

export interface AuthFormProps {
  /** Runs after a refused login or registration (spec §4 'Login': the failure callback). */
  onFailure?: (error: Error) => void;
}

/** Username + password login (spec §4 'Login'). The server message of a refusal shows as a toast. */
export function LoginForm({ onFailure }: AuthFormProps) {
  const login = useLogin();
  const [form] = Form.useForm<LoginRequest>();

  const submit = (values: LoginRequest) =>
    login.mutate(values, {
      onError: (error) => {
        form.setFieldValue('password', '');
        onFailure?.(error);
      },
    });

  return (
    <Form
      name="login"
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      disabled={login.isSuccess}
    >
      <Form.Item name="username" rules={[zodRule(loginRequestSchema.shape.username)]}>
        <Input
          prefix={<UserOutlined />}
          placeholder="用户名"
          aria-label="用户名"
          autoComplete="username"
          size="large"
        />
      </Form.Item>
      <Form.Item name="password" rules={[zodRule(loginRequestSchema.shape.password)]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="密码"
          aria-label="密码"
          autoComplete="current-password"
          size="large"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
        登录
      </Button>
      {login.isSuccess && <p className="auth-form-note">登录成功，页面即将刷新…</p>}
    </Form>
  );
}
