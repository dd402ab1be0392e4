import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { isCaptchaRefusal, loginRefusalSchema, loginRequestSchema } from '@shop/domain';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { CaptchaImage } from '@/components/captcha-image';
import { isApiError } from '@/lib/api-client';
import { useCaptcha } from '@/lib/captcha';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { useLogin } from '../api/login';

export interface AuthFormProps {
  /** Runs after a refused login or registration (spec §4 'Login': the failure callback). */
  onFailure?: (error: Error) => void;
  /** A confirmed QR scan by an unbound chat-app user: bind it to the member once they are in. */
  bindTicket?: string | undefined;
}

export interface LoginFormProps extends AuthFormProps {
  /** Opens 忘记密码 (#31); no link without it. */
  onForgotPassword?: () => void;
}

interface LoginValues {
  username: string;
  password: string;
  captchaCode?: string;
}

/**
 * True when a refused login says the next attempt must carry the picture captcha: none was sent
 * (SmsNeedImageVerify 403), a wrong one was (ImageVerifyFailed 404), or the password was wrong once too often.
 */
function asksForCaptcha(error: Error): boolean {
  if (!isApiError(error)) return false;
  if (isCaptchaRefusal(error.code)) return true;
  return loginRefusalSchema.safeParse(error.data).data?.needCaptcha === true;
}

/**
 * Username + password login (spec §4 'Login'). After a few failures the server asks for the picture captcha
 * too; the form then shows it and sends it with every attempt. The server message of a refusal shows as a toast.
 */
export function LoginForm({ onFailure, bindTicket, onForgotPassword }: LoginFormProps) {
  const login = useLogin(bindTicket);
  const [form] = Form.useForm<LoginValues>();
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const captcha = useCaptcha({ enabled: needCaptcha });

  const submit = (values: LoginValues) => {
    const captchaId = captcha.data?.captchaId;
    if (needCaptcha && !captchaId) {
      notify.warn('请先获取验证码');
      void captcha.refetch();
      return;
    }
    login.mutate(
      {
        username: values.username,
        password: values.password,
        ...(needCaptcha && captchaId ? { captchaId, captchaCode: values.captchaCode?.trim() ?? '' } : {}),
      },
      {
        onError: (error) => {
          form.setFieldValue('password', '');
          if (asksForCaptcha(error)) {
            // A captcha is good for one attempt: a new one for the next.
            form.setFieldValue('captchaCode', '');
            if (needCaptcha) void captcha.refetch();
            setNeedCaptcha(true);
          }
          onFailure?.(error);
        },
      },
    );
  };

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
      {onForgotPassword && (
        <p className="auth-form-links auth-form-links-end">
          <button type="button" className="link-button" onClick={onForgotPassword}>
            忘记密码？
          </button>
        </p>
      )}
      {needCaptcha && (
        <div className="captcha-row">
          <Form.Item
            name="captchaCode"
            rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}
          >
            <Input
              prefix={<SafetyOutlined />}
              placeholder="验证码"
              aria-label="验证码"
              autoComplete="off"
              size="large"
            />
          </Form.Item>
          <CaptchaImage captcha={captcha} />
        </div>
      )}
      <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
        {bindTicket ? '登录并绑定' : '登录'}
      </Button>
      {login.isSuccess && <p className="auth-form-note">登录成功，页面即将刷新…</p>}
    </Form>
  );
}
