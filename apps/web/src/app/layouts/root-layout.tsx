import { StorageKey } from '@shop/domain';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { PageSkeleton } from '@/components/skeleton';
import { Toaster } from '@/components/toaster';
import { guestCart } from '@/features/cart/guest-cart-store';
import { useCartLoginSync } from '@/features/cart/sync-on-login';
import { reloadPageCurrency } from '@/lib/page-currency';
import { syncSessionFromStorage } from '@/lib/session';
import { useLiveUpdates } from '../live-updates';
import { RouteGuard } from '../route-guard';
import { documentTitle, usePageTitleOverride, useRouteTitle } from '../route-handle';
import { AuthModalHost } from './auth-modal-host';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The first path segment, e.g. 'member' for /member/settings. */
const section = (pathname: string) => pathname.split('/')[1] ?? '';

/** The shop frame around every page: header, guarded page, footer, toasts (docs/design.md 'Layout'). */
export function RootLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  const routeTitle = useRouteTitle();
  // A product, brand or article page names the tab after what it shows once that has loaded.
  const title = usePageTitleOverride() ?? routeTitle;
  // Spec §4 'Cart sync on login': the guest cart is merged into the member's cart right after a login.
  useCartLoginSync();
  // Unread messages and ticket replies arrive without a reload (docs/design.md 'Live updates').
  useLiveUpdates();

  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);

  // Another tab logged in/out, switched currency or changed the guest cart: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === StorageKey.token || event.key === null) syncSessionFromStorage();
      if (event.key === StorageKey.pageCurrency || event.key === null) reloadPageCurrency();
      if (event.key === StorageKey.cartInfo || event.key === null) guestCart.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // While the next page's code downloads, show its skeleton rather than the old page (spec §2).
  // Moves inside one section (the member area) keep their frame; that layout shows its own placeholder.
  const pending = navigation.state === 'loading' ? navigation.location : undefined;
  const showSkeleton = pending !== undefined && section(pending.pathname) !== section(location.pathname);

  // Spec §2: the supplier area sits inside a wrapper of its own (layouts/supplier-layout), not the shop's frame.
  if (section(location.pathname) === 'supplier') {
    return (
      <div className="app-shell supplier-shell">
        <a href="#main" className="skip-link">
          {location.pathname.startsWith('/supplier/en') ? 'Skip to content' : '跳到正文'}
        </a>
        {showSkeleton ? (
          <PageSkeleton />
        ) : (
          <RouteGuard>
            <Outlet />
          </RouteGuard>
        )}
        <Toaster />
        <ScrollRestoration />
      </div>
    );
  }

  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        跳到正文
      </a>
      <SiteHeader />
      <main id="main" className="site-main">
        {showSkeleton ? (
          <div className="container">
            <PageSkeleton />
          </div>
        ) : (
          <RouteGuard>
            <Outlet />
          </RouteGuard>
        )}
      </main>
      <SiteFooter />
      <Toaster />
      <AuthModalHost />
      {/* Spec §2: a new page (link, search, pager) starts at the top; back and forward return to where the
          shopper was, the list drawn at once from the query cache so the page is tall enough to get there. */}
      <ScrollRestoration />
    </div>
  );
}
