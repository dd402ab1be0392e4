import { type GoodsQuery, type LinkItem, linkDestination } from '@shop/domain';
import { useRef } from 'react';
import { QueryView } from '@/components/query-view';
import { CardGridSkeleton } from '@/components/skeleton';
import { SmartLink } from '@/components/smart-link';
import { useNearViewport } from '@/lib/use-near-viewport';
import { useGoodsList } from '../api/get-goods-list';
import { ProductCard } from './product-card';

export interface GoodsFloorProps {
  title: string;
  subtitle?: string;
  link?: LinkItem;
  query: GoodsQuery;
  size: number;
}

/**
 * A home product floor (spec §3 'Home page info' goodsFloor): its query's first `size` goods as cards. A floor
 * further down fetches and draws its goods when the shopper scrolls near it (its skeleton holds the place), so
 * the top of the home page is not held up by the floors below it.
 */
export function GoodsFloor({ title, subtitle, link, query, size }: GoodsFloorProps) {
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section);
  const list = useGoodsList({ ...query, pageNo: 1, pageSize: size }, { enabled: near });
  return (
    // Until the shopper nears it, the floor's skeleton stands still: a shimmer below the screen is drawn every
    // frame for no one (ADR 047).
    <section
      ref={section}
      className={`home-section goods-floor${near ? '' : ' skeleton-still'}`}
      aria-label={title}
    >
      <header className="home-section-head">
        <h2>{title}</h2>
        {subtitle && <span className="muted">{subtitle}</span>}
        {link && (
          <SmartLink to={linkDestination(link)} className="home-section-more">
            查看更多 ›
          </SmartLink>
        )}
      </header>
      <QueryView
        query={list}
        compact
        loading={<CardGridSkeleton count={Math.min(size, 4)} />}
        errorMessage="商品加载失败。"
        isEmpty={(data) => data.items.length === 0}
        empty="暂无商品"
      >
        {(data) => (
          <div className="product-card-grid">
            {data.items.map((goods) => (
              <ProductCard key={goods.id} goods={goods} />
            ))}
          </div>
        )}
      </QueryView>
    </section>
  );
}
