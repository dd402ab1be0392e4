import { AntdProvider } from '@/components/antd-provider';
import { AddressBookView } from '@/features/address/components/address-book-view';
import { useReturnTarget } from '@/lib/return-to';

/** The member's receiver address book (spec §2 /member/receiver); `?from=` names the page to go back to. */
export function Component() {
  const returnTo = useReturnTarget();
  return (
    <AntdProvider>
      <AddressBookView book="receiver" returnTo={returnTo} />
    </AntdProvider>
  );
}
