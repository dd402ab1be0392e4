import { Tabs } from 'antd';
import { AntdProvider } from '@/components/antd-provider';
import type { AuthTab } from '../auth-modal-store';
import { type AuthFormProps, LoginForm } from './login-form';
import { QrLoginTab } from './qr-login-tab';
import { type AgreementLinks, RegisterForm } from './register-form';

/** The 登录 / 扫码登录 / 注册 tabs, used by the dialog and by the members-only page panel. */
export function AuthTabs({
  tab,
  onTabChange,
  agreements,
  ...formProps
}: AuthFormProps & { tab?: AuthTab; onTabChange?: (tab: AuthTab) => void; agreements?: AgreementLinks }) {
  return (
    <AntdProvider>
      <Tabs
        centered
        // Only the visible form is mounted: no captcha download until 注册 is chosen, no duplicate field ids.
        destroyOnHidden
        {...(tab ? { activeKey: tab } : {})}
        onChange={(key) => onTabChange?.(key as AuthTab)}
        items={[
          { key: 'login', label: '登录', children: <LoginForm {...formProps} /> },
          // Mounted only while chosen (destroyOnHidden): no QR code is asked for until then.
          { key: 'qr', label: '扫码登录', children: <QrLoginTab agreements={agreements} /> },
          {
            key: 'register',
            label: '注册',
            children: <RegisterForm {...formProps} agreements={agreements} />,
          },
        ]}
      />
    </AntdProvider>
  );
}

export default AuthTabs;
