import { type StaffAccount, staffResetPasswordRequestSchema } from '@shop/domain';
import { Alert, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { zodRule } from '@/lib/zod-rule';
import { useResetStaffPassword } from '../api/reset-staff-password';

/** Sets a new password for a staff member, who must change it at the next sign-in; their sessions end. */
export function ResetPasswordDialog({
  account,
  onClose,
}: {
  account: StaffAccount | undefined;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ password: string }>();
  const reset = useResetStaffPassword();
  useEffect(() => {
    if (account) form.resetFields();
  }, [account, form]);
  return (
    <Modal
      title={account ? `重置密码：${account.name}（${account.username}）` : '重置密码'}
      open={account !== undefined}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="重置密码"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={reset.isPending}
      forceRender
    >
      <Alert
        type="warning"
        showIcon
        className="form-alert"
        title="重置后该员工的所有登录立即失效，下次登录必须修改密码。请把新密码当面或私下告诉本人。"
      />
      <Form
        form={form}
        layout="vertical"
        name="reset-password"
        onFinish={({ password }) => {
          if (account) reset.mutate({ id: account.id, password }, { onSuccess: onClose });
        }}
      >
        <Form.Item
          label="新密码"
          name="password"
          rules={[zodRule(staffResetPasswordRequestSchema.shape.password)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
