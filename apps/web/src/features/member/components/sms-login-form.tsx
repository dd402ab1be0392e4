import { phoneSchema } from '@shop/domain';
import { Button, Form } from 'antd';
import { useSmsLogin } from '../api/sms-login';
import { CodeFields } from './code-fields';
import type { AuthFormProps } from './login-form';

interface SmsLoginValues {
  phone: string;
  captchaCode?: string;
  code: string;
}

/**
 * 短信登录 (#31): a verified phone number, the picture captcha, the code sent by SMS; the member is then signed in
 * exactly as after a password login (session-actions.ts).
 */
export function SmsLoginForm({ onFailure, bindTicket }: AuthFormProps) {
  const [form] = Form.useForm<SmsLoginValues>();
  const login = useSmsLogin(bindTicket);

  const submit = (values: SmsLoginValues) => {
    login.mutate(
      { phone: phoneSchema.parse(values.phone), code: values.code.trim() },
      {
        onError: (error) => {
          form.setFieldValue('code', '');
          onFailure?.(error);
        },
      },
    );
  };

  return (
    <Form
      name="sms-login"
      form={form}
      size="large"
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      disabled={login.isSuccess}
    >
      <CodeFields
        channel="phone"
        scene="login"
        contactHint="已验证的手机号，如 138 0013 8000 或 0412 345 678"
      />
      <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
        {bindTicket ? '登录并绑定' : '登录'}
      </Button>
      {login.isSuccess && <p className="auth-form-note">登录成功，页面即将刷新…</p>}
    </Form>
  );
}
