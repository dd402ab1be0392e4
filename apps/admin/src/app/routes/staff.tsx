import { PlusOutlined } from '@ant-design/icons';
import type { StaffAccount } from '@shop/domain';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { useStaffList } from '@/features/staff/api/list-staff';
import { ResetPasswordDialog } from '@/features/staff/components/reset-password-dialog';
import { StaffFormDialog } from '@/features/staff/components/staff-form-dialog';
import { StaffTable } from '@/features/staff/components/staff-table';
import { useSession } from '../session-context';

/** 员工管理 (owner): the staff accounts, and creating, editing, disabling and resetting them. */
export default function StaffPage() {
  const session = useSession();
  const list = useStaffList();
  const [form, setForm] = useState<{ open: boolean; account?: StaffAccount }>({ open: false });
  const [resetting, setResetting] = useState<StaffAccount | undefined>();

  return (
    <Card
      title="员工账号"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true })}>
          新增员工
        </Button>
      }
    >
      {list.isError ? (
        <LoadFailed title="员工列表加载失败" error={list.error} retry={list.refetch} />
      ) : (
        <StaffTable
          items={list.data?.items ?? []}
          loading={list.isPending}
          selfId={session.id}
          onEdit={(account) => setForm({ open: true, account })}
          onResetPassword={setResetting}
        />
      )}
      <StaffFormDialog open={form.open} account={form.account} onClose={() => setForm({ open: false })} />
      <ResetPasswordDialog account={resetting} onClose={() => setResetting(undefined)} />
    </Card>
  );
}
