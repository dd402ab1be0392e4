import { categoryNavView } from '@shop/domain';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useCategories } from '../api/get-categories';
import { listHref, type ProductListFilters } from '../list-filters';
import '../catalogue.css';

/**
 * The category breadcrumb and the sub-category chips of the product list. A category without children shows
 * its siblings, so the shopper can move sideways. Other filters are kept when the category changes.
 */
export function CategoryNav({ filters }: { filters: ProductListFilters }) {
  const { data: roots = [] } = useCategories();
  const { chain, chips, showAll } = categoryNavView(roots, filters.cateId);
  const current = chain.at(-1);

  return (
    <div className="category-nav">
      <nav aria-label="分类路径" className="breadcrumb">
        <Link to={paths.home()}>首页</Link>
        <span aria-hidden="true">›</span>
        {chain.length === 0 ? (
          <span aria-current="page">全部商品</span>
        ) : (
          <>
            <Link to={listHref(filters, { cateId: undefined })}>全部商品</Link>
            {chain.map((node, i) => (
              <span key={node.id} className="breadcrumb-part">
                <span aria-hidden="true">›</span>
                {i === chain.length - 1 ? (
                  <span aria-current="page">{node.name}</span>
                ) : (
                  <Link to={listHref(filters, { cateId: node.id })}>{node.name}</Link>
                )}
              </span>
            ))}
          </>
        )}
      </nav>
      {chips.length > 0 && (
        <nav className="chips" aria-label="子分类">
          {showAll && (
            <Link
              className="chip"
              aria-current={current ? undefined : 'true'}
              to={listHref(filters, { cateId: current?.id })}
            >
              全部
            </Link>
          )}
          {chips.map((node) => (
            <Link
              key={node.id}
              className="chip"
              aria-current={node.id === current?.id ? 'true' : undefined}
              to={listHref(filters, { cateId: node.id })}
            >
              {node.name}
            </Link>
          ))}
        </nav>
      )}
    </div>
  );
}
