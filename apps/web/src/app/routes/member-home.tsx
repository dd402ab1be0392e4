import { MemberOverview } from '@/features/member/components/member-overview';

export function Component() {
  return <MemberOverview />;
}
