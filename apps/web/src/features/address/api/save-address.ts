import type { Address, AddressSaveRequest } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { ADDRESS_BOOKS, type AddressBook } from '../address-book';
import { addressKeys } from './keys';

/** saveOrUpdate/: without id creates, with id updates the member's own entry. */
export function saveAddress(book: AddressBook, body: AddressSaveRequest): Promise<Address> {
  return request(ADDRESS_BOOKS[book].save, body);
}

/** Saves an address; the book is reloaded afterwards (spec §4 'Address state'). */
export function useSaveAddress(book: AddressBook) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddressSaveRequest) => saveAddress(book, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.list(book) }),
  });
}
