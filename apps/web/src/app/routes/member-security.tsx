import { AntdProvider } from '@/components/antd-provider';
import { PasswordForm } from '@/features/member/components/password-form';
import { WechatBindingCard } from '@/features/member/components/wechat-binding-card';

export function Component() {
  return (
    <div className="panel-stack">
      <div className="panel">
        <h2 className="panel-title">修改密码</h2>
        <p className="muted">修改后，其他设备上的登录将失效，本设备保持登录。</p>
        <AntdProvider>
          <PasswordForm />
        </AntdProvider>
      </div>
      <div className="panel">
        <h2 className="panel-title">微信扫码登录</h2>
        <AntdProvider>
          <WechatBindingCard />
        </AntdProvider>
      </div>
    </div>
  );
}
