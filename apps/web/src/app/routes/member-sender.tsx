import { AntdProvider } from '@/components/antd-provider';
import { AddressBookView } from '@/features/address/components/address-book-view';
import { useCompany } from '@/features/company/api/get-company';
import { useReturnTarget } from '@/lib/return-to';

/** The member's sender address book (spec §2 /member/sender); `?from=` names the page to go back to. */
export function Component() {
  const returnTo = useReturnTarget();
  // A company's admin may save an address for the whole company (issue #38).
  const canShare = useCompany().data?.role === 'admin';
  return (
    <AntdProvider>
      <AddressBookView book="sender" returnTo={returnTo} canShare={canShare} />
    </AntdProvider>
  );
}
