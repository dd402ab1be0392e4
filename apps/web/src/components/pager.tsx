import { useEffect, useRef } from 'react';
import { EmptyState } from './empty-state';

/**
 * The page numbers to show: the first, the last, and `around` on each side of the current one, with null for
 * each gap ('…'). Ten pages or fewer (counting the gaps they would leave) are all shown.
 */
export function pageItems(pageNo: number, pageCount: number, around: number): (number | null)[] {
  const wanted = new Set([1, pageCount]);
  for (let p = pageNo - around; p <= pageNo + around; p += 1) if (p >= 1 && p <= pageCount) wanted.add(p);
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  for (const p of sorted) {
    const last = items.at(-1);
    if (typeof last === 'number' && p - last === 2) items.push(last + 1);
    else if (typeof last === 'number' && p - last > 2) items.push(null);
    items.push(p);
  }
  return items;
}

/**
 * Paging under a list (previous, page numbers with '…' for gaps, next); hidden when everything fits on one
 * page. Plain buttons, no component library, so the catalogue's pages stay light. `compact` shows one page on
 * each side of the current one instead of two (narrow lists, phones).
 */
export function Pager({
  pageNo,
  pageSize,
  totalCount,
  onChange,
  className = 'pager',
  compact = false,
}: {
  pageNo: number;
  pageSize: number;
  totalCount: number;
  onChange: (pageNo: number) => void;
  className?: string;
  compact?: boolean;
}) {
  const pageCount = Math.ceil(totalCount / pageSize);
  if (pageCount <= 1) return null;
  const current = Math.min(Math.max(1, pageNo), pageCount);
  const go = (p: number) => {
    if (p !== current && p >= 1 && p <= pageCount) onChange(p);
  };
  return (
    <nav className={`${className} page-nav`} aria-label="分页">
      <button
        type="button"
        className="page-step"
        title="上一页"
        aria-label="上一页"
        disabled={current === 1}
        onClick={() => go(current - 1)}
      >
        ‹
      </button>
      {pageItems(current, pageCount, compact ? 1 : 2).map((p, i) =>
        p === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity of its own
          <span key={`gap-${i}`} className="page-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className="page-number"
            title={String(p)}
            aria-label={`第 ${p} 页`}
            aria-current={p === current ? 'page' : undefined}
            onClick={() => go(p)}
          >
            {p}
          </button>
        ),
      )}
      <button
        type="button"
        className="page-step"
        title="下一页"
        aria-label="下一页"
        disabled={current === pageCount}
        onClick={() => go(current + 1)}
      >
        ›
      </button>
    </nav>
  );
}

/** The number of the last page of a list (1 for an empty one). */
export function lastPageNo(totalCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalCount / pageSize));
}

/**
 * Shown for a page past the last one (an old link, or goods gone since it was made): goes to the last page at
 * once, replacing the address, with a button back to it in case the move is held up.
 */
export function PastLastPage({ lastPage, onGo }: { lastPage: number; onGo: (pageNo: number) => void }) {
  const go = useRef(onGo);
  go.current = onGo;
  useEffect(() => {
    go.current(lastPage);
  }, [lastPage]);
  return (
    <EmptyState
      title="这一页已经没有商品了"
      actions={
        <button type="button" className="btn btn-primary" onClick={() => onGo(lastPage)}>
          回到第 {lastPage} 页
        </button>
      }
    />
  );
}
