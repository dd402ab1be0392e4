import type { StaffSession } from '@shop/domain';
import { Button, Card, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { roleLabel } from '@/lib/staff-role';
import { useSignOut } from '../sign-out';

/**
 * A screen the staff member must pass before the console opens (second factor, password change): one card,
 * who is signed in, and a way out.
 */
export function GateScreen({
  title,
  staff,
  children,
}: {
  title: string;
  staff: StaffSession;
  children: ReactNode;
}) {
  const signOut = useSignOut();
  return (
    <main className="centered-page">
      <Card className="gate-card" title={title}>
        <Space orientation="vertical" size="middle" className="full-width">
          <Typography.Text type="secondary">
            {staff.name}（{roleLabel(staff.role)}，{staff.username}）
          </Typography.Text>
          {children}
          <Button type="link" onClick={() => signOut({ everywhere: false })}>
            退出登录
          </Button>
        </Space>
      </Card>
    </main>
  );
}
