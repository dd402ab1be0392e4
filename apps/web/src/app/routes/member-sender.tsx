import { AntdProvider } from '@/components/antd-provider';
import { AddressBookView } from '@/features/address/components/address-book-view';

/** The member's sender address book (spec §2 /member/sender). */
export function Component() {
  return (
    <AntdProvider>
      <AddressBookView book="sender" />
    </AntdProvider>
  );
}
