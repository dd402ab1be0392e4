import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { toApiError } from '@/lib/api-client';
import { EmptyState, ErrorState } from './empty-state';
import { PageSkeleton } from './skeleton';

/**
 * The three states every page-level read shows the same way: a skeleton while loading, the error with a retry,
 * an empty message when there is nothing, else the content.
 */
export function QueryView<T>({
  query,
  isEmpty,
  emptyTitle,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  emptyTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) {
    return <ErrorState message={toApiError(query.error).message} onRetry={() => void query.refetch()} />;
  }
  if (isEmpty(query.data)) return <EmptyState title={emptyTitle} />;
  return <>{children(query.data)}</>;
}
