import { classifyRoute, LOGIN_RELOAD_DELAY_MS, LOGOUT_RELOAD_DELAY_MS } from '@shop/domain';
import type { QueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/notify';
import { page } from '@/lib/page';
import { currentRouterPathname, paths, toDocumentUrl } from '@/lib/paths';
import { clearSession, runAfterLoginTasks, startSession } from '@/lib/session';
import { currentMemberQueryOptions } from './api/get-current-member';

/**
 * After a successful login or registration (spec §4 'Login'): keep the token (localStorage + cookie),
 * load the member, run the after-login tasks (cart sync), then after 2000 ms reload the page, or go
 * to / when the address carries loginAlert=true (spec §2 'After-action destinations').
 */
export async function completeLogin(queryClient: QueryClient, token: string, successMessage = '登录成功') {
  startSession(token);
  notify.success(successMessage);
  try {
    await queryClient.fetchQuery(currentMemberQueryOptions());
  } catch {
    // Already reported by the shared handler; the reload below fetches it again.
  }
  await runAfterLoginTasks();
  const goHome = new URLSearchParams(window.location.search).get('loginAlert') === 'true';
  setTimeout(() => {
    if (goHome) page.assign(toDocumentUrl(paths.home()));
    else page.reload();
  }, LOGIN_RELOAD_DELAY_MS);
}

/**
 * Ends the member session in this browser (spec §4 'Logout'): token out of storage and cookie, member-only
 * cached data (user info, addresses, carts…) dropped, and a reload after 500 ms when the page is open to
 * visitors. On a members-only page the route guard shows the login panel instead.
 */
export function endSession(queryClient: QueryClient): void {
  clearSession();
  queryClient.removeQueries({ predicate: (query) => query.meta?.memberScoped === true });
  if (!classifyRoute(currentRouterPathname()).loginRequired) {
    setTimeout(() => page.reload(), LOGOUT_RELOAD_DELAY_MS);
  }
}
