import {
  COMPANY_ROLE_HINTS,
  COMPANY_ROLE_LABELS,
  type CompanyDetail,
  type CompanyMember,
  MEMBER_LEVEL_LABELS,
} from '@shop/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '@/components/confirm-dialog';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { formatDateTime } from '@/lib/date';
import { paths } from '@/lib/paths';
import { useLeaveCompany, useRemoveFromCompany } from '../api/company-calls';
import { useCompanyMembers } from '../api/get-company-members';
import { ApprovalsPanel } from './approvals-panel';
import { limitLines } from './company-limits';
import { InviteForm } from './invite-form';
import { MemberSettingsModal } from './member-settings-modal';

type Detail = CompanyDetail & { company: NonNullable<CompanyDetail['company']> };

/**
 * The member's company: its details and their role, its members, and for an admin the invites. `me` is the
 * signed-in member's id (the route knows it), to mark their own row.
 */
export function CompanyView({
  detail,
  me,
  onOrdersChanged,
}: {
  detail: Detail;
  me: number | undefined;
  /** An approval moved or cancelled an order: the route refreshes the orders. */
  onOrdersChanged: () => void;
}) {
  const { company, role } = detail;
  const isAdmin = role === 'admin';
  const leave = useLeaveCompany();
  const { confirm, dialog } = useConfirm();
  return (
    <div className="panel-stack">
      <section className="panel" aria-labelledby="company-title">
        <h2 className="panel-title" id="company-title">
          {company.name}
        </h2>
        <dl className="company-facts">
          <dt>ABN / 税号</dt>
          <dd>{company.taxNo}</dd>
          <dt>价格等级</dt>
          <dd>{MEMBER_LEVEL_LABELS[company.level] ?? `等级 ${company.level}`}</dd>
          <dt>成员</dt>
          <dd>{company.memberCount} 人</dd>
          <dt>我的角色</dt>
          <dd>{role ? `${COMPANY_ROLE_LABELS[role]}：${COMPANY_ROLE_HINTS[role]}` : ''}</dd>
          {detail.limits &&
            limitLines(detail.limits).map(([label, text]) => (
              <FactPair key={label} label={`我的${label}额度`} text={text} />
            ))}
          <dt>账期与对账单</dt>
          <dd>
            <Link to={paths.member.companyStatement()}>查看对账单</Link>
          </dd>
        </dl>
        <Button
          danger
          onClick={() =>
            confirm({
              title: '退出公司',
              content: `退出后将不能再以「${company.name}」的名义下单或查看公司的订单；您自己下的订单仍在「我的订单」中。`,
              okText: '确定退出',
              danger: true,
              onConfirm: () => leave.mutateAsync(undefined),
            })
          }
        >
          退出公司
        </Button>
      </section>
      {role && <ApprovalsPanel role={role} onOrdersChanged={onOrdersChanged} />}
      <CompanyMembers isAdmin={isAdmin} me={me} />
      {isAdmin && (
        <section className="panel" aria-labelledby="company-invite-title">
          <h2 className="panel-title" id="company-invite-title">
            邀请成员
          </h2>
          <InviteForm />
        </section>
      )}
      {dialog}
    </div>
  );
}

function FactPair({ label, text }: { label: string; text: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{text}</dd>
    </>
  );
}

function CompanyMembers({ isAdmin, me }: { isAdmin: boolean; me: number | undefined }) {
  const members = useCompanyMembers();
  const remove = useRemoveFromCompany();
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<CompanyMember | null>(null);
  return (
    <section className="panel" aria-labelledby="company-members-title">
      <h2 className="panel-title" id="company-members-title">
        成员
      </h2>
      <QueryView query={members} loading={<Skeleton lines={4} />}>
        {({ members: list, invites }) => (
          <>
            <ul className="company-list" aria-label="公司成员">
              {list.map((member) => (
                <li key={member.memberId} className="company-row">
                  <div className="company-row-main">
                    <strong>
                      {member.name || member.username}
                      {member.memberId === me && <span className="muted">（我）</span>}
                    </strong>
                    <span>
                      <span className={`company-role company-role-${member.role}`}>
                        {COMPANY_ROLE_LABELS[member.role]}
                      </span>{' '}
                      <span className="muted">
                        {member.name ? `${member.username} · ` : ''}
                        {formatDateTime(member.joinedAt)} 加入
                      </span>
                    </span>
                    {member.limits &&
                      limitLines(member.limits).map(([label, text]) => (
                        <span key={label} className="muted">
                          {label}额度：{text}
                        </span>
                      ))}
                  </div>
                  {isAdmin && (
                    <div className="company-row-actions">
                      <Button onClick={() => setEditing(member)}>设置</Button>
                      {member.memberId !== me && (
                        <Button
                          danger
                          onClick={() =>
                            confirm({
                              title: '移除成员',
                              content: `移除后 ${member.name || member.username} 立即失去公司的访问权限；其本人下的订单不受影响。`,
                              okText: '确定移除',
                              danger: true,
                              onConfirm: () => remove.mutateAsync({ memberId: member.memberId }),
                            })
                          }
                        >
                          移除
                        </Button>
                      )}
                    </div>
                  )}
                </li>
              ))}
            </ul>
            {isAdmin && invites.length > 0 && (
              <>
                <h3 className="company-subtitle">待接受的邀请</h3>
                <ul className="company-list" aria-label="待接受的邀请">
                  {invites.map((invite) => (
                    <li key={invite.id} className="company-row">
                      <div className="company-row-main">
                        <strong>{invite.contact}</strong>
                        <span>
                          {COMPANY_ROLE_LABELS[invite.role]} · 有效至 {formatDateTime(invite.expiresAt)}
                        </span>
                        <span className="muted">
                          {invite.reachable
                            ? '对方已验证该联系方式，邀请已显示在其「我的公司」并发送站内消息'
                            : '尚无会员验证该联系方式：请告知对方注册并在「个人资料」验证后接受邀请'}
                        </span>
                      </div>
                      <div className="company-row-actions">
                        <Button
                          onClick={() =>
                            confirm({
                              title: '撤销邀请',
                              content: `撤销后发给 ${invite.contact} 的邀请将不能再接受。`,
                              okText: '确定撤销',
                              danger: true,
                              onConfirm: () => remove.mutateAsync({ inviteId: invite.id }),
                            })
                          }
                        >
                          撤销
                        </Button>
                      </div>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </QueryView>
      {editing && <MemberSettingsModal member={editing} onClose={() => setEditing(null)} />}
      {dialog}
    </section>
  );
}
