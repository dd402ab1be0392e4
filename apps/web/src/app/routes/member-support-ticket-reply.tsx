import { useParams } from 'react-router';
import { AntdProvider } from '@/components/antd-provider';
import { TicketThreadView } from '@/features/service/components/ticket-thread-view';
import { positiveIntParam } from '@/lib/params';

/** One ticket's conversation (spec §2 /member/supportticketreply/{id}). */
export function Component() {
  const { id } = useParams();
  return (
    <AntdProvider>
      <TicketThreadView ticketId={positiveIntParam(id)} />
    </AntdProvider>
  );
}
