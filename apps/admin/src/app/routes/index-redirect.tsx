import { Result } from 'antd';
import { Navigate } from 'react-router';
import { paths } from '@/lib/paths';
import { pagesFor } from '../pages';
import { useSession } from '../session-context';

/** /admin opens the first page this staff member may open. */
export default function IndexRedirect() {
  const first = pagesFor(useSession())[0];
  if (!first) return <Result status="info" title="暂无可用页面" subTitle="你的角色暂时没有可以打开的页面" />;
  return <Navigate to={paths.page(first.path)} replace />;
}
