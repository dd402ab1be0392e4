import { LockOutlined } from '@ant-design/icons';
import { passwordSchema } from '@shop/domain';
import { Form, Input } from 'antd';
import { zodRule } from '@/lib/zod-rule';

/**
 * A password chosen now and typed twice (registration, 忘记密码), checked by the domain's password rules; the
 * fields are `password` and `confirmPassword` of the surrounding antd Form. `label` names them: 密码 or 新密码.
 */
export function NewPasswordFields({ label }: { label: '密码' | '新密码' }) {
  return (
    <>
      <Form.Item name="password" rules={[zodRule(passwordSchema)]} extra="至少8位，须包含字母和数字">
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={label}
          aria-label={label}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        dependencies={['password']}
        rules={[
          { required: true, message: `请再次输入${label}` },
          ({ getFieldValue }) => ({
            validator: async (_, value) => {
              if (value && value !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
            },
          }),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={`确认${label}`}
          aria-label={`确认${label}`}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
