import { SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { captchaCodeInputSchema, profileFieldsSchema, usernameSchema } from '@shop/domain';
import { Button, Checkbox, Form, Input } from 'antd';
import { CaptchaImage } from '@/components/captcha-image';
import { useCaptcha } from '@/lib/captcha';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { useRegister } from '../api/register';
import type { AuthFormProps } from './login-form';
import { NewPasswordFields } from './new-password-fields';

/** Where the 用户协议 and 隐私政策 articles are (from the basic template); a missing one shows as plain text. */
export interface AgreementLinks {
  terms?: string | undefined;
  privacy?: string | undefined;
}

export const AGREEMENT_REQUIRED_MESSAGE = '请先阅读并勾选同意《用户协议》和《隐私政策》';

interface RegisterValues {
  agree?: boolean;
  username: string;
  password: string;
  confirmPassword: string;
  captchaCode: string;
  name?: string;
  mobile?: string;
  email?: string;
}

/** Drops optional fields left blank, so the request carries only what the shopper typed. */
function optional(value: string | undefined) {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** A link that opens the article in a new tab, so the half-filled form stays as it is. */
function AgreementLink({ href, title }: { href: string | undefined; title: string }) {
  if (!href) return <>《{title}》</>;
  return (
    <a
      className="auth-agreement-link"
      href={href}
      target="_blank"
      rel="noopener"
      onClick={(event) => event.stopPropagation()}
    >
      《{title}》
    </a>
  );
}

/**
 * Registration with the image captcha (spec §7 register/, captcha/); success logs the member in. The buyer
 * ticks agreement to the 用户协议 and 隐私政策 first: 注册 is refused with a message until then.
 */
export function RegisterForm({
  onFailure,
  bindTicket,
  agreements = {},
}: AuthFormProps & { agreements?: AgreementLinks }) {
  const [form] = Form.useForm<RegisterValues>();
  const captcha = useCaptcha();
  const registerMember = useRegister(bindTicket);

  const submit = (values: RegisterValues) => {
    const captchaId = captcha.data?.captchaId;
    if (!captchaId) {
      notify.warn('请先获取验证码');
      void captcha.refetch();
      return;
    }
    registerMember.mutate(
      {
        username: values.username.trim(),
        password: values.password,
        captchaId,
        captchaCode: values.captchaCode.trim(),
        name: optional(values.name),
        mobile: optional(values.mobile),
        email: optional(values.email),
      },
      {
        onError: (error) => {
          // A captcha is good for one attempt: show a new one after every refusal.
          form.setFieldValue('captchaCode', '');
          void captcha.refetch();
          onFailure?.(error);
        },
      },
    );
  };

  return (
    <Form
      name="register"
      form={form}
      size="large"
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      disabled={registerMember.isSuccess}
    >
      <Form.Item name="username" rules={[zodRule(usernameSchema)]}>
        <Input prefix={<UserOutlined />} placeholder="用户名" aria-label="用户名" autoComplete="username" />
      </Form.Item>
      <NewPasswordFields label="密码" />
      <div className="captcha-row">
        <Form.Item name="captchaCode" rules={[zodRule(captchaCodeInputSchema)]}>
          <Input prefix={<SafetyOutlined />} placeholder="验证码" aria-label="验证码" autoComplete="off" />
        </Form.Item>
        <CaptchaImage captcha={captcha} />
      </div>
      <p className="auth-form-hint">以下为选填</p>
      <Form.Item name="name" rules={[zodRule(profileFieldsSchema.shape.name)]}>
        <Input placeholder="姓名" aria-label="姓名" autoComplete="name" />
      </Form.Item>
      <Form.Item name="mobile" rules={[zodRule(profileFieldsSchema.shape.mobile)]}>
        <Input placeholder="手机号" aria-label="手机号" autoComplete="tel" inputMode="tel" />
      </Form.Item>
      <Form.Item name="email" rules={[zodRule(profileFieldsSchema.shape.email)]}>
        <Input placeholder="邮箱" aria-label="邮箱" autoComplete="email" inputMode="email" />
      </Form.Item>
      <Form.Item
        name="agree"
        valuePropName="checked"
        rules={[
          {
            validator: async (_, value) => {
              if (value !== true) throw new Error(AGREEMENT_REQUIRED_MESSAGE);
            },
          },
        ]}
      >
        <Checkbox>
          我已阅读并同意
          <AgreementLink href={agreements.terms} title="用户协议" />和
          <AgreementLink href={agreements.privacy} title="隐私政策" />
        </Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={registerMember.isPending}>
        {bindTicket ? '注册并绑定' : '注册'}
      </Button>
      {registerMember.isSuccess && <p className="auth-form-note">注册成功，页面即将刷新…</p>}
    </Form>
  );
}
