import { LockOutlined, MailOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { isCaptchaRefusal, ResultCode, type StaffLoginResponse, staffLoginRequestSchema } from '@shop/domain';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { zodRule } from '@/lib/zod-rule';
import { useCaptcha } from '../api/get-captcha';
import { useLogin } from '../api/login';
import { CaptchaField } from './captcha-field';

interface LoginValues {
  username: string;
  password: string;
  captchaCode: string;
  totpCode?: string;
  emailCode?: string;
}

type Step = 'password' | 'totp' | 'email';

const fields = staffLoginRequestSchema.shape;

/** What the staff member reads when a sign-in is refused. */
function refusal(error: unknown, step: Step): string {
  if (!isApiError(error)) return '登录失败，请稍后再试';
  if (isCaptchaRefusal(error.code)) return error.message || '验证码错误，请重新输入';
  if (error.code === ResultCode.TwoFactorRequired && step !== 'password')
    return error.message || '验证码错误，请重新输入';
  return error.message;
}

/** Which second factor a TwoFactorRequired answer asks for, and where a mailed code went. */
function factorAsked(error: unknown): { step: Step; sentTo: string } {
  const data = (isApiError(error) ? error.data : null) as { factor?: string; sentTo?: string } | null;
  return data?.factor === 'email'
    ? { step: 'email', sentTo: data.sentTo ?? '' }
    : { step: 'totp', sentTo: '' };
}

/**
 * Staff sign-in: username, password and the picture captcha; an account with a second factor then gives the
 * 6-digit code of its authenticator app, or of the mail the server sent to its work address (TwoFactorRequired,
 * data.factor 'email': roles that move no money without an authenticator). Each attempt uses up its captcha, so the
 * code step carries a fresh one too.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: (answer: StaffLoginResponse) => void }) {
  const [form] = Form.useForm<LoginValues>();
  const captcha = useCaptcha();
  const login = useLogin();
  const [step, setStep] = useState<Step>('password');
  const [sentTo, setSentTo] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (values: LoginValues) => {
    const captchaId = captcha.data?.captchaId;
    if (!captchaId) {
      setError('验证码未加载，请点击图片重新获取');
      return;
    }
    setError(null);
    login.mutate(
      {
        username: values.username.trim(),
        password: values.password,
        captchaId,
        captchaCode: values.captchaCode.trim(),
        ...(step === 'totp' && values.totpCode ? { totpCode: values.totpCode.trim() } : {}),
        ...(step === 'email' && values.emailCode ? { emailCode: values.emailCode.trim() } : {}),
      },
      {
        onSuccess: onSignedIn,
        onError: (failure) => {
          // The captcha is used up by any attempt, right or wrong.
          form.setFieldValue('captchaCode', '');
          void captcha.refetch();
          if (isApiError(failure, ResultCode.TwoFactorRequired) && step === 'password') {
            const asked = factorAsked(failure);
            setStep(asked.step);
            setSentTo(asked.sentTo);
            return;
          }
          if (isApiError(failure, ResultCode.TwoFactorRequired)) {
            form.setFieldValue('totpCode', '');
            form.setFieldValue('emailCode', '');
          }
          setError(refusal(failure, step));
        },
      },
    );
  };

  return (
    <Form<LoginValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      requiredMark={false}
      disabled={login.isPending}
    >
      {error && <Alert type="error" showIcon title={error} className="form-alert" role="alert" />}
      <div hidden={step !== 'password'}>
        <Form.Item label="用户名" name="username" rules={[zodRule(fields.username)]}>
          <Input prefix={<UserOutlined />} autoComplete="username" placeholder="员工用户名" />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[zodRule(fields.password)]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder="密码" />
        </Form.Item>
      </div>
      {step !== 'password' && (
        <>
          <Typography.Paragraph type="secondary">
            {step === 'totp'
              ? '该账号已开启两步验证。请打开手机上的身份验证器，输入其中显示的6位数字，并重新输入图形验证码。'
              : `验证码已发送到工作邮箱 ${sentTo}。请输入邮件中的6位数字，并重新输入图形验证码；5 分钟内有效。`}
          </Typography.Paragraph>
          <Form.Item
            key={step}
            label={step === 'totp' ? '身份验证器验证码' : '邮件验证码'}
            name={step === 'totp' ? 'totpCode' : 'emailCode'}
            rules={[zodRule(fields.totpCode.unwrap())]}
          >
            <Input
              prefix={step === 'totp' ? <SafetyOutlined /> : <MailOutlined />}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="6位数字"
              autoFocus
            />
          </Form.Item>
        </>
      )}
      <CaptchaField captcha={captcha} />
      <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
        {step === 'password' ? '登录' : '验证并登录'}
      </Button>
      {step !== 'password' && (
        <Button
          type="link"
          block
          onClick={() => {
            setStep('password');
            setError(null);
          }}
        >
          返回上一步
        </Button>
      )}
    </Form>
  );
}
