import { AntdProvider } from '@/components/antd-provider';
import { useCurrentMember } from '@/features/member/api/get-current-member';
import { PasswordForm } from '@/features/member/components/password-form';
import { WechatBindingCard } from '@/features/member/components/wechat-binding-card';

/** Said while staff's reset holds the member here (route-guard.tsx). */
const PASSWORD_RESET_NOTICE = '管理员已重置您的密码，请先设置新密码';

export function Component() {
  // Until the new password is set, the rest of the account (binding included) is closed to the member.
  const mustChangePassword = useCurrentMember().data?.mustChangePassword === true;
  return (
    <div className="panel-stack">
      <div className="panel">
        <h2 className="panel-title">修改密码</h2>
        {mustChangePassword ? (
          <p className="security-notice" role="alert">
            <strong>{PASSWORD_RESET_NOTICE}</strong>
            <br />
            原密码处请填写管理员提供的临时密码。
          </p>
        ) : (
          <p className="muted">修改后，其他设备上的登录将失效，本设备保持登录。</p>
        )}
        <AntdProvider>
          <PasswordForm />
        </AntdProvider>
      </div>
      {mustChangePassword ? null : (
        <div className="panel">
          <h2 className="panel-title">微信扫码登录</h2>
          <AntdProvider>
            <WechatBindingCard />
          </AntdProvider>
        </div>
      )}
    </div>
  );
}
