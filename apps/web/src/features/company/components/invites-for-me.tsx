import { COMPANY_ROLE_LABELS, type CompanyInviteForMe } from '@shop/domain';
import { Button } from 'antd';
import { formatDateTime } from '@/lib/date';
import { useAcceptInvite } from '../api/company-calls';

/** The invites sent to the member's verified phone or e-mail, each accepted with one button. */
export function InvitesForMe({ invites }: { invites: CompanyInviteForMe[] }) {
  const accept = useAcceptInvite();
  return (
    <ul className="company-list">
      {invites.map((invite) => (
        <li key={invite.id} className="company-row">
          <div className="company-row-main">
            <strong>{invite.companyName}</strong>
            <span>
              {invite.invitedBy || '公司管理员'} 邀请您以「{COMPANY_ROLE_LABELS[invite.role]}」身份加入
            </span>
            <span className="muted">
              发至 {invite.contact} · 有效至 {formatDateTime(invite.expiresAt)}
            </span>
          </div>
          <Button
            type="primary"
            loading={accept.isPending && accept.variables === invite.id}
            onClick={() => accept.mutate(invite.id)}
          >
            接受邀请
          </Button>
        </li>
      ))}
    </ul>
  );
}
