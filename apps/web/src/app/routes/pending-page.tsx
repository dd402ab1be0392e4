import { Link, useMatches } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/lib/paths';
import { MEMBER_ROUTE_ID, useRouteTitle } from '../route-handle';

/**
 * The screen of a route whose content is built in a later issue: its real title in the real layout and
 * an honest notice, never invented data.
 */
export function Component() {
  const title = useRouteTitle();
  const matches = useMatches();
  // Inside the member area the member layout already shows the title.
  const inMemberArea = matches.some((m) => m.id === MEMBER_ROUTE_ID);
  return (
    <div className={inMemberArea ? undefined : 'container'}>
      {!inMemberArea && title && <h1 className="page-title">{title}</h1>}
      <EmptyState
        title="该页面正在建设中"
        description="此功能即将开放，敬请期待。"
        actions={
          <>
            <Link to={paths.home()} className="btn">
              返回首页
            </Link>
            <Link to={paths.products()} className="btn btn-primary">
              浏览商品
            </Link>
          </>
        }
      />
    </div>
  );
}
