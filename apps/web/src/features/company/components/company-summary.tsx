import { COMPANY_ROLE_LABELS } from '@shop/domain';
import { Link } from 'react-router';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { paths } from '@/lib/paths';
import { useCompany } from '../api/get-company';

/** /member/settings' 我的公司 panel: the member's company and role, or the way to create or join one. */
export function CompanySummary() {
  return (
    <QueryView query={useCompany()} loading={<Skeleton lines={2} />} compact>
      {({ company, role, invites }) =>
        company && role ? (
          <p>
            您是「{company.name}」的{COMPANY_ROLE_LABELS[role]}。{' '}
            <Link to={paths.member.company()}>查看公司与成员</Link>
          </p>
        ) : (
          <p>
            {invites.length > 0
              ? `您有 ${invites.length} 个公司邀请待接受。`
              : '以公司名义采购，与同事共用地址与价格等级。'}{' '}
            <Link to={paths.member.company()} className="btn btn-primary">
              {invites.length > 0 ? '查看邀请' : '创建公司'}
            </Link>
          </p>
        )
      }
    </QueryView>
  );
}
