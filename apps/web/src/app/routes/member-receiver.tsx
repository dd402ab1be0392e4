import { AntdProvider } from '@/components/antd-provider';
import { AddressBookView } from '@/features/address/components/address-book-view';

/** The member's receiver address book (spec §2 /member/receiver). */
export function Component() {
  return (
    <AntdProvider>
      <AddressBookView book="receiver" />
    </AntdProvider>
  );
}
