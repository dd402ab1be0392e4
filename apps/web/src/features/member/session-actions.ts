import { classifyRoute, LOGIN_RELOAD_DELAY_MS, LOGOUT_RELOAD_DELAY_MS } from '@shop/domain';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { page } from '@/lib/page';
import { currentRouterPathname, paths, toDocumentUrl } from '@/lib/paths';
import { clearSession, runAfterLoginTasks, startSession } from '@/lib/session';
import { currentMemberQueryOptions } from './api/get-current-member';
import { wechatBind } from './api/wechat-bind';

/**
 * After a successful login or registration (spec §4 'Login'), by password or by a QR scan: keep the token
 * (localStorage + cookie), load the member, run the after-login tasks (cart sync), then after 2000 ms reload the
 * page, or go to / when the address carries loginAlert=true (spec §2 'After-action destinations'). With
 * `bindTicket` (登录并绑定 / 注册并绑定 after a scan by an unbound chat-app user) the scanned identity is bound to the
 * member first; a refused binding is said in a toast and the login stands.
 */
export async function completeLogin(
  queryClient: QueryClient,
  token: string,
  successMessage = '登录成功',
  bindTicket?: string,
) {
  startSession(token, { awaitMember: true });
  notify.success(successMessage);
  let held = false;
  try {
    const member = await queryClient.fetchQuery(currentMemberQueryOptions());
    // Staff reset the password: nothing else may be asked until a new one is set (the route guard says so).
    held = member.mustChangePassword === true;
    if (bindTicket && !held) await wechatBind({ ticket: bindTicket, memberId: member.id });
  } catch (error) {
    // A failed member fetch was reported by the shared handler; the reload below fetches it again.
    if (isApiError(error) && bindTicket) notify.error(error.message);
  }
  // The cart sync waits for the new password too (runs once it is set: update-password.ts).
  if (!held) await runAfterLoginTasks();
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
