import { AntdProvider } from '@/components/antd-provider';
import { OldOrderListView } from '@/features/order/components/old-order-list-view';

/** The member's orders from the old system (spec §2 /member/oldOrder). */
export function Component() {
  return (
    <AntdProvider>
      <OldOrderListView />
    </AntdProvider>
  );
}
