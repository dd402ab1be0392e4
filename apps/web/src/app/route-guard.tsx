import { classifyRoute } from '@shop/domain';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Skeleton } from '@/components/skeleton';
import { useCurrentMember } from '@/features/member/api/get-current-member';
import { paths } from '@/lib/paths';
import { useIsLoggedIn, useSession } from '@/lib/session';
import { useAgreementLinks } from './agreement-links';

const AuthTabs = lazy(() => import('@/features/member/components/auth-tabs'));

/**
 * Spec §2 'Route guard': a visitor on a members-only path sees the login/register forms in place of the
 * page; once logged in the page continues (spec §4 'Login': the page reloads after 2000 ms). A member whose
 * password staff reset is held on /member/security until they set a new one (the API refuses them everything
 * else meanwhile).
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const loggedIn = useIsLoggedIn();
  const member = useCurrentMember();
  // The hold kept beside the token decides before current/ answers, so a reload on another member page asks
  // none of that page's calls (they would be refused).
  const held = useSession((s) => s.passwordChangeRequired);
  if (!loggedIn && classifyRoute(pathname).loginRequired) return <LoginRequired />;
  if (loggedIn && (held || member.data?.mustChangePassword) && pathname !== paths.member.security())
    return <Navigate to={paths.member.security()} replace />;
  return children;
}

/** The login/register panel shown in place of a page a visitor may not see. */
export function LoginRequired() {
  const agreements = useAgreementLinks();
  return (
    <section className="container login-required">
      <div className="panel login-required-panel">
        <h1 className="login-required-title">请先登录</h1>
        <p className="muted">该页面仅对会员开放，请登录后继续；还没有账号可以免费注册。</p>
        <Suspense fallback={<Skeleton lines={3} />}>
          <AuthTabs agreements={agreements} />
        </Suspense>
      </div>
    </section>
  );
}
