/** Query keys of the finance exports: the latest exports, and each one's progress. */
export const exportKeys = {
  all: ['exports'] as const,
  lists: () => [...exportKeys.all, 'list'] as const,
  details: () => [...exportKeys.all, 'detail'] as const,
  detail: (id: number) => [...exportKeys.details(), id] as const,
};
