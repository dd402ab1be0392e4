import type { AdminMember, MemberResetPasswordResponse } from '@shop/domain';
import { Alert, Button, Modal, QRCode, Result, Typography } from 'antd';
import { useState } from 'react';
import { useResetMemberPassword } from '../api/reset-member-password';

const CHANNEL_NAMES = { sms: '短信', email: '邮件' } as const;
const minutes = (seconds: number) => Math.round(seconds / 60);

/** What the reset did, for the staff member to tell the member: where the code went, or the link to hand over. */
function ResetOutcome({ outcome }: { outcome: MemberResetPasswordResponse }) {
  if (outcome.channel !== 'link')
    return (
      <Result
        status="success"
        title={`重置验证码已通过${CHANNEL_NAMES[outcome.channel]}发送至 ${outcome.sentTo}`}
        subTitle={
          `验证码 ${minutes(outcome.expiresIn)} 分钟内有效。请会员在商城登录框点「忘记密码」，` +
          `用该${outcome.channel === 'sms' ? '手机号' : '邮箱'}和验证码自行设置新密码；设置前原密码仍可使用。`
        }
      />
    );
  return (
    <>
      <Alert
        type="warning"
        showIcon
        className="form-alert"
        title={`会员没有已验证的手机号或邮箱。此链接只显示这一次，${minutes(outcome.expiresIn)} 分钟内有效，只能使用一次：请只交给会员本人，由会员自行设置新密码。`}
      />
      <Typography.Paragraph>
        <Typography.Text code copyable={{ text: outcome.link }} data-testid="reset-link">
          {outcome.link}
        </Typography.Text>
      </Typography.Paragraph>
      {/* For a member at the counter: scanned with their own phone, the link never passes through a chat. */}
      <QRCode value={outcome.link} size={160} bordered={false} />
    </>
  );
}

/**
 * Starts a member's password reset after a confirm (ADR 045). Staff never see or set a password: the member gets a
 * code by SMS or e-mail, or, without a proved contact, staff get a one-time link shown once to hand over.
 */
export function ResetPasswordDialog({
  member,
  onClose,
}: {
  member: AdminMember | undefined;
  onClose: () => void;
}) {
  const reset = useResetMemberPassword();
  const [outcome, setOutcome] = useState<MemberResetPasswordResponse>();
  const close = () => {
    setOutcome(undefined);
    reset.reset();
    onClose();
  };
  const open = member !== undefined;

  if (outcome !== undefined)
    return (
      <Modal
        key="outcome"
        title={`重置密码：${member?.username ?? ''}`}
        open={open}
        onCancel={close}
        footer={
          <Button type="primary" onClick={close}>
            {outcome.channel === 'link' ? '已转交' : '知道了'}
          </Button>
        }
        mask={{ closable: false }}
        // Nothing of the link stays in the page once the dialog is closed.
        destroyOnHidden
      >
        <ResetOutcome outcome={outcome} />
      </Modal>
    );

  return (
    <Modal
      key="confirm"
      title={member ? `重置密码：${member.username}` : '重置密码'}
      open={open}
      onCancel={close}
      onOk={() => {
        if (member) reset.mutate({ id: member.id }, { onSuccess: setOutcome });
      }}
      okText="确认重置"
      cancelText="取消"
      confirmLoading={reset.isPending}
    >
      <p>
        将向会员已验证的手机号（优先）或邮箱发送重置验证码；两者都没有时，生成一次性链接由您转交会员。会员自行设置新密码，员工不会看到密码；设置前原密码和登录仍然有效。
      </p>
    </Modal>
  );
}
