import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { ADDRESS_BOOKS, type AddressBook } from '../address-book';
import { addressKeys } from './keys';

export function deleteAddress(book: AddressBook, id: number): Promise<unknown> {
  return request(ADDRESS_BOOKS[book].delete, { id });
}

/** Deletes an address; the book is reloaded afterwards (spec §4 'Address state'). */
export function useDeleteAddress(book: AddressBook) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteAddress(book, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.list(book) }),
  });
}
