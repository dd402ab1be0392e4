import { type GoodsQuery, type LinkItem, linkDestination } from '@shop/domain';
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
  const { data, isPending, isError, refetch } = useGoodsList({ ...query, pageNo: 1, pageSize: size });
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
      {isPending ? (
        <CardGridSkeleton count={Math.min(size, 4)} />
      ) : isError ? (
        <p className="home-floor-error">
          商品加载失败。
          <button type="button" className="link-button" onClick={() => void refetch()}>
            重试
          </button>
        </p>
      ) : data.items.length === 0 ? (
        <p className="muted">暂无商品</p>
      ) : (
        <div className="product-card-grid">
          {data.items.map((goods) => (
            <ProductCard key={goods.id} goods={goods} />
          ))}
        </div>
      )}
    </section>
  );
}
