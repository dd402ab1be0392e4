import { AntdProvider } from '@/components/antd-provider';
import { TicketListView } from '@/features/service/components/ticket-list-view';

/** The member's support tickets and the 新建工单 form (spec §2 /member/supportticket). */
export function Component() {
  return (
    <AntdProvider>
      <TicketListView />
    </AntdProvider>
  );
}
