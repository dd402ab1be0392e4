import { type AdItem, CAROUSEL_IMAGE_WIDTH, linkDestination } from '@shop/domain';
import { type RefObject, type TouchEvent, useEffect, useRef, useState } from 'react';
import { ProductImage } from '@/components/product-image';
import { SmartLink } from '@/components/smart-link';
import '../home.css';

const ADVANCE_MS = 5000;
/** A horizontal finger move this long (CSS px) turns the slide. */
const SWIPE_PX = 40;

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/**
 * Whether the element is on screen in a tab the shopper is looking at: a carousel scrolled away or in a hidden tab
 * stays on its slide instead of drawing slides no one sees (ADR 047). Where the browser cannot tell, true.
 */
function useSeen(ref: RefObject<Element | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || !document.hidden);
  useEffect(() => {
    const onVisibility = () => setVisible(!document.hidden);
    document.addEventListener('visibilitychange', onVisibility);
    const element = ref.current;
    const observer =
      element && typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver((entries) => {
            const last = entries.at(-1);
            if (last) setOnScreen(last.isIntersecting);
          })
        : undefined;
    if (element) observer?.observe(element);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      observer?.disconnect();
    };
  }, [ref]);
  return onScreen && visible;
}

/**
 * The home carousel (spec §3 'Home page info' swiperAd): one slide at a time, moving on by itself every 5 s
 * (not while hovered or focused, scrolled out of sight or in a hidden tab, nor with reduced motion), with previous/next buttons and dots, and a
 * horizontal swipe on touch screens.
 */
export function Carousel({ items }: { items: AdItem[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = items.length;
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  const section = useRef<HTMLElement>(null);
  const seen = useSeen(section);

  useEffect(() => {
    if (count < 2 || paused || !seen || prefersReducedMotion()) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), ADVANCE_MS);
    return () => clearInterval(timer);
  }, [count, paused, seen]);

  if (count === 0) return null;
  const go = (next: number) => setIndex((next + count) % count);
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch || count < 2) return;
    const dx = touch.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(touch.clientY - start.y))
      go(index + (dx < 0 ? 1 : -1));
  };

  return (
    <section
      ref={section}
      className="carousel"
      aria-roledescription="carousel"
      aria-label="首页推荐"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <div className="carousel-track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {items.map((item, i) => (
          // biome-ignore lint/a11y/useSemanticElements: a carousel slide (WAI-ARIA carousel pattern), not a form fieldset
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: template order
            key={i}
            className="carousel-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${count}`}
            aria-hidden={i !== index}
            // A slide out of sight takes no focus and no clicks: its link is not in the tab order.
            inert={i !== index}
          >
            <SmartLink
              to={linkDestination(item.link)}
              label={item.title ?? `推荐 ${i + 1}`}
              tabIndex={i === index ? undefined : -1}
            >
              <ProductImage
                path={item.image}
                alt={item.title ?? ''}
                width={CAROUSEL_IMAGE_WIDTH}
                height={CAROUSEL_IMAGE_WIDTH / 3}
                lazy={i !== 0}
                priority={i === 0}
                className="carousel-image"
              />
            </SmartLink>
          </div>
        ))}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="carousel-arrow carousel-prev"
            aria-label="上一张"
            onClick={() => go(index - 1)}
          >
            ‹
          </button>
          <button
            type="button"
            className="carousel-arrow carousel-next"
            aria-label="下一张"
            onClick={() => go(index + 1)}
          >
            ›
          </button>
          <div className="carousel-dots">
            {items.map((item, i) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: template order
                key={i}
                type="button"
                className="carousel-dot"
                aria-label={`第 ${i + 1} 张${item.title ? `：${item.title}` : ''}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
