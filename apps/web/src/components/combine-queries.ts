import type { QueryState } from './query-view';

/**
 * Several reads as one, for a view that needs them all: loading while any loads, failed while any failed (the
 * first failure is shown), and 重新加载 asks again for the ones that failed.
 */
export function combineQueries<R extends Record<string, QueryState<unknown>>>(
  queries: R,
): QueryState<{ [K in keyof R]: NonNullable<R[K]['data']> }> {
  const all = Object.values(queries);
  const failed = all.filter((q) => q.isError);
  const ready = all.every((q) => q.data !== undefined);
  return {
    data: ready
      ? (Object.fromEntries(Object.entries(queries).map(([key, q]) => [key, q.data])) as {
          [K in keyof R]: NonNullable<R[K]['data']>;
        })
      : undefined,
    isPending: all.some((q) => q.isPending),
    isError: failed.length > 0,
    error: failed[0]?.error ?? null,
    refetch: () => Promise.all(failed.map((q) => q.refetch())),
  };
}
