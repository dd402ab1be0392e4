import { AntdProvider } from '@/components/antd-provider';
import { PasswordForm } from '@/features/member/components/password-form';

export function Component() {
  return (
    <div className="panel">
      <p className="muted">修改后，其他设备上的登录将失效，本设备保持登录。</p>
      <AntdProvider>
        <PasswordForm />
      </AntdProvider>
    </div>
  );
}
