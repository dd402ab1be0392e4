import { type GoodsQuery, type LinkItem, linkDestination } from '@shop/domain';
import { QueryView } from '@/components/query-view';
import { CardGridSkeleton } from '@/components/skeleton';
import { SmartLink } from '@/components/smart-link';
import { useGoodsList } from '../api/get-goods-list';
import { ProductCard } from './product-card';

export interface GoodsFloorProps {
  title: string;
  subtitle?: string;
  link?: LinkItem;
  query: GoodsQuery;
  size: number;
}

/** A home product floor (spec §3 'Home page info' goodsFloor): its query's first `size` goods as cards. */
export function GoodsFloor({ title, subtitle, link, query, size }: GoodsFloorProps) {
  const list = useGoodsList({ ...query, pageNo: 1, pageSize: size });
  return (
    <section className="home-section goods-floor" aria-label={title}>
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
