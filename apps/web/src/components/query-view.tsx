import type { ReactNode } from 'react';
import { isNotFound, toApiError } from '@/lib/api-client';
import { EmptyState, ErrorState } from './empty-state';
import { PageSkeleton, Skeleton } from './skeleton';

/**
 * What QueryView reads of a read: TanStack Query's result fits as it is, and so does a model that joins several
 * reads (the cart of a visitor or a member, the payment page's order and member).
 */
export interface QueryState<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface QueryViewProps<T> {
  query: QueryState<T>;
  children: (data: T) => ReactNode;
  /** The placeholder while the first data loads; a page skeleton unless given (a small one when compact). */
  loading?: ReactNode;
  /** When it says true the content is replaced by `empty`. */
  isEmpty?: (data: T) => boolean;
  /** A title for the empty state (a muted line when compact), or the whole empty state. */
  empty?: ReactNode;
  /** Shown instead of the error when the API answers that the thing does not exist (spec §8 NotFound). */
  notFound?: ReactNode;
  /** The failure in the page's own words, instead of the API's message. */
  errorMessage?: string;
  /** Inside a section of a page (a home floor, a parcel's tracking): one line for the error and the empty state. */
  compact?: boolean;
}

/**
 * The one way a query-driven view shows its states (spec §2 'skeleton while a page loads', §8 failures): the
 * placeholder while loading, the not-found state, the error with 重新加载 (which asks again), the empty state,
 * else the content.
 */
export function QueryView<T>({
  query,
  children,
  loading,
  isEmpty,
  empty,
  notFound,
  errorMessage,
  compact = false,
}: QueryViewProps<T>) {
  if (query.isError) {
    if (notFound !== undefined && isNotFound(query.error)) return <>{notFound}</>;
    const message = errorMessage ?? toApiError(query.error).message;
    const retry = () => void query.refetch();
    if (compact) {
      return (
        <p className="query-inline-error" role="alert">
          {message}
          <button type="button" className="link-button" onClick={retry}>
            重新加载
          </button>
        </p>
      );
    }
    return <ErrorState message={message} onRetry={retry} />;
  }
  if (query.isPending || query.data === undefined) {
    return <>{loading ?? (compact ? <Skeleton lines={2} title={false} /> : <PageSkeleton />)}</>;
  }
  const data = query.data;
  if (isEmpty?.(data)) {
    if (typeof empty !== 'string') return <>{empty ?? null}</>;
    return compact ? <p className="muted">{empty}</p> : <EmptyState title={empty} />;
  }
  return <>{children(data)}</>;
}
