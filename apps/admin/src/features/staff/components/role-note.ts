import { roleNeedsTwoFactor, type StaffRole } from '@shop/domain';

const NOTES: Record<StaffRole, string> = {
  owner: '全部权限，管理员工',
  service: '客服工单、消息、会员',
  warehouse: '订单发货、库存',
  finance: '收款、退款、充值',
  content: '商品与内容',
};

/** What a role is for, as the owner reads it when choosing one; money roles say they need two-factor. */
export function roleNote(role: StaffRole): string {
  return roleNeedsTwoFactor(role) ? `${NOTES[role]}，需两步验证` : NOTES[role];
}
