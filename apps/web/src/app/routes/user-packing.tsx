import { PackingListView } from '@/features/order/components/packing-list-view';
import { useIsLoggedIn } from '@/lib/session';
import { UserPageHead } from '../layouts/user-page-nav';
import { LoginRequired } from '../route-guard';

/**
 * 装箱单 (spec §2 /user/packing; ADR 018). The guard's lists leave this path out (an unknown page, not one that
 * needs login), so the page asks a visitor to log in itself, with the guard's own login panel.
 */
export function Component() {
  const loggedIn = useIsLoggedIn();
  if (!loggedIn) return <LoginRequired />;
  return (
    <div className="container user-page">
      <UserPageHead title="装箱单" />
      <PackingListView />
    </div>
  );
}
