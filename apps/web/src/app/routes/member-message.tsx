import { MessageListView } from '@/features/service/components/message-list-view';

/** The member's messages (spec §2 /member/message). Plain markup: no component library needed. */
export function Component() {
  return <MessageListView />;
}
