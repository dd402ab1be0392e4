import { Alert, Tabs } from 'antd';
import { useState } from 'react';
import { AntdProvider } from '@/components/antd-provider';
import type { AuthTab } from '../auth-modal-store';
import { type AuthFormProps, LoginForm } from './login-form';
import { QrLoginTab } from './qr-login-tab';
import { type AgreementLinks, RegisterForm } from './register-form';
import { ResetPasswordForm } from './reset-password-form';
import { SmsLoginForm } from './sms-login-form';

/** Said in the password tab once 忘记密码 has set a new password (#31). */
export const PASSWORD_RESET_DONE = '密码已重置，请使用新密码登录';

/**
 * The 账号登录 / 短信登录 / 扫码登录 / 注册 tabs, used by the dialog and by the members-only page panel; 忘记密码 in the
 * password tab swaps them for the reset form until it is done or left.
 */
export function AuthTabs({
  tab,
  onTabChange,
  agreements,
  ...formProps
}: AuthFormProps & { tab?: AuthTab; onTabChange?: (tab: AuthTab) => void; agreements?: AgreementLinks }) {
  const [resetting, setResetting] = useState(false);
  const [resetDone, setResetDone] = useState(false);
  // Uncontrolled on the members-only page: the tab is kept here so the reset can come back to the password tab.
  const [ownTab, setOwnTab] = useState<AuthTab>(tab ?? 'login');
  const activeTab = tab ?? ownTab;
  const changeTab = (next: AuthTab) => {
    setOwnTab(next);
    setResetDone(false);
    onTabChange?.(next);
  };

  if (resetting) {
    return (
      <AntdProvider>
        <ResetPasswordForm
          onDone={() => {
            setResetting(false);
            setResetDone(true);
            setOwnTab('login');
            onTabChange?.('login');
          }}
          onCancel={() => setResetting(false)}
        />
      </AntdProvider>
    );
  }

  return (
    <AntdProvider>
      <Tabs
        centered
        tabBarGutter={20}
        // Only the visible form is mounted: no captcha download until 注册 is chosen, no duplicate field ids.
        destroyOnHidden
        activeKey={activeTab}
        onChange={(key) => changeTab(key as AuthTab)}
        items={[
          {
            key: 'login',
            label: '账号登录',
            children: (
              <>
                {resetDone && (
                  <Alert className="auth-form-alert" type="success" showIcon title={PASSWORD_RESET_DONE} />
                )}
                <LoginForm
                  {...formProps}
                  onForgotPassword={() => {
                    setResetDone(false);
                    setResetting(true);
                  }}
                />
              </>
            ),
          },
          { key: 'sms', label: '短信登录', children: <SmsLoginForm {...formProps} /> },
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
