import type { AdminMember } from '@shop/domain';
import { Alert, Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useResetMemberPassword } from '../api/reset-member-password';

/**
 * Resets a member's password after a confirm, and shows the one-time password once, to copy and hand over: the
 * shop keeps only its hash, so closing the dialog is the last time anyone sees it.
 */
export function ResetPasswordDialog({
  member,
  onClose,
}: {
  member: AdminMember | undefined;
  onClose: () => void;
}) {
  const reset = useResetMemberPassword();
  const [password, setPassword] = useState<string>();
  const close = () => {
    setPassword(undefined);
    reset.reset();
    onClose();
  };
  const open = member !== undefined;

  if (password !== undefined)
    return (
      <Modal
        key="password"
        title={`一次性密码：${member?.username ?? ''}`}
        open={open}
        onCancel={close}
        footer={
          <Button type="primary" onClick={close}>
            我已记下
          </Button>
        }
        mask={{ closable: false }}
        // Nothing of the password stays in the page once the dialog is closed.
        destroyOnHidden
      >
        <Alert
          type="warning"
          showIcon
          className="form-alert"
          title="此密码只显示这一次，请复制后交给会员。会员登录后须先修改密码。"
        />
        <Typography.Paragraph>
          <Typography.Text code copyable={{ text: password }} data-testid="one-time-password">
            {password}
          </Typography.Text>
        </Typography.Paragraph>
      </Modal>
    );

  return (
    <Modal
      key="confirm"
      title={member ? `重置密码：${member.username}` : '重置密码'}
      open={open}
      onCancel={close}
      onOk={() => {
        if (member) reset.mutate({ id: member.id }, { onSuccess: (r) => setPassword(r.password) });
      }}
      okText="确认重置"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={reset.isPending}
    >
      <p>
        将为该会员生成一次性密码，原密码立即失效，会员在所有设备上的登录都将退出；会员用新密码登录后须先修改密码。
      </p>
    </Modal>
  );
}
