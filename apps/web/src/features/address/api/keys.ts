import type { AddressBook } from '../address-book';

/** Query keys of the address feature (docs/conventions.md key factory). */
export const addressKeys = {
  all: ['address'] as const,
  lists: () => [...addressKeys.all, 'list'] as const,
  list: (book: AddressBook) => [...addressKeys.lists(), book] as const,
  regionTree: () => [...addressKeys.all, 'region-tree'] as const,
  stateSuburbs: (state: string) => [...addressKeys.all, 'state-suburbs', state] as const,
};
