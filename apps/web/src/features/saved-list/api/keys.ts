/** Query keys of the saved-list feature (docs/conventions.md key factory). */
export const savedListKeys = {
  all: ['saved-list'] as const,
  /** The member's lists (one answer: the lists are few). */
  lists: () => [...savedListKeys.all, 'list'] as const,
  details: () => [...savedListKeys.all, 'detail'] as const,
  detail: (id: number) => [...savedListKeys.details(), id] as const,
};
