import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/lib/paths';

/** Home (spec §2 '/'). The template blocks of spec §3 'Home page info' come with the catalogue issue. */
export function Component() {
  return (
    <div className="container home">
      <section className="home-hero">
        <h1>澳中批发商城</h1>
        <p>澳洲、中国多仓直供的会员批发商城，澳元与人民币都能结算。</p>
        <div className="home-hero-actions">
          <Link to={paths.products()} className="btn btn-primary">
            浏览全部商品
          </Link>
          <Link to={paths.brands()} className="btn">
            逛逛品牌馆
          </Link>
        </div>
      </section>
      <EmptyState
        title="首页精选正在建设中"
        description="推荐商品与活动专区即将上线，现在可以先按分类或品牌浏览。"
      />
    </div>
  );
}
