import type { Address } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { useMemberCallsOpen } from '@/lib/session';
import { ADDRESS_BOOKS, type AddressBook } from '../address-book';
import { addressKeys } from './keys';

export function getAddressList(book: AddressBook, signal?: AbortSignal): Promise<Address[]> {
  return request(ADDRESS_BOOKS[book].list, {}, { signal });
}

/**
 * An address book (spec §4 'Address state'): cached, member data (dropped on logout with the rest of the
 * member's data, spec §4 'Logout').
 */
export function addressListQueryOptions(book: AddressBook) {
  return queryOptions({
    queryKey: addressKeys.list(book),
    queryFn: ({ signal }) => getAddressList(book, signal),
    meta: { memberScoped: true },
  });
}

/** Spec §5: an address list is fetched only when the user is logged in. */
export function useAddressList(book: AddressBook) {
  const loggedIn = useMemberCallsOpen();
  return useQuery({ ...addressListQueryOptions(book), enabled: loggedIn });
}
