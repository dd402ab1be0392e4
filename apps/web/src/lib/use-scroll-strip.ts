import { type RefObject, useLayoutEffect, useRef } from 'react';

/** The width of the edge fade in px; styles.css '[data-more]' masks the same width. */
const FADE = 24;

/** Marks which ends of the strip have items hidden past them (data-more: start, end or both), for the CSS fade. */
function markHidden(strip: HTMLElement): void {
  const max = strip.scrollWidth - strip.clientWidth;
  const start = strip.scrollLeft > 1;
  const end = strip.scrollLeft < max - 1;
  const more = start && end ? 'both' : start ? 'start' : end ? 'end' : '';
  if (more) strip.dataset.more = more;
  else delete strip.dataset.more;
}

/**
 * Scrolls the strip sideways (never the page: scrollIntoView would also move it up or down) so that the active
 * item is clear of the fades, centred when it has to move.
 */
function revealActive(strip: HTMLElement, selector: string): void {
  const max = strip.scrollWidth - strip.clientWidth;
  const item = strip.querySelector<HTMLElement>(selector);
  if (!item || max <= 0) return;
  const box = strip.getBoundingClientRect();
  const rect = item.getBoundingClientRect();
  const left = rect.left - box.left - strip.clientLeft;
  const clearStart = strip.scrollLeft > 0 ? FADE : 0;
  const clearEnd = strip.scrollLeft < max ? FADE : 0;
  if (left >= clearStart && left + rect.width <= strip.clientWidth - clearEnd) return;
  const centred = strip.scrollLeft + left - (strip.clientWidth - rect.width) / 2;
  strip.scrollLeft = Math.round(Math.max(0, Math.min(centred, max)));
}

/**
 * A menu or tab row that scrolls sideways on narrow screens (the member menu, the order tabs): the active item
 * (found by `activeSelector`) is scrolled into view when it changes, and the ends with hidden items fade.
 * `activeKey` names the active item (the path, the tab), so a change brings the new one into view.
 */
export function useScrollStrip<T extends HTMLElement>(
  activeSelector: string,
  activeKey: unknown,
): RefObject<T | null> {
  const ref = useRef<T>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: activeKey stands for the active item in the DOM
  useLayoutEffect(() => {
    const strip = ref.current;
    if (!strip) return;
    revealActive(strip, activeSelector);
    markHidden(strip);
  }, [activeSelector, activeKey]);

  useLayoutEffect(() => {
    const strip = ref.current;
    if (!strip) return;
    let width = strip.clientWidth;
    const onScroll = () => markHidden(strip);
    // A turned phone or a resized window: the strip may start or stop scrolling. Phones also send resize when
    // the address bar hides, which changes only the height: the shopper's own scrolling is then left alone.
    const onResize = () => {
      if (strip.clientWidth !== width) {
        width = strip.clientWidth;
        revealActive(strip, activeSelector);
      }
      markHidden(strip);
    };
    strip.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onResize);
    return () => {
      strip.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onResize);
    };
  }, [activeSelector]);

  return ref;
}
