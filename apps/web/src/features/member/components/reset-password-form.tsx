import { Button, Form, Segmented } from 'antd';
import { useState } from 'react';
import { useResetPassword } from '../api/reset-password';
import { CodeFields, type ContactChannel, contactOf } from './code-fields';
import { NewPasswordFields } from './new-password-fields';

interface ResetValues {
  phone?: string;
  email?: string;
  captchaCode?: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/**
 * 忘记密码 (#31): a code to the member's verified phone or e-mail address, then a new password. The server answers
 * alike whether or not the number or address is a member's, and so does this form. `onDone` runs once the
 * password is set (the caller goes back to the password login); `onCancel` goes back without it.
 */
export function ResetPasswordForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [form] = Form.useForm<ResetValues>();
  const [channel, setChannel] = useState<ContactChannel>('phone');
  const reset = useResetPassword();

  const submit = (values: ResetValues) =>
    reset.mutate(
      { ...contactOf(channel, values[channel]), code: values.code.trim(), password: values.password },
      {
        onSuccess: onDone,
        onError: () => form.setFieldValue('code', ''),
      },
    );

  return (
    <Form
      name="reset-password"
      form={form}
      size="large"
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
    >
      <p className="reset-title">找回密码</p>
      <Form.Item>
        <Segmented<ContactChannel>
          block
          value={channel}
          onChange={setChannel}
          options={[
            { label: '手机号找回', value: 'phone' },
            { label: '邮箱找回', value: 'email' },
          ]}
        />
      </Form.Item>
      {/* Keyed by channel: the captcha and the countdown start over for the other contact. */}
      <CodeFields
        key={channel}
        channel={channel}
        scene="reset"
        contactHint={channel === 'phone' ? '账号已验证的手机号（+86 或 +61）' : '账号已验证的邮箱'}
      />
      <NewPasswordFields label="新密码" />
      <Button type="primary" htmlType="submit" block loading={reset.isPending}>
        重置密码
      </Button>
      <p className="auth-form-back">
        <button type="button" className="link-button" onClick={onCancel}>
          返回登录
        </button>
      </p>
    </Form>
  );
}
