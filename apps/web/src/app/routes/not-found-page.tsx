import { Link } from 'react-router';
import { paths } from '@/lib/paths';

/** Spec §2: /404 and any unmatched path. */
export function NotFoundPage() {
  return (
    <div className="container not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>页面不存在</h1>
      <p className="muted">您访问的页面可能已被移除，或地址输入有误。</p>
      <Link to={paths.home()} className="btn btn-primary">
        返回首页
      </Link>
    </div>
  );
}
