import { isRouteErrorResponse, useRouteError } from 'react-router';
import { page } from '@/lib/page';
import { NotFoundPage } from './not-found-page';

/** A page that failed to load or render. A stale chunk after a new release is fixed by reloading. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <div className="container not-found" role="alert">
      <h1>页面加载失败</h1>
      <p className="muted">可能是网络不稳定或商城刚刚更新，请刷新后重试。</p>
      <button type="button" className="btn btn-primary" onClick={() => page.reload()}>
        刷新页面
      </button>
    </div>
  );
}
