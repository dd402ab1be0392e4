import { type AdItem, linkDestination } from '@shop/domain';
import { useEffect, useState } from 'react';
import { ProductImage } from '@/components/product-image';
import { SmartLink } from '@/components/smart-link';
import '../home.css';

const ADVANCE_MS = 5000;

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/**
 * The home carousel (spec §3 'Home page info' swiperAd): one slide at a time, moving on by itself every 5 s
 * (not while hovered or focused, nor with reduced motion), with previous/next buttons and dots.
 */
export function Carousel({ items }: { items: AdItem[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = items.length;

  useEffect(() => {
    if (count < 2 || paused || prefersReducedMotion()) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), ADVANCE_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  if (count === 0) return null;
  const go = (next: number) => setIndex((next + count) % count);

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label="首页推荐"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
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
          >
            <SmartLink to={linkDestination(item.link)} label={item.title ?? `推荐 ${i + 1}`}>
              <ProductImage
                path={item.image}
                alt={item.title ?? ''}
                width={880}
                height={340}
                lazy={i !== 0}
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
