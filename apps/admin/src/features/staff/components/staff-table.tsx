import { roleNeedsTwoFactor, type StaffAccount } from '@shop/domain';
import { Button, Popconfirm, Space, Table, type TableColumnsType, Tag } from 'antd';
import { formatTime } from '@/lib/date';
import { notify } from '@/lib/notify';
import { isStaffRole, roleLabel } from '@/lib/staff-role';
import { useResetStaffTotp } from '../api/reset-staff-totp';
import { useUpdateStaff } from '../api/update-staff';

export interface StaffTableProps {
  items: StaffAccount[];
  loading: boolean;
  /** The signed-in owner: their own account cannot be disabled here. */
  selfId: number;
  onEdit: (account: StaffAccount) => void;
  onResetPassword: (account: StaffAccount) => void;
}

function TotpState({ account }: { account: StaffAccount }) {
  if (account.totpEnabled) return <Tag color="green">已开启</Tag>;
  return isStaffRole(account.role) && roleNeedsTwoFactor(account.role) ? (
    <Tag color="orange">待设置</Tag>
  ) : (
    <Tag>未开启</Tag>
  );
}

/** The staff accounts with the owner's actions on each; the ones that lock someone out ask first. */
export function StaffTable({ items, loading, selfId, onEdit, onResetPassword }: StaffTableProps) {
  const update = useUpdateStaff();
  const resetTotp = useResetStaffTotp();

  const setDisabled = (account: StaffAccount, disabled: boolean) =>
    update
      .mutateAsync({ id: account.id, disabled })
      .then(() => notify.success(disabled ? `已停用 ${account.username}` : `已启用 ${account.username}`));

  const columns: TableColumnsType<StaffAccount> = [
    { title: '用户名', dataIndex: 'username', fixed: 'left', width: 120 },
    { title: '姓名', dataIndex: 'name', width: 110 },
    {
      title: '角色',
      dataIndex: 'role',
      width: 90,
      render: (_, account) => (
        <Tag color={account.role === 'owner' ? 'red' : 'blue'}>{roleLabel(account.role)}</Tag>
      ),
    },
    {
      title: '状态',
      dataIndex: 'disabled',
      width: 160,
      render: (_, account) => (
        <Space size={4} wrap>
          {account.disabled ? <Tag color="default">已停用</Tag> : <Tag color="green">正常</Tag>}
          {account.mustChangePassword && <Tag color="orange">待改密码</Tag>}
        </Space>
      ),
    },
    {
      title: '两步验证',
      dataIndex: 'totpEnabled',
      width: 100,
      render: (_, account) => <TotpState account={account} />,
    },
    {
      title: '最后登录',
      dataIndex: 'lastLoginTime',
      width: 140,
      render: (value: string | null) => formatTime(value),
    },
    { title: '创建时间', dataIndex: 'createTime', width: 140, render: (value: string) => formatTime(value) },
    {
      title: '操作',
      key: 'actions',
      width: 260,
      render: (_, account) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => onEdit(account)}>
            编辑
          </Button>
          {account.id !== selfId &&
            (account.disabled ? (
              <Popconfirm
                title={`启用 ${account.name}？`}
                description="启用后该员工可以重新登录。"
                okText="启用"
                cancelText="取消"
                onConfirm={() => setDisabled(account, false)}
              >
                <Button type="link" size="small">
                  启用
                </Button>
              </Popconfirm>
            ) : (
              <Popconfirm
                title={`停用 ${account.name}？`}
                description="停用后该员工无法登录，已有的登录立即失效。"
                okText="停用"
                okButtonProps={{ danger: true }}
                cancelText="取消"
                onConfirm={() => setDisabled(account, true)}
              >
                <Button type="link" size="small" danger>
                  停用
                </Button>
              </Popconfirm>
            ))}
          <Button type="link" size="small" onClick={() => onResetPassword(account)}>
            重置密码
          </Button>
          {account.totpEnabled && (
            <Popconfirm
              title={`重置 ${account.name} 的两步验证？`}
              description="用于手机丢失：该员工下次登录时需要重新绑定身份验证器。"
              okText="重置"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() =>
                resetTotp
                  .mutateAsync({ id: account.id })
                  .then(() => notify.success(`已重置 ${account.username} 的两步验证`))
              }
            >
              <Button type="link" size="small">
                重置两步验证
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Table<StaffAccount>
      rowKey="id"
      columns={columns}
      dataSource={items}
      loading={loading}
      pagination={false}
      scroll={{ x: 1120 }}
      size="middle"
    />
  );
}
