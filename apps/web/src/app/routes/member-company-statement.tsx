import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { useCompany } from '@/features/company/api/get-company';
import { StatementView } from '@/features/company/components/statement-view';
import { useCurrentMember } from '@/features/member/api/get-current-member';
import { memberKeys } from '@/features/member/api/keys';
import { paymentKeys } from '@/features/payment/api/keys';
import { paths } from '@/lib/paths';
import '@/features/company/company.css';

/**
 * 对账单 (issue #38): the company's account invoices and credit for any member of a company, with the member's role
 * (an admin settles invoices from their deposit, whose balances come from the member). A member in no company is
 * sent to 我的公司.
 */
export function Component() {
  const member = useCurrentMember();
  const queryClient = useQueryClient();
  return (
    <QueryView query={useCompany()} loading={<Skeleton lines={6} />}>
      {({ company, role }) =>
        company && role ? (
          <StatementView
            role={role}
            balances={member.data}
            onBalanceChanged={() => {
              void queryClient.invalidateQueries({ queryKey: memberKeys.current() });
              // Settling an overdue invoice may lift the block on paying on account.
              void queryClient.invalidateQueries({ queryKey: paymentKeys.configs() });
            }}
          />
        ) : (
          <EmptyState
            title="您尚未加入公司"
            description="加入或创建公司后，可在这里查看公司的账期账单。"
            actions={
              <Link to={paths.member.company()} className="btn btn-primary">
                前往我的公司
              </Link>
            }
          />
        )
      }
    </QueryView>
  );
}
