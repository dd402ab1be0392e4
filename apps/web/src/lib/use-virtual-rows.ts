import { type RefObject, useCallback, useLayoutEffect, useState } from 'react';

/** The rows a scrolling box shows now (with a few more each side), and the space the others take. */
export interface VirtualRows {
  /** First row to render. */
  start: number;
  /** One past the last row to render. */
  end: number;
  /** Pixels above the first rendered row, and below the last one. */
  padTop: number;
  padBottom: number;
  /** Scrolls the box so that the row is in view (the quantity column's keyboard moves use it). */
  scrollToRow: (index: number) => void;
}

/**
 * Windowing for a long list of fixed-height rows in a scrolling box: only the rows in view (plus `overscan`
 * each side) are rendered, so a sheet of thousands of rows costs what a page of them does. The box's height is
 * followed with a ResizeObserver; without one (tests) the first `overscan * 4` rows are shown.
 */
export function useVirtualRows(
  box: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
  { overscan = 8, headerHeight = 0 }: { overscan?: number; headerHeight?: number } = {},
): VirtualRows {
  const [view, setView] = useState({ top: 0, height: overscan * 4 * rowHeight });

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const read = () =>
      setView((old) => {
        const top = element.scrollTop;
        const height = element.clientHeight || old.height;
        return old.top === top && old.height === height ? old : { top, height };
      });
    read();
    element.addEventListener('scroll', read, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', read);
      observer?.disconnect();
    };
  }, [box]);

  const scrollToRow = useCallback(
    (index: number) => {
      const element = box.current;
      if (!element) return;
      const rowTop = headerHeight + index * rowHeight;
      const visibleTop = element.scrollTop + headerHeight;
      const visibleBottom = element.scrollTop + element.clientHeight;
      if (rowTop < visibleTop) element.scrollTop = rowTop - headerHeight;
      else if (rowTop + rowHeight > visibleBottom)
        element.scrollTop = rowTop + rowHeight - element.clientHeight;
    },
    [box, rowHeight, headerHeight],
  );

  const first = Math.floor(Math.max(0, view.top - headerHeight) / rowHeight);
  const start = Math.max(0, Math.min(count, first - overscan));
  const end = Math.min(count, first + Math.ceil(view.height / rowHeight) + overscan);
  return {
    start,
    end,
    padTop: start * rowHeight,
    padBottom: Math.max(0, (count - end) * rowHeight),
    scrollToRow,
  };
}
