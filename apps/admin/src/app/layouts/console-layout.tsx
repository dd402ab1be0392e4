import {
  CloseOutlined,
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Alert, App, Button, Dropdown, Layout, Menu, Modal, Spin, Tag } from 'antd';
import { Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ChangePasswordForm } from '@/features/session/components/change-password-form';
import { TotpSetupForm } from '@/features/session/components/totp-setup-form';
import { useSignOut } from '@/features/session/sign-out';
import { paths } from '@/lib/paths';
import { roleLabel } from '@/lib/staff-role';
import { useStaffToken } from '@/lib/token';
import { pagesFor } from '../pages';
import { useSession } from '../session-context';

type Dialog = 'password' | 'totp' | null;

/**
 * The console's frame: the menu of the pages this staff member may open (app/pages.tsx), and a header with
 * who is signed in and their own account's actions. Below 992 px the menu folds away behind its button.
 */
export function ConsoleLayout() {
  const staff = useSession();
  const token = useStaffToken();
  const location = useLocation();
  const signOut = useSignOut();
  const { modal } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [collapsed, setCollapsed] = useState(false);
  // Below the breakpoint the menu is a drawer over the page, opened from the header.
  const [narrow, setNarrow] = useState(false);
  const pages = pagesFor(staff);
  const current = pages.find((page) => location.pathname.startsWith(paths.page(page.path)));

  const confirmSignOutEverywhere = () =>
    modal.confirm({
      title: '退出所有设备？',
      content: '你在所有电脑和手机上的后台登录都会失效，需要重新登录。',
      okText: '全部退出',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () => signOut({ everywhere: true }),
    });

  const accountMenu = {
    items: [
      { key: 'password', icon: <KeyOutlined />, label: '修改密码' },
      { key: 'totp', icon: <SafetyCertificateOutlined />, label: '两步验证' },
      { type: 'divider' as const },
      { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
      { key: 'logout-all', icon: <StopOutlined />, label: '退出所有设备', danger: true },
    ],
    onClick: ({ key }: { key: string }) => {
      if (key === 'password' || key === 'totp') setDialog(key);
      else if (key === 'logout') void signOut({ everywhere: false });
      else confirmSignOutEverywhere();
    },
  };

  return (
    <Layout className="console-layout">
      <Layout.Sider
        breakpoint="lg"
        collapsedWidth={0}
        collapsed={collapsed}
        onCollapse={setCollapsed}
        onBreakpoint={setNarrow}
        trigger={null}
        width={208}
        className={narrow ? 'console-sider console-sider-narrow' : 'console-sider'}
      >
        <Link to={paths.home()} className="console-brand">
          澳中批发 · 后台
        </Link>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={current ? [current.path] : []}
          onClick={() => narrow && setCollapsed(true)}
          items={pages.map((page) => ({
            key: page.path,
            icon: page.icon,
            label: <Link to={paths.page(page.path)}>{page.label}</Link>,
          }))}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          <div className="console-header-start">
            {narrow && (
              <Button
                type="text"
                icon={collapsed ? <MenuOutlined /> : <CloseOutlined />}
                aria-label={collapsed ? '打开菜单' : '收起菜单'}
                onClick={() => setCollapsed(!collapsed)}
              />
            )}
            <h1 className="console-title">{current?.label ?? '后台'}</h1>
          </div>
          <Dropdown menu={accountMenu} trigger={['click']} placement="bottomRight">
            <Button type="text" className="account-button" aria-label="账号菜单">
              <UserOutlined />
              <span className="account-name">{staff.name}</span>
              <Tag color="red" className="role-tag">
                {roleLabel(staff.role)}
              </Tag>
              <DownOutlined />
            </Button>
          </Dropdown>
        </Layout.Header>
        <Layout.Content className="console-content">
          <Suspense fallback={<Spin />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      <Modal
        title="修改密码"
        open={dialog === 'password'}
        onCancel={() => setDialog(null)}
        footer={null}
        destroyOnHidden
      >
        <ChangePasswordForm onDone={() => setDialog(null)} />
      </Modal>
      <Modal
        title="两步验证"
        open={dialog === 'totp'}
        onCancel={() => setDialog(null)}
        footer={null}
        destroyOnHidden
      >
        {staff.totpEnabled ? (
          <Alert
            type="success"
            showIcon
            title="两步验证已开启"
            description="登录时需要输入身份验证器中的6位验证码。如需更换手机，请店主在员工管理中重置你的两步验证，下次登录时重新设置。"
          />
        ) : (
          token && <TotpSetupForm token={token} onDone={() => setDialog(null)} />
        )}
      </Modal>
    </Layout>
  );
}
