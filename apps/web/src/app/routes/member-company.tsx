import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AntdProvider } from '@/components/antd-provider';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { useCompany } from '@/features/company/api/get-company';
import { CompanyCreateForm } from '@/features/company/components/company-create-form';
import { CompanyView } from '@/features/company/components/company-view';
import { InvitesForMe } from '@/features/company/components/invites-for-me';
import { useCurrentMember } from '@/features/member/api/get-current-member';
import { orderKeys } from '@/features/order/api/keys';
import { paths } from '@/lib/paths';
import '@/features/company/company.css';

/**
 * 我的公司 (issue #38): the member's company with its order approvals and members, or, for a member in none, the invites sent to
 * their verified phone or e-mail and the form that creates a company.
 */
export function Component() {
  const me = useCurrentMember().data?.id;
  const queryClient = useQueryClient();
  return (
    <AntdProvider>
      <QueryView query={useCompany()} loading={<Skeleton lines={6} />}>
        {(detail) =>
          detail.company ? (
            <CompanyView
              detail={{ ...detail, company: detail.company }}
              me={me}
              onOrdersChanged={() => void queryClient.invalidateQueries({ queryKey: orderKeys.all })}
            />
          ) : (
            <div className="panel-stack">
              <section className="panel" aria-labelledby="company-invites-title">
                <h2 className="panel-title" id="company-invites-title">
                  待接受的邀请
                </h2>
                {detail.invites.length > 0 ? (
                  <InvitesForMe invites={detail.invites} />
                ) : (
                  <p className="muted">
                    暂无邀请。公司管理员按手机号或邮箱邀请您；请先在
                    <Link to={paths.member.settings()}>「个人资料 › 联系方式与验证」</Link>
                    验证它，邀请会显示在这里。
                  </p>
                )}
              </section>
              <section className="panel" aria-labelledby="company-create-title">
                <h2 className="panel-title" id="company-create-title">
                  创建公司
                </h2>
                <p className="muted">
                  以公司名义采购：创建后您是公司的管理员，可邀请采购员和查看者，为采购员设置额度。
                </p>
                <CompanyCreateForm />
              </section>
            </div>
          )
        }
      </QueryView>
    </AntdProvider>
  );
}
