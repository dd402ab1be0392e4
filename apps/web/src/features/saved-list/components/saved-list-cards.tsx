import { Link } from 'react-router';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { formatDateTime } from '@/lib/date';
import { paths } from '@/lib/paths';
import { useSavedLists } from '../api/get-saved-lists';
import '../saved-list.css';

/** '我的清单': the member's saved lists as cards (name, lines, last change), each opening its detail. */
export function SavedListCards() {
  const lists = useSavedLists();
  return (
    <QueryView
      query={lists}
      loading={<Skeleton lines={3} />}
      isEmpty={(data) => data.items.length === 0}
      empty="还没有清单。在购物车或订单详情中点“存为清单”，把常买的商品存起来，下次一键加入购物车。"
      compact
    >
      {(data) => (
        <>
          <ul className="saved-list-cards">
            {data.items.map((list) => (
              <li key={list.id}>
                <Link className="saved-list-card panel" to={paths.user.order({ list: list.id })}>
                  <span className="saved-list-card-name">{list.name}</span>
                  <span className="muted">
                    {list.lineCount} 种商品 · 更新于 {formatDateTime(list.updatedAt)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <p className="muted saved-list-count">
            已有 {data.items.length} 个清单，最多 {data.limit} 个
          </p>
        </>
      )}
    </QueryView>
  );
}
